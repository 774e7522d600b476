#include <gtest/gtest.h>
#include <sys/stat.h>

#include "storage/sqlite.hpp"
#include "testsupport/temp_dir.hpp"

using namespace plyjudge::storage;

TEST(Sqlite, InsertAndReadBackEveryType) {
    plyjudge::testing::TempDir dir;
    Database db(dir / "t.db");
    db.exec("CREATE TABLE t(i INTEGER, d REAL, s TEXT, n TEXT)");
    db.prepare("INSERT INTO t VALUES(?,?,?,?)").bindAll(std::int64_t{1} << 40, 2.5, std::string("a\0b", 3), std::optional<std::string>{}).run();
    auto q = db.prepare("SELECT i, d, s, n FROM t");
    ASSERT_TRUE(q.step());
    EXPECT_EQ(q.columnInt(0), std::int64_t{1} << 40);
    EXPECT_DOUBLE_EQ(q.columnDouble(1), 2.5);
    EXPECT_EQ(q.columnText(2), std::string("a\0b", 3));
    EXPECT_TRUE(q.isNull(3));
    EXPECT_FALSE(q.step());
}

TEST(Sqlite, TransactionRollsBackUnlessCommitted) {
    Database db(":memory:");
    db.exec("CREATE TABLE t(x INTEGER)");
    {
        Transaction tx(db);
        db.exec("INSERT INTO t VALUES(1)");
    }
    {
        Transaction tx(db);
        db.exec("INSERT INTO t VALUES(2)");
        tx.commit();
    }
    auto q = db.prepare("SELECT group_concat(x) FROM t");
    ASSERT_TRUE(q.step());
    EXPECT_EQ(q.columnText(0), "2");
}

TEST(Sqlite, DataSurvivesReopeningAndUsesWal) {
    plyjudge::testing::TempDir dir;
    {
        Database db(dir / "t.db");
        db.exec("CREATE TABLE t(x TEXT)");
        db.prepare("INSERT INTO t VALUES(?)").bind(1, "kept").run();
    }
    Database db(dir / "t.db");
    auto q = db.prepare("SELECT x FROM t");
    ASSERT_TRUE(q.step());
    EXPECT_EQ(q.columnText(0), "kept");
    auto mode = db.prepare("PRAGMA journal_mode");
    ASSERT_TRUE(mode.step());
    EXPECT_EQ(mode.columnText(0), "wal");
}

// A new database holds what only the grader may read: it and its WAL files are private whatever the umask.
TEST(Sqlite, ANewDatabaseAndItsWalFilesArePrivate) {
    plyjudge::testing::TempDir dir;
    const mode_t old = ::umask(0022);  // the usual one: it alone would give 0644
    Database db(dir / "t.db");
    db.exec("CREATE TABLE t(x TEXT)");
    db.prepare("INSERT INTO t VALUES(?)").bind(1, "hidden").run();
    ::umask(old);
    for (const char* file : {"t.db", "t.db-wal", "t.db-shm"}) {
        ASSERT_TRUE(std::filesystem::exists(dir / file)) << file;
        EXPECT_EQ(plyjudge::testing::fileMode(dir / file), 0600u) << file;
    }
}

TEST(Sqlite, ErrorsCarrySqlitesMessage) {
    Database db(":memory:");
    try {
        db.exec("SELECT * FROM missing");
        FAIL() << "no exception";
    } catch (const SqliteError& e) {
        EXPECT_NE(std::string(e.what()).find("no such table: missing"), std::string::npos) << e.what();
    }
    EXPECT_THROW(db.prepare("NOT SQL"), SqliteError);
}
