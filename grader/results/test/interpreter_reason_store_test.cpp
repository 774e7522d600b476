// Why the interpreter was chosen (a Python picked by a trial run) survives the results store, and a database
// written before its column existed gains it when opened for grading.
#include <gtest/gtest.h>

#include "grader/results/results_store.hpp"
#include "storage/sqlite.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::grader {
namespace {

CaseResult resultWithReason(const std::string& reason) {
    CaseResult r;
    r.suite = "published";
    r.name = "case1";
    r.verdict = Verdict::Ok;
    r.interpreter = "python2 (/usr/bin/python2.7; " + reason + ")";
    r.interpreterReason = reason;
    return r;
}

TEST(ResultsStoreInterpreterReason, IsKeptAndAnOlderDatabaseGainsItsColumn) {
    testing::TempDir dir;
    const std::string reason = "python3: NameError: name 'xrange' is not defined on published/case1; python2 passes it";
    {
        ResultsStore store(dir / "r.db", "a");
        store.save("alice", resultWithReason(reason));
    }
    {
        storage::Database db(dir / "r.db");
        const auto rows = readStoredResults(db);
        ASSERT_EQ(rows.size(), 1u);
        EXPECT_EQ(rows[0].result.interpreterReason, reason);
        db.exec("ALTER TABLE results DROP COLUMN interpreter_reason");  // as an older plyjudge wrote it
        EXPECT_EQ(readStoredResults(db).at(0).result.interpreterReason, "");
    }
    ResultsStore store(dir / "r.db", "a");  // resuming: the column is added, the old rows read as ""
    store.save("bob", resultWithReason("compiles under Python 3"));
    const auto rows = store.all();
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[0].result.interpreterReason, "");
    EXPECT_EQ(rows[1].result.interpreterReason, "compiles under Python 3");
}

}  // namespace
}  // namespace plyjudge::grader
