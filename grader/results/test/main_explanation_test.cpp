// The ranking of a student's findings (main_explanation.hpp) and the lines it words: exact beats nearest
// whatever the counts, passed cases break a tie, a real tie is shown as one, few explained cases say how few,
// and a failure nothing explains says so with its first difference.
#include <gtest/gtest.h>

#include "grader/results/main_explanation.hpp"

namespace plyjudge::grader {
namespace {

Explanation exactFinding(const std::string& name, std::vector<std::string> equals = {}) {
    return Explanation{name, true, 40, "Sentence of " + name + ".", std::move(equals)};
}

Explanation nearestFault(const std::string& name, std::uint64_t agrees, std::uint64_t of) {
    Explanation e{name, false, agrees, "Sentence of " + name + ".", {}};
    e.outputLines = of;
    return e;
}

CaseResult failedWith(std::optional<Explanation> e) {
    CaseResult r;
    r.verdict = Verdict::WrongAnswer;
    r.explanation = std::move(e);
    r.difference = FirstDifference{"output.txt", 3, {"a", "b"}, "root,0,5", "root,0,7", {}, {}};
    return r;
}

// A run that gave no answer (a crash, or no output file), with what explains it.
CaseResult crashedWith(std::optional<Explanation> e, Verdict verdict = Verdict::RuntimeError) {
    CaseResult r = failedWith(std::move(e));
    r.verdict = verdict;
    r.difference.reset();
    return r;
}

CaseResult passed() {
    CaseResult r;
    r.verdict = Verdict::Ok;
    return r;
}

// A run of `results.size()` published cases c1, c2, ... for one student.
RunResults runOf(std::vector<CaseResult> results) {
    RunResults run;
    StudentResults s;
    s.name = "ann";
    for (std::size_t i = 0; i < results.size(); ++i) {
        run.cases.push_back({"published", "c" + std::to_string(i + 1), 1, Visibility::Published, "", "", {}});
        results[i].suite = "published";
        results[i].name = run.cases.back().name;
    }
    s.outcomes = std::move(results);
    run.students.push_back(std::move(s));
    return run;
}

TEST(MainExplanation, AnExactFindingBeatsANearestFaultOfMoreCases) {
    const RunResults run = runOf({failedWith(nearestFault("root-as-min", 30, 120)), failedWith(nearestFault("root-as-min", 31, 120)),
                                  failedWith(nearestFault("root-as-min", 32, 120)), failedWith(exactFinding("strict-pruning"))});
    const auto main = mainExplanationOf(run, run.students[0]);
    ASSERT_TRUE(main);
    EXPECT_EQ(main->finding->fault, "strict-pruning");
    EXPECT_EQ(main->line(), "explained: strict-pruning (explains 1 of 4 failed cases) — Sentence of strict-pruning.");
}

TEST(MainExplanation, AmongEqualCountsTheOneKeepingThePassedCasesWins) {
    RunResults run = runOf({passed(), failedWith(exactFinding("a", {"b", "c"})), failedWith(exactFinding("a", {"b", "c"}))});
    StudentResults& s = run.students[0];
    s.passedCasesChanged = {{"a", 1}, {"b", 1}, {"c", 0}};
    const auto main = mainExplanationOf(run, s);
    ASSERT_TRUE(main);
    EXPECT_EQ(main->finding->fault, "c");
    EXPECT_FALSE(main->isTie());
    EXPECT_EQ(main->passedChanged, 0);
    // Only an equal so far: its sentence comes when explainStudents names it first (grader/explain).
    EXPECT_EQ(main->line(), "explained: c (explains 2 of 2 failed cases)");
}

TEST(MainExplanation, ARealTieIsShownAsATie) {
    RunResults run = runOf({failedWith(exactFinding("a", {"b"})), failedWith(exactFinding("a", {"b"}))});
    run.students[0].passedCasesChanged = {{"a", 0}, {"b", 0}};
    const auto main = mainExplanationOf(run, run.students[0]);
    ASSERT_TRUE(main);
    EXPECT_EQ(main->tie, (std::vector<std::string>{"a", "b"}));
    EXPECT_EQ(main->line(), "explained: one of: a, b (each explains 2 of 2 failed cases) — a: Sentence of a.");
}

// runxuanw's squirrel program (docs/real-programs.md): Windows line ends crash one case, a log shape reproduces another
// exactly. Equal counts of different cases are two causes, not a tie: the second follows as "also".
TEST(MainExplanation, EqualCountsOfDifferentCasesAreNotATie) {
    Explanation crlf = exactFinding("lf-line-ends");
    crlf.kind = ExplanationKind::Experiment;
    RunResults run = runOf({crashedWith(crlf), failedWith(exactFinding("own-score-only"))});
    const auto main = mainExplanationOf(run, run.students[0]);
    ASSERT_TRUE(main);
    EXPECT_FALSE(main->isTie());
    EXPECT_EQ(main->line(), "explained: lf-line-ends (explains 1 of 2 failed cases) — Sentence of lf-line-ends; also explained: "
                            "own-score-only (in 1 of 2 failed cases)");
}

// runxuanw again: its log shape is exact in one case and holds with other differences in the others. It counts them
// all, and says which is which.
TEST(MainExplanation, ALogShapeExactInOneCaseCountsTheCasesWhereItHoldsToo) {
    Explanation exactShape = exactFinding("inner-nodes-on-return");
    exactShape.kind = ExplanationKind::LogShape;
    const Explanation shape{"inner-nodes-on-return", false, 3, "Shape.", {}, ExplanationKind::LogShape};
    Explanation crlf = exactFinding("lf-line-ends");
    crlf.kind = ExplanationKind::Experiment;
    RunResults run = runOf({crashedWith(crlf), failedWith(exactShape), failedWith(shape), failedWith(shape)});
    const auto main = mainExplanationOf(run, run.students[0]);
    ASSERT_TRUE(main);
    EXPECT_EQ(main->finding->fault, "inner-nodes-on-return");
    EXPECT_EQ(main->explained, 1);
    EXPECT_EQ(main->line(), "explained: inner-nodes-on-return (explains 1 of 4 failed cases exactly, and holds with other "
                            "differences in 2 more) — Sentence of inner-nodes-on-return; also explained: lf-line-ends (in 1 of "
                            "4 failed cases)");
}

TEST(MainExplanation, AFindingOfFewFailuresSaysHowFew) {
    std::vector<CaseResult> results{failedWith(exactFinding("a")), failedWith(exactFinding("a"))};
    for (int i = 0; i < 7; ++i) results.push_back(failedWith(std::nullopt));
    const RunResults run = runOf(results);
    const auto main = mainExplanationOf(run, run.students[0]);
    ASSERT_TRUE(main);
    EXPECT_EQ(main->explained, 2);
    EXPECT_EQ(main->failed, 9);
    EXPECT_NE(main->line().find("(explains 2 of 9 failed cases)"), std::string::npos) << main->line();
}

TEST(MainExplanation, ALogShapeRanksBelowExactAndAboveNearest) {
    Explanation shape{"no-root-lines", false, 0, "The log has no line for the root.", {}, ExplanationKind::LogShape};
    RunResults run = runOf({failedWith(nearestFault("root-as-min", 3, 9)), failedWith(nearestFault("root-as-min", 3, 9)),
                            failedWith(shape)});
    auto main = mainExplanationOf(run, run.students[0]);
    ASSERT_TRUE(main);
    EXPECT_EQ(main->finding->fault, "no-root-lines");
    EXPECT_FALSE(main->exact());
    EXPECT_EQ(main->line(), "not reproduced; log-shape finding no-root-lines — The log has no line for the root. (in 1 of 3 failed cases)");
    run.students[0].outcomes[0].explanation = exactFinding("strict-pruning");
    main = mainExplanationOf(run, run.students[0]);
    EXPECT_EQ(main->finding->fault, "strict-pruning");
}

// ruhigit's squirrel program (docs/real-programs.md): one greedy case reproduced exactly, and a contrast covering the
// crashes of every other task. The contrast, of most failures, is the main line; the exact fault follows it.
TEST(MainExplanation, AFindingOfMostFailuresComesFirstAndTheOtherFollows) {
    Explanation contrast{"contrast: the task is not greedy", false, 0, "Your program crashes whenever the task is not greedy.", {},
                         ExplanationKind::Contrast};
    std::vector<CaseResult> results{failedWith(exactFinding("greedy-from-zero"))};
    for (int i = 0; i < 3; ++i) results.push_back(crashedWith(contrast));
    RunResults run = runOf(results);
    auto main = mainExplanationOf(run, run.students[0]);
    ASSERT_TRUE(main);
    EXPECT_EQ(main->finding->fault, "contrast: the task is not greedy");
    EXPECT_EQ(main->line(), "by contrast: Your program crashes whenever the task is not greedy. (in 3 of 4 failed cases); also explained: "
                            "greedy-from-zero (in 1 of 4 failed cases)");
    // A log shape of most failures does not come before an exact fault (weichichen: fail-hard-init on 2 cases).
    RunResults shaped = runOf({failedWith(exactFinding("fail-hard-init")),
                               failedWith(Explanation{"inner-nodes-on-return", false, 0, "Shape.", {}, ExplanationKind::LogShape}),
                               failedWith(Explanation{"inner-nodes-on-return", false, 0, "Shape.", {}, ExplanationKind::LogShape})});
    EXPECT_EQ(mainExplanationOf(shaped, shaped.students[0])->finding->fault, "fail-hard-init");
    // A contrast of mostly wrong answers does not come first either: an exact fault says why where it only says when
    // (priyankauppu: its exact bounds-updated-before-cut-test is an alpha-beta case, the contrast's "task").
    RunResults wrong = runOf({failedWith(exactFinding("bounds-updated-before-cut-test")), failedWith(contrast), failedWith(contrast)});
    EXPECT_EQ(mainExplanationOf(wrong, wrong.students[0])->finding->fault, "bounds-updated-before-cut-test");
    // With half the failures or fewer, exact comes first again.
    run.students[0].outcomes[3].explanation = exactFinding("greedy-from-zero");
    main = mainExplanationOf(run, run.students[0]);
    EXPECT_EQ(main->finding->fault, "greedy-from-zero");
    ASSERT_TRUE(main->also);
    EXPECT_EQ(main->also->name, "contrast: the task is not greedy");
}

// snehalsd's squirrel program (docs/real-programs.md): every battle writes `trace_state`, and read there it is still
// wrong. What the runs showed of the answer's form (an experiment that did not pass) covers the failures no fault
// can reproduce (missing files): it comes before an exact finding of fewer, and is worded as not reproduced.
TEST(MainExplanation, WhatTheRunsShowedOfMostFailuresComesFirst) {
    const Explanation shown{"output-file-name", false, 0, "Your program writes 'trace_state' instead of trace_state.txt.", {},
                            ExplanationKind::Experiment};
    RunResults run = runOf({failedWith(exactFinding("greedy-from-zero")), crashedWith(shown, Verdict::MissingOutput),
                            crashedWith(shown, Verdict::MissingOutput)});
    auto main = mainExplanationOf(run, run.students[0]);
    ASSERT_TRUE(main);
    EXPECT_EQ(main->line(), "not reproduced; experiment finding output-file-name — Your program writes 'trace_state' instead of "
                            "trace_state.txt. (in 2 of 3 failed cases); also explained: greedy-from-zero (in 1 of 3 failed cases)");
    // Of half the failures or fewer, it ranks below the exact finding, and above a nearest fault.
    run.students[0].outcomes[2].explanation = nearestFault("root-as-min", 3, 10);
    main = mainExplanationOf(run, run.students[0]);
    EXPECT_EQ(main->finding->fault, "greedy-from-zero");
    ASSERT_TRUE(main->also);
    EXPECT_EQ(main->also->name, "output-file-name");
}

TEST(MainExplanation, ANearestFaultIsWordedAsNotExplained) {
    const RunResults run = runOf({failedWith(nearestFault("root-as-min", 30, 120))});
    const auto main = mainExplanationOf(run, run.students[0]);
    ASSERT_TRUE(main);
    EXPECT_EQ(main->line(), "not explained; the nearest catalogued mistake, root-as-min, agrees on 30 of 120 lines of published/c1 (nearest "
                            "in 1 of 1 failed case)");
    EXPECT_EQ(main->line().find("Sentence"), std::string::npos) << "a nearest fault's sentence would read as the cause";
}

TEST(MainExplanation, NothingExplainsSaysSoWithTheFirstDifference) {
    RunResults run = runOf({passed(), failedWith(std::nullopt)});
    const auto main = mainExplanationOf(run, run.students[0]);
    ASSERT_TRUE(main);
    EXPECT_EQ(main->line(), "not explained: the first difference is in published/c2, output.txt line 3: expected \"root,0,5\", got "
                            "\"root,0,7\"");
    EXPECT_EQ(caseExplanationLine(run.students[0].outcomes[1]),
              "not explained: the first difference is output.txt line 3: expected \"root,0,5\", got \"root,0,7\"");
    run.students[0].outcomes[1].verdict = Verdict::RuntimeError;
    run.students[0].outcomes[1].difference.reset();
    EXPECT_FALSE(mainExplanationOf(run, run.students[0])) << "a crash's verdict says it: nothing to explain by a difference";
    EXPECT_FALSE(mainExplanationOf(runOf({passed()}), runOf({passed()}).students[0]));
}

// Issue 43: a program with several causes. 9 crashes end with one error line, 4 runs wrote no traverse log and
// nothing explains them, 1 wrong answer is reproduced exactly: the crash finding (it covers most) is the main line,
// and every failed case is listed under one cause with its count.
TEST(MainExplanation, EveryFailedCaseIsCoveredByAListedCause) {
    std::vector<CaseResult> results;
    const Explanation crash{"error-output: IndexError: list index out of range", false, 0, "9 of your 14 failed runs end with ...", {},
                            ExplanationKind::ErrorOutput};
    for (int i = 0; i < 9; ++i) results.push_back(crashedWith(crash));
    for (int i = 0; i < 4; ++i) {
        CaseResult missing = crashedWith(std::nullopt, Verdict::MissingOutput);
        missing.message = "traverse_log.txt was not written";
        results.push_back(missing);
    }
    results.push_back(failedWith(exactFinding("strict-pruning")));
    results.push_back(passed());
    const RunResults run = runOf(results);
    const auto main = mainExplanationOf(run, run.students[0]);
    ASSERT_TRUE(main);
    EXPECT_EQ(main->finding->fault, crash.fault) << main->line();
    ASSERT_EQ(main->causes.size(), 3u) << main->line();
    int covered = 0;
    for (const FailureCause& c : main->causes) covered += c.cases;
    EXPECT_EQ(covered, main->failed) << "every failed case is covered";
    EXPECT_EQ(main->causes[0].cases, 9);
    EXPECT_EQ(main->causes[0].firstCase, "published/c1");
    EXPECT_EQ(main->causes[1].name, "strict-pruning");
    EXPECT_EQ(main->causes[1].line, "explained: strict-pruning — 1 of 14 failed cases, first at published/c14");
    EXPECT_FALSE(main->causes[2].explained);
    EXPECT_EQ(main->causes[2].line,
              "not explained: missing output: traverse_log.txt was not written — 4 of 14 failed cases, first at published/c10");
    EXPECT_EQ(main->causeLines().size(), 3u);
}

// An exact finding of more cases keeps the main line over a crash finding of 3 (rule 0 needs more than any exact).
TEST(MainExplanation, ACrashFindingOfFewerCasesThanAnExactOneDoesNotHeadline) {
    std::vector<CaseResult> results;
    const Explanation crash{"error-output: E", false, 0, "...", {}, ExplanationKind::ErrorOutput};
    for (int i = 0; i < 3; ++i) results.push_back(crashedWith(crash));
    for (int i = 0; i < 4; ++i) results.push_back(failedWith(exactFinding("strict-pruning")));
    for (int i = 0; i < 4; ++i) results.push_back(failedWith(std::nullopt));
    const RunResults run = runOf(results);
    const auto main = mainExplanationOf(run, run.students[0]);
    ASSERT_TRUE(main);
    EXPECT_EQ(main->finding->fault, "strict-pruning") << main->line();
    ASSERT_EQ(main->causes.size(), 3u);
    EXPECT_EQ(main->causes[2].line, "not explained: wrong answer, first differing in output.txt — 4 of 11 failed cases, first at published/c8");
}

// Output that does not follow the input comes first, even over an exact reproduction of more cases: such a
// reproduction fits the one position the program really read.
TEST(MainExplanation, OutputThatDoesNotFollowTheInputComesFirst) {
    const Explanation ignored{"input-ignored", false, 0, "Your program wrote the same output for 2 different inputs.", {},
                              ExplanationKind::InputIgnored};
    const RunResults run = runOf({failedWith(exactFinding("strict-pruning")), failedWith(exactFinding("strict-pruning")),
                                  failedWith(exactFinding("strict-pruning")), failedWith(ignored), failedWith(ignored)});
    const auto main = mainExplanationOf(run, run.students[0]);
    ASSERT_TRUE(main);
    EXPECT_EQ(main->line().rfind("its output does not follow its input: Your program wrote the same output", 0), 0u) << main->line();
    ASSERT_EQ(main->causes.size(), 2u);
    EXPECT_EQ(main->causes[1].cases, 3);
}

// One cause: nothing more to list.
TEST(MainExplanation, OneCauseListsNoCauses) {
    const RunResults run = runOf({failedWith(exactFinding("strict-pruning")), failedWith(exactFinding("strict-pruning"))});
    const auto main = mainExplanationOf(run, run.students[0]);
    ASSERT_TRUE(main);
    EXPECT_EQ(main->causes.size(), 1u);
    EXPECT_TRUE(main->causeLines().empty());
}

// Failures nothing explains and no wrong answer among them: still accounted for, by what the runs showed.
TEST(MainExplanation, SeveralUnexplainedCrashesAreSaidAsNotExplainedByWhatTheRunsShowed) {
    CaseResult missing = crashedWith(std::nullopt, Verdict::MissingOutput);
    missing.message = "output.txt was not written";
    CaseResult crash = crashedWith(std::nullopt);
    crash.stderrHead = "Traceback (most recent call last):\n  File \"a.py\", line 3\nValueError: bad\n";
    const RunResults run = runOf({missing, crash, missing, passed()});
    const auto main = mainExplanationOf(run, run.students[0]);
    ASSERT_TRUE(main);
    EXPECT_FALSE(main->finding);
    EXPECT_EQ(main->line(), "not explained: missing output: output.txt was not written — 2 of 3 failed cases, first at published/c1");
    ASSERT_EQ(main->causes.size(), 2u);
    EXPECT_EQ(main->causes[1].line, "not explained: crash: ValueError: bad — 1 of 3 failed cases, first at published/c2");
}

// 10 runs wrote no file and nothing explains them, 3 crashed with one error line: the bulk heads the line.
TEST(MainExplanation, AnUnexplainedBulkOfRunsWithoutAnswerHeadsTheLine) {
    std::vector<CaseResult> results;
    const Explanation crash{"error-output: UnboundLocalError: x", false, 0, "3 of your 13 failed runs end with ...", {},
                            ExplanationKind::ErrorOutput};
    CaseResult missing = crashedWith(std::nullopt, Verdict::MissingOutput);
    missing.message = "next_state.txt was not written";
    for (int i = 0; i < 10; ++i) results.push_back(missing);
    for (int i = 0; i < 3; ++i) results.push_back(crashedWith(crash));
    const RunResults run = runOf(results);
    const auto main = mainExplanationOf(run, run.students[0]);
    ASSERT_TRUE(main);
    EXPECT_EQ(main->line(), "not explained: missing output: next_state.txt was not written — 10 of 13 failed cases, first at published/c1; "
                            "also found: error-output: UnboundLocalError: x (in 3 of 13 failed cases)");
}

}  // namespace
}  // namespace plyjudge::grader
