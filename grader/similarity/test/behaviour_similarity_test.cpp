// The behaviour score (behaviour_similarity.hpp) on results made by hand: rarity, the catalogued discount, runtime
// errors at the same place, and what is never paired.
#include <gtest/gtest.h>

#include <cmath>

#include "grader/explain/error_output.hpp"
#include "grader/similarity/behaviour_similarity.hpp"
#include "grader/similarity/similarity_ranking.hpp"

using namespace plyjudge::grader;

namespace {

CaseResult passed() {
    CaseResult r;
    r.verdict = Verdict::Ok;
    return r;
}

CaseResult wrong(const std::string& digest, const std::string& exactFault = "") {
    CaseResult r;
    r.verdict = Verdict::WrongAnswer;
    r.outputDigest = digest;
    if (!exactFault.empty()) {
        r.explanation = Explanation{};
        r.explanation->fault = exactFault;
        r.explanation->exact = true;
    }
    return r;
}

CaseResult crashed(const std::string& stderrHead) {
    CaseResult r;
    r.verdict = Verdict::RuntimeError;
    r.stderrHead = stderrHead;
    return r;
}

// A class of `size` students on `cases` cases, every case passed.
RunResults classOf(int size, int cases) {
    RunResults run;
    for (int c = 0; c < cases; ++c) {
        CaseInfo info;
        info.suite = "s";
        info.name = "case" + std::to_string(c);
        run.cases.push_back(info);
    }
    for (int s = 0; s < size; ++s) {
        StudentResults student;
        student.name = "student" + std::to_string(s);
        student.outcomes.assign(static_cast<std::size_t>(cases), passed());
        run.students.push_back(student);
    }
    return run;
}

const BehaviourPair* pairOf(const BehaviourAnalysis& a, int x, int y) {
    for (const BehaviourPair& p : a.pairs) {
        if (p.a == x && p.b == y) return &p;
    }
    return nullptr;
}

constexpr const char* kTraceback =
    "Traceback (most recent call last):\n  File \"hw.py\", line 12, in <module>\n    main()\n  File \"hw.py\", line 8, in main\n"
    "    x = board[9]\nIndexError: list index out of range\n";

}  // namespace

TEST(BehaviourSimilarity, ARareSharedWrongOutputWeighsMoreThanACommonOne) {
    RunResults run = classOf(20, 2);
    run.students[0].outcomes[0] = wrong("rare");
    run.students[1].outcomes[0] = wrong("rare");
    for (int s = 2; s < 10; ++s) run.students[static_cast<std::size_t>(s)].outcomes[1] = wrong("common");
    const BehaviourAnalysis a = compareBehaviour(run);
    const BehaviourPair* rare = pairOf(a, 0, 1);
    const BehaviourPair* common = pairOf(a, 2, 3);
    ASSERT_TRUE(rare && common);
    EXPECT_NEAR(rare->score, std::log(20.0 / 2), 1e-9);
    EXPECT_NEAR(common->score, std::log(20.0 / 8), 1e-9);
    ASSERT_EQ(rare->shared.size(), 1u);
    EXPECT_EQ(rare->shared[0].caseIndex, 0);
    EXPECT_EQ(rare->shared[0].sharedBy, 2);
    EXPECT_EQ(a.pairs.front().a, 0);  // best first
    EXPECT_EQ(pairOf(a, 0, 2), nullptr);  // nothing shared: no pair
}

TEST(BehaviourSimilarity, AnOutputACataloguedFaultReproducesWeighsATenth) {
    RunResults run = classOf(10, 1);
    run.students[0].outcomes[0] = wrong("d", "strict-pruning");
    run.students[1].outcomes[0] = wrong("d", "strict-pruning");
    const BehaviourAnalysis a = compareBehaviour(run);
    ASSERT_EQ(a.pairs.size(), 1u);
    EXPECT_NEAR(a.pairs[0].score, 0.1 * std::log(10.0 / 2), 1e-9);
    EXPECT_EQ(a.pairs[0].shared[0].catalogued, "strict-pruning");
}

TEST(BehaviourSimilarity, TheSameCrashAtTheSamePlacePairsOtherCrashesDoNot) {
    RunResults run = classOf(10, 1);
    run.students[0].outcomes[0] = crashed(kTraceback);
    run.students[1].outcomes[0] = crashed(std::string("noise before\n") + kTraceback);
    std::string elsewhere = kTraceback;
    elsewhere.replace(elsewhere.find("line 8"), 6, "line 9");
    run.students[2].outcomes[0] = crashed(elsewhere);                          // same error, another place
    run.students[3].outcomes[0] = crashed("IndexError: list index out of range\n");  // no place at all
    run.students[4].outcomes[0] = crashed("IndexError: list index out of range\n");
    const BehaviourAnalysis a = compareBehaviour(run);
    ASSERT_EQ(a.pairs.size(), 1u);
    EXPECT_EQ(a.pairs[0].a, 0);
    EXPECT_EQ(a.pairs[0].b, 1);
    EXPECT_EQ(a.pairs[0].shared[0].kind, SharedFailureKind::RuntimeError);
    EXPECT_EQ(a.pairs[0].shared[0].errorLine, "IndexError: list index out of range");
}

// Issue 41: a student printed a classmate's traceback (a file it does not have) and the pair matched "same runtime
// error at the same place" on every case.
TEST(BehaviourSimilarity, ACrashPlaceOutsideTheStudentsOwnFilesFramesNobody) {
    RunResults run = classOf(10, 1);
    run.students[0].outcomes[0] = crashed(kTraceback);
    run.students[1].outcomes[0] = crashed(kTraceback);  // printed by a program without that file
    const std::string file = errorPlaceFile(errorPlaceOf(kTraceback));
    ASSERT_FALSE(file.empty());
    const OwnsFile onlyTheFirst = [&](int student, const std::string& name) { return student == 0 && name == file; };
    EXPECT_TRUE(compareBehaviour(run, onlyTheFirst).pairs.empty());
    const OwnsFile both = [&](int, const std::string& name) { return name == file; };
    EXPECT_EQ(compareBehaviour(run, both).pairs.size(), 1u);
    EXPECT_EQ(errorPlaceFile("at Main.search(Main.java:31)"), "Main.java");
}

TEST(BehaviourSimilarity, AFailureOfMostOfTheClassPairsNobody) {
    RunResults run = classOf(30, 1);
    for (int s = 0; s < 25; ++s) run.students[static_cast<std::size_t>(s)].outcomes[0] = wrong("everyone");
    EXPECT_TRUE(compareBehaviour(run).pairs.empty());  // 25 > max(10, 30 / 10)
}

TEST(BehaviourSimilarity, WrongAnswersWithoutADigestAreCountedNotPaired) {
    RunResults run = classOf(5, 1);
    run.students[0].outcomes[0] = wrong("");
    run.students[1].outcomes[0] = wrong("");
    const BehaviourAnalysis a = compareBehaviour(run);
    EXPECT_TRUE(a.pairs.empty());
    EXPECT_EQ(a.wrongAnswers, 2);
    EXPECT_EQ(a.wrongAnswersWithoutDigest, 2);
}

TEST(BehaviourSimilarity, StrengthSaturatesAndScalesWithTheClass) {
    EXPECT_DOUBLE_EQ(behaviourStrength(0, 10), 0.0);
    EXPECT_NEAR(behaviourStrength(std::log(5.0), 10), 1 - std::exp(-1.0), 1e-12);  // one output shared by 2 of 10
    EXPECT_GT(behaviourStrength(10, 10), 0.99);
    EXPECT_LT(behaviourStrength(10, 10), 1.0);
}
