// A student's main explanation: the one ranking of the findings across the student's failed cases, and the one
// line every view shows for it (check's last line, grade's summary, the JSON, HTML, Gradescope and JUnit
// reports). Also the line a failed case shows when nothing explains it. Written once here so that no view
// ranks or words it on its own.
//
// The ranking, best first:
//   0. before all: a contrast or an error-output finding (they cover crashes, which no reproduction explains)
//      of most (over half) of the failed cases, so that the main line is about the bulk of the failures (an
//      exact fault of 1 case of 14 does not hide a contrast that covers the 13 crashes);
//   1. exact findings (a reproduction or an experiment made the program's output happen; any kind whose
//      producer set `exact`), by how many failed cases they reproduce, then by how few of the student's passed
//      cases the reference with them would change (StudentResults::passedCasesChanged; not known ranks last);
//   2. findings that are not exact but are not a nearest fault either (a log shape, a contrast), by cases;
//   3. nearest ("closest") faults, by cases. These explain nothing and are worded so.
// Within a rank, equal on every criterion: the first to appear is shown; among exact ones it is a tie, shown
// as one ("one of: A, B"). The best other finding that is not a nearest fault follows the main one ("also").
// Before all of them: a finding that the output does not follow the input (grader/explain/input_ignored.hpp):
// what a reproduction makes of such runs is a coincidence. And rule 0 also takes a finding of crashes that covers
// at least 3 failed cases and more than any exact finding does: nothing headlines on 1 case when a cause covers
// many (a 1-case reproduction over 9 crashes with one error line).
//
// A group of runs that gave no answer, nothing explains, over half of the failed cases and more than the finding
// covers (9 of 13 runs wrote no next_state.txt, 3 crashed with one error line) heads the line, the finding after it.
//
// Every failure accounted for: `causes` lists each distinct cause with the failed cases it covers, the main one
// first, then the others in the ranking's order, each counting only cases no earlier cause covers, until every
// failed case is covered; the failures nothing explains are grouped by what the run showed (a crash's error
// line, a missing file, a wrong answer) as "not explained: N cases, first at CASE".
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "grader/results/run_results.hpp"

namespace plyjudge::grader {

// Another finding of the student's, for other failed cases than the main one's.
struct SecondFinding {
    std::string name;
    bool exact = false;
    int cases = 0;  // failed cases it explains
};

// One cause in the list of every failure's cause (MainExplanation::causes).
struct FailureCause {
    std::string name;       // the finding's name (Explanation::fault), or what the unexplained runs show
    std::string line;       // one line for the views: "explained: strict-pruning — 3 of 9 failed cases, first at published/case2"
    int cases = 0;          // failed cases it covers that no earlier cause covers
    std::string firstCase;  // the first of them: "published/case2"
    bool explained = false; // false: a group of failures nothing explains (or only a nearest fault)
    bool noAnswer = false;  // a group of runs that gave no answer to compare (crashes, missing files, limits)
};

struct MainExplanation {
    std::optional<Explanation> finding;  // nullopt: nothing explains any failed case
    std::vector<std::string> tie;        // with `finding`'s name first, every name equal with it on every criterion
    int explained = 0;                   // failed cases the finding explains (exactly, for an exact one)
    int holdsWithOthers = 0;             // an exact log shape: failed cases where it holds with other differences too
    int failed = 0;                      // the student's failed cases (ran, not passed, not a judge error)
    std::optional<int> passedChanged;    // the student's passed cases the reference with it fails; nullopt: not known
    std::string firstDifference;         // without a finding: "CASE, FILE line N: expected "X", got "Y""
    std::string findingCase;             // the case whose explanation `finding` is (its figures): "published/case2"
    std::optional<SecondFinding> also;   // the best other finding (not a tie, not a nearest fault), if any
    std::vector<FailureCause> causes;    // every failed case's cause, the main one first; their cases sum to `failed`

    bool exact() const { return finding && finding->exact; }
    bool isTie() const { return tie.size() > 1; }
    // One line, e.g. "explained: strict-pruning (explains 2 of 9 failed cases) — Your program prunes only ...",
    // "not explained; the nearest catalogued mistake, root-as-min, agrees on 30 of 120 lines of published/case2
    // (nearest in 3 of 9 failed cases)",
    // "not explained: the first difference is in published/case2, output.txt line 4: expected "a", got "b"".
    // A second finding follows: "...; also explained: lf-line-ends (in 3 of 9 failed cases)".
    std::string line() const;
    // The causes as lines, one per cause (empty when there is one cause or none): what the views list below line().
    std::vector<std::string> causeLines() const;

private:
    std::string mainLine() const;
    std::string alsoLine() const;
    const FailureCause* unexplainedBulk() const;
};

// The student's main explanation; nullopt when no case failed, or one failed and it is neither explained nor a
// wrong answer with a difference (a crash, a time limit: its verdict says it all), or the submission did not build
// (a compile error, no program: said once where it is shown). Several such failures, most of them runs that wrote
// no file: that group, as "not explained: missing output: ... — 10 of 10 failed cases, first at published/case1".
std::optional<MainExplanation> mainExplanationOf(const RunResults& run, const StudentResults& student);

// The names that reproduce the most failed cases exactly: those whose passed cases the ranking compares
// (grader/explain fills StudentResults::passedCasesChanged for them).
std::vector<std::string> exactNamesWithMostCases(const StudentResults& student);

// What a failed case shows under its diagnosis: its explanation's line; for a wrong answer nothing explains,
// "not explained: the first difference is FILE line N: expected "X", got "Y""; else "".
std::string caseExplanationLine(const CaseResult& result);

}  // namespace plyjudge::grader
