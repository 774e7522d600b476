// Explanation by reproduction on committed cases: a program's output made by the reference with known
// mistakes is explained exactly (one fault, a pair, another dialect), a near miss is named as closest, and
// nonsense gets no explanation.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "grader/explain/explain.hpp"
#include "grader/explain/student_explanation.hpp"
#include "grader/results/main_explanation.hpp"
#include "testsupport/golden.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::grader {
namespace {

InputText inputOf(const std::string& variant, const std::string& caseName) {
    return InputText::readFile(testing::casesDir() / variant / caseName / "input.txt");
}

// What a program with `dialect`'s mistakes writes for the case.
OutputFiles outputsWith(const Variant& variant, const InputText& input, const Dialect& dialect) {
    testing::TempDir dir;
    OutputFiles files;
    for (const std::string& f : variant.solve(input, dialect, dir.path())) files[f] = testing::readFile(dir / f);
    return files;
}

TEST(ExplainByReproduction, OneFaultIsExplainedExactly) {
    const Variant& v = *findVariant("reversi");
    const InputText input = inputOf("reversi", "published/case4");
    ExplainStats stats;
    const auto e = explainByReproduction(v, Dialect{}, input, outputsWith(v, input, Dialect{}.withFault("strict-pruning")), {}, &stats);
    ASSERT_TRUE(e);
    EXPECT_TRUE(e->exact);
    EXPECT_EQ(e->fault, "strict-pruning");
    EXPECT_EQ(e->line().rfind("explained: strict-pruning — Your program prunes only when v > beta", 0), 0u) << e->line();
    EXPECT_LE(stats.runs, 1 + static_cast<int>(v.faults.size()) + 1);  // no pairs once a single one is exact
}

TEST(ExplainByReproduction, TwoFaultsAreExplainedAsAPair) {
    const Variant& v = *findVariant("squirrel");
    const InputText input = inputOf("squirrel", "published/sample4");
    const Dialect two = Dialect{}.withFault("column-first-order").withFault("no-line-at-cutoff");
    const auto e = explainByReproduction(v, Dialect{}, input, outputsWith(v, input, two));
    ASSERT_TRUE(e);
    EXPECT_TRUE(e->exact);
    EXPECT_EQ(e->fault, "no-line-at-cutoff + column-first-order");
}

TEST(ExplainByReproduction, AnotherDialectIsNamedAsTheConvention) {
    const Variant& v = *findVariant("reversi");
    const InputText input = inputOf("reversi", "pdf_example/worked_example");
    const auto e = explainByReproduction(v, Dialect{}, input, outputsWith(v, input, Dialect{}.with("cutoff_log", "bound-first")));
    ASSERT_TRUE(e);
    EXPECT_TRUE(e->exact);
    EXPECT_EQ(e->fault, "cutoff_log=bound-first");
    EXPECT_NE(e->sentence.find("this case expects cutoff_log=aima"), std::string::npos) << e->sentence;
    // The same program graded in the bound-first dialect is right: nothing to explain.
    EXPECT_FALSE(explainByReproduction(v, Dialect{}.with("cutoff_log", "bound-first"), input,
                                       outputsWith(v, input, Dialect{}.with("cutoff_log", "bound-first"))));
}

TEST(ExplainByReproduction, ANearMissIsClosestAndNonsenseIsNothing) {
    const Variant& v = *findVariant("gomoku561");
    const InputText input = inputOf("gomoku561", "hand_checked/fragment_alphabeta_d2");
    OutputFiles nearly = outputsWith(v, input, Dialect{}.withFault("strict-pruning"));
    nearly["traverse_log.txt"] += "\nextra,9,9,9,9";  // the fault's log, then a line no fault writes
    const auto e = explainByReproduction(v, Dialect{}, input, nearly);
    ASSERT_TRUE(e);
    EXPECT_FALSE(e->exact);
    EXPECT_EQ(e->fault, "strict-pruning");
    EXPECT_GT(e->agreesLines, 10u);
    EXPECT_GT(e->outputLines, e->agreesLines);  // the program's lines, the extra one included
    EXPECT_EQ(e->line(), fmt::format("not explained; the nearest catalogued mistake, strict-pruning, agrees on {} of {} lines",
                                     e->agreesLines, e->outputLines));
    EXPECT_FALSE(explainByReproduction(v, Dialect{}, input, {{"traverse_log.txt", "nonsense"}, {"next_state.txt", ""}}));
}

// A starcircle student who passes published example 4 and fails example 5 (no explanation yet).
RunResults passedExample4FailedExample5() {
    RunResults run;
    run.variant = "starcircle";
    StudentResults s;
    for (const char* name : {"example4", "example5"}) {
        const auto dir = testing::casesDir() / "starcircle/published" / name;
        run.cases.push_back({"published", name, 2, Visibility::Published, testing::readFile(dir / "input.txt"), dir.string(), {}});
        CaseResult r;
        r.verdict = std::string(name) == "example4" ? Verdict::Ok : Verdict::WrongAnswer;
        s.outcomes.push_back(r);
    }
    run.students.push_back(s);
    return run;
}

TEST(ExplainStudents, AmongEqualExplanationsTheOneConsistentWithThePassedCasesIsNamed) {
    // starcircle example 5 ends with both sides unable to move: "no pass nodes at the end" and "the game ends
    // after one pass" write the same there; only the first also passes example 4, where Circle alone passes.
    RunResults run = passedExample4FailedExample5();
    StudentResults& s = run.students[0];
    s.outcomes[1].explanation = Explanation{"game-ends-after-one-pass", true, 3, "", {"no-pass-nodes-at-end"}};
    explainStudents(run, Dialect{});
    const Explanation& e = *run.students[0].outcomes[1].explanation;
    EXPECT_EQ(e.fault, "no-pass-nodes-at-end");
    EXPECT_EQ(e.alsoExact, std::vector<std::string>{"game-ends-after-one-pass"});
    EXPECT_NE(e.sentence.find("neither side can move"), std::string::npos);
    EXPECT_EQ(mainExplanationOf(run, run.students[0])->finding->fault, "no-pass-nodes-at-end");
}

// Three names reproduce the failed case; two of them would fail the case the student passes (example 4): the
// one that keeps it is named, in the case and as the student's main explanation, and it is no tie.
TEST(ExplainStudents, AThreeWayTieIsSettledByThePassedCases) {
    RunResults run = passedExample4FailedExample5();
    StudentResults& s = run.students[0];
    s.outcomes[1].explanation = Explanation{"game-ends-after-one-pass", true, 3, "", {"depth-plus-one", "no-pass-nodes-at-end"}};
    explainStudents(run, Dialect{});
    const StudentResults& after = run.students[0];
    EXPECT_EQ(after.passedCasesChanged.at("no-pass-nodes-at-end"), 0);
    EXPECT_EQ(after.passedCasesChanged.at("depth-plus-one"), 1);
    EXPECT_EQ(after.passedCasesChanged.at("game-ends-after-one-pass"), 1);
    EXPECT_EQ(after.outcomes[1].explanation->fault, "no-pass-nodes-at-end");
    const auto main = mainExplanationOf(run, after);
    ASSERT_TRUE(main);
    EXPECT_EQ(main->finding->fault, "no-pass-nodes-at-end");
    EXPECT_FALSE(main->isTie()) << main->line();
}

}  // namespace
}  // namespace plyjudge::grader
