// Output that does not follow the input (input_ignored.hpp): the same output digest for different inputs is one
// finding on every such case, said first; the same position in other line ends is one input, not evidence.
#include <gtest/gtest.h>

#include "grader/explain/input_ignored.hpp"

namespace plyjudge::grader {
namespace {

// One student's run of wrong answers, case i with input `inputs[i]` and output digest `digests[i]`.
RunResults runOf(const std::vector<std::string>& inputs, const std::vector<std::string>& digests) {
    RunResults run;
    StudentResults s;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        run.cases.push_back({"published", "c" + std::to_string(i + 1), 1, Visibility::Published, inputs[i], "", {}});
        CaseResult r;
        r.suite = "published";
        r.name = run.cases.back().name;
        r.verdict = Verdict::WrongAnswer;
        r.outputDigest = digests[i];
        r.explanation = Explanation{"bounds-not-passed-down", true, 10, "Sentence.", {}};
        s.outcomes.push_back(r);
    }
    run.students.push_back(s);
    return run;
}

TEST(InputIgnored, TheSameOutputForDifferentInputsIsOneFindingOnEveryCase) {
    RunResults run = runOf({"X\n1\na\n", "O\n2\nb\n", "X\n3\nc\n", "O\n1\nd\n"}, {"same", "same", "same", "other"});
    explainByIgnoredInput(run);
    const auto& o = run.students[0].outcomes;
    for (int i = 0; i < 3; ++i) {
        ASSERT_TRUE(o[i].explanation);
        EXPECT_EQ(o[i].explanation->kind, ExplanationKind::InputIgnored);
        EXPECT_FALSE(o[i].explanation->exact) << "the runs show the output stays the same, not why";
        EXPECT_EQ(o[i].explanation->sentence.rfind("Your program wrote the same output for 3 different inputs (3 failed cases in all)", 0), 0u)
            << o[i].explanation->sentence;
    }
    EXPECT_EQ(o[3].explanation->fault, "bounds-not-passed-down") << "a case of its own output keeps its explanation";
}

TEST(InputIgnored, OneInputInOtherLineEndsIsNotEvidence) {
    RunResults run = runOf({"X\n1\na\n", "X\r\n1\r\na\r\n", "X\n1\na"}, {"same", "same", "same"});
    explainByIgnoredInput(run);
    EXPECT_EQ(run.students[0].outcomes[0].explanation->fault, "bounds-not-passed-down");
    EXPECT_EQ(run.students[0].outcomes[1].explanation->fault, "bounds-not-passed-down");
}

// game-over-keeps-infinity writes the same log for two positions whose values alone differ: two are not enough.
TEST(InputIgnored, TwoInputsWithOneOutputAreNotEnough) {
    RunResults run = runOf({"X\n1\na\n", "O\n2\nb\n"}, {"same", "same"});
    explainByIgnoredInput(run);
    for (const CaseResult& o : run.students[0].outcomes) EXPECT_NE(o.explanation->kind, ExplanationKind::InputIgnored);
}

// Three of ten failures with one output: no evidence about the program as a whole.
TEST(InputIgnored, AFewOfManyFailuresAreNotEnough) {
    RunResults run = runOf({"a", "b", "c", "d", "e", "f", "g", "h", "i", "j"}, {"s", "s", "s", "1", "2", "3", "4", "5", "6", "7"});
    explainByIgnoredInput(run);
    for (const CaseResult& o : run.students[0].outcomes) EXPECT_NE(o.explanation->kind, ExplanationKind::InputIgnored);
}

TEST(InputIgnored, DifferentOutputsAreNoFinding) {
    RunResults run = runOf({"X\n1\na\n", "O\n2\nb\n", "X\n3\nc\n"}, {"d1", "d2", "d3"});
    explainByIgnoredInput(run);
    for (const CaseResult& o : run.students[0].outcomes) EXPECT_NE(o.explanation->kind, ExplanationKind::InputIgnored);
}

}  // namespace
}  // namespace plyjudge::grader
