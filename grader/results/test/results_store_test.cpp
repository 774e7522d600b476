// The results store keeps each result, its first difference included, exactly as the grader produced it,
// and upgrades a database written before the difference had columns of its own.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include "grader/results/results_store.hpp"
#include "storage/sqlite.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::grader {
namespace {

using plyjudge::testing::TempDir;

CaseResult wrongAnswer() {
    CaseResult r;
    r.suite = "published";
    r.name = "case1";
    r.verdict = Verdict::WrongAnswer;
    r.maxPoints = 1;
    r.diagnosisKind = "leaf-value";
    r.message = "traverse_log.txt: wrong leaf value";
    FirstDifference d;
    d.file = "traverse_log.txt";
    d.line = 7;
    d.before = {"Node,Depth,Value", "", "root,0,-Infinity"};  // an empty line must survive as one
    d.expected = "a1,1,4";
    d.actual = std::nullopt;  // the program's file ended
    d.expectedAfter = {"b2,1,3", ""};
    d.actualAfter = {};
    r.difference = d;
    r.wallSeconds = 0.25;
    return r;
}

TEST(ResultsStore, KeepsTheFirstDifferenceStructured) {
    TempDir dir;
    {
        ResultsStore store(dir / "r.db", "assignment text");
        store.save("alice", wrongAnswer());
        CaseResult ok;
        ok.suite = "published";
        ok.name = "case2";
        ok.verdict = Verdict::Ok;
        ok.points = ok.maxPoints = 1;
        store.save("alice", ok);
    }
    ResultsStore store(dir / "r.db", "assignment text");
    const auto rows = store.all();
    ASSERT_EQ(rows.size(), 2u);
    const CaseResult& r = rows[0].result;
    ASSERT_TRUE(r.difference);
    const CaseResult original = wrongAnswer();
    const FirstDifference& want = *original.difference;
    EXPECT_EQ(r.difference->file, want.file);
    EXPECT_EQ(r.difference->line, want.line);
    EXPECT_EQ(r.difference->before, want.before);
    EXPECT_EQ(r.difference->expected, want.expected);
    EXPECT_EQ(r.difference->actual, want.actual);
    EXPECT_EQ(r.difference->expectedAfter, want.expectedAfter);
    EXPECT_EQ(r.difference->actualAfter, want.actualAfter);
    EXPECT_EQ(r.detail(), differenceText(want));
    EXPECT_FALSE(rows[1].result.difference);
    EXPECT_EQ(rows[1].result.verdict, Verdict::Ok);
}

TEST(ResultsStore, UpgradesADatabaseWithoutDifferenceColumns) {
    TempDir dir;
    {
        // The schema of plyjudge before the structured difference, with one row whose detail is text.
        storage::Database db(dir / "old.db");
        db.exec(
            "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
            "INSERT INTO meta VALUES('assignment', 'text');"
            "CREATE TABLE results(student TEXT NOT NULL, suite TEXT NOT NULL, case_name TEXT NOT NULL, verdict TEXT NOT NULL,"
            " points REAL NOT NULL, max_points REAL NOT NULL, diagnosis_kind TEXT NOT NULL, message TEXT NOT NULL,"
            " detail TEXT NOT NULL, wall_seconds REAL NOT NULL, cpu_seconds REAL NOT NULL, peak_memory INTEGER NOT NULL,"
            " bytes_written INTEGER NOT NULL, exit_code INTEGER NOT NULL, signal INTEGER NOT NULL, isolated INTEGER NOT NULL,"
            " finished_at TEXT NOT NULL DEFAULT 'x', PRIMARY KEY(student, suite, case_name));"
            "INSERT INTO results VALUES('bob','published','case1','runtime-error',0,1,'','exited with status 1',"
            " 'Traceback',0.1,0.1,0,0,1,0,0,'x');");
        // A read-only reader sees the old rows as they are.
        const auto rows = readStoredResults(db);
        ASSERT_EQ(rows.size(), 1u);
        EXPECT_EQ(rows[0].result.stderrHead, "Traceback");
    }
    ResultsStore store(dir / "old.db", "text");
    store.save("alice", wrongAnswer());
    const auto rows = store.all();
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[0].student, "alice");
    ASSERT_TRUE(rows[0].result.difference);
    EXPECT_EQ(rows[0].result.difference->line, 7u);
    EXPECT_EQ(rows[1].result.verdict, Verdict::RuntimeError);
    EXPECT_FALSE(rows[1].result.difference);
}

// The database holds hidden cases' expected lines: new ones are private, and one an older plyjudge left readable
// by everyone becomes private when the grader opens it again.
TEST(ResultsStore, TheDatabaseIsPrivate) {
    TempDir dir;
    auto mode = [&](const char* file) { return plyjudge::testing::fileMode(dir / file); };
    const mode_t umask = ::umask(0022);  // the usual one: it alone would give 0644
    { ResultsStore store(dir / "new.db", "variant: reversi\n"); }
    EXPECT_EQ(mode("new.db"), 0600u);
    { storage::Database old(dir / "old.db"); }
    std::filesystem::permissions(dir / "old.db", std::filesystem::perms(0644));
    ResultsStore store(dir / "old.db", "variant: reversi\n");
    store.save("alice", wrongAnswer());
    ::umask(umask);
    EXPECT_EQ(mode("old.db"), 0600u);
    EXPECT_EQ(mode("old.db-wal"), 0600u);
}

TEST(ResultsStore, RefusesTheDatabaseOfAnotherAssignment) {
    TempDir dir;
    { ResultsStore store(dir / "r.db", "one"); }
    EXPECT_ANY_THROW(ResultsStore(dir / "r.db", "two"));
}

}  // namespace
}  // namespace plyjudge::grader
