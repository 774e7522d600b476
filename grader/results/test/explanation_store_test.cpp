// The explanation by reproduction survives the results store, and a database written before its columns
// existed stays readable.
#include <gtest/gtest.h>

#include "grader/results/results_store.hpp"
#include "storage/sqlite.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::grader {
namespace {

TEST(ResultsStoreExplanation, KeepsFaultExactnessAgreementSentenceAndEquals) {
    testing::TempDir dir;
    CaseResult r;
    r.suite = "published";
    r.name = "case4";
    r.verdict = Verdict::WrongAnswer;
    r.maxPoints = 1;
    r.explanation = Explanation{"strict-pruning", true, 54, "Your program prunes only when v > beta.", {"depth-plus-one", "a + b"}};
    CaseResult closest = r;
    closest.name = "case5";
    closest.explanation = Explanation{"root-as-min", false, 3, "Your program treats the root as MIN.", {}};
    closest.explanation->outputLines = 120;
    CaseResult none = r;
    none.name = "case6";
    none.explanation.reset();
    CaseResult experiment = r;
    experiment.name = "case7";
    experiment.explanation = Explanation{"lf-line-ends", true, 0, "Your program fails on Windows line ends.", {},
                                         ExplanationKind::Experiment};
    {
        ResultsStore store(dir / "r.db", "a");
        for (const CaseResult& c : {r, closest, none, experiment}) store.save("alice", c);
    }
    ResultsStore store(dir / "r.db", "a");
    const auto rows = store.all();
    ASSERT_EQ(rows.size(), 4u);
    EXPECT_EQ(rows[0].result.explanation->kind, ExplanationKind::Fault);
    ASSERT_TRUE(rows[3].result.explanation);
    EXPECT_EQ(rows[3].result.explanation->kind, ExplanationKind::Experiment);
    ASSERT_TRUE(rows[0].result.explanation);
    const Explanation& e = *rows[0].result.explanation;
    EXPECT_EQ(e.fault, "strict-pruning");
    EXPECT_TRUE(e.exact);
    EXPECT_EQ(e.agreesLines, 54u);
    EXPECT_EQ(e.sentence, "Your program prunes only when v > beta.");
    EXPECT_EQ(e.alsoExact, (std::vector<std::string>{"depth-plus-one", "a + b"}));
    ASSERT_TRUE(rows[1].result.explanation);
    EXPECT_FALSE(rows[1].result.explanation->exact);
    EXPECT_EQ(rows[1].result.explanation->outputLines, 120u);
    EXPECT_EQ(rows[1].result.explanation->line(), "not explained; the nearest catalogued mistake, root-as-min, agrees on 3 of 120 lines");
    EXPECT_FALSE(rows[2].result.explanation);
}

TEST(ResultsStoreExplanation, ADatabaseWithoutTheColumnsIsReadAsItIs) {
    testing::TempDir dir;
    {
        ResultsStore store(dir / "r.db", "a");
        CaseResult r;
        r.suite = "published";
        r.name = "case1";
        r.verdict = Verdict::WrongAnswer;
        r.interpreter = "python3";
        store.save("bob", r);
    }
    storage::Database db(dir / "r.db");
    for (const char* c : {"explain_fault", "explain_exact", "explain_agrees", "explain_sentence", "explain_also", "explain_kind",
                          "explain_lines"}) {
        db.exec(std::string("ALTER TABLE results DROP COLUMN ") + c);
    }
    const auto rows = readStoredResults(db);
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0].result.interpreter, "python3");
    EXPECT_FALSE(rows[0].result.explanation);
}

}  // namespace
}  // namespace plyjudge::grader
