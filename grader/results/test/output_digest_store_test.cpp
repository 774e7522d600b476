// The digest of a wrong answer's outputs (compare/output_digest.hpp, for `plyjudge similarity`) survives the results
// store, and a database written before its column existed gains it, its old rows reading as unknown.
#include <gtest/gtest.h>

#include "grader/results/results_store.hpp"
#include "storage/sqlite.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::grader {
namespace {

CaseResult wrongWithDigest(const std::string& digest) {
    CaseResult r;
    r.suite = "published";
    r.name = "case1";
    r.verdict = Verdict::WrongAnswer;
    r.outputDigest = digest;
    return r;
}

TEST(ResultsStoreOutputDigest, IsKeptAndAnOlderDatabaseGainsItsColumn) {
    testing::TempDir dir;
    const std::string digest(64, 'a');
    {
        ResultsStore store(dir / "r.db", "a");
        store.save("alice", wrongWithDigest(digest));
    }
    {
        storage::Database db(dir / "r.db");
        ASSERT_EQ(readStoredResults(db).at(0).result.outputDigest, digest);
        db.exec("ALTER TABLE results DROP COLUMN output_digest");  // as an older plyjudge wrote it
        EXPECT_EQ(readStoredResults(db).at(0).result.outputDigest, "");
    }
    ResultsStore store(dir / "r.db", "a");
    store.save("bob", wrongWithDigest(std::string(64, 'b')));
    const auto rows = store.all();
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[0].result.outputDigest, "");
    EXPECT_EQ(rows[1].result.outputDigest, std::string(64, 'b'));
}

}  // namespace
}  // namespace plyjudge::grader
