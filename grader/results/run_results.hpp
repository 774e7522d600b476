// The one results model of plyjudge. The grader produces CaseResults (one per student and case), the results
// store keeps them, and every view reads a RunResults: the terminal summaries of `check` and `grade`, `--json`,
// and the report formats (Gradescope, JUnit, CSV, HTML). Adding a field here and to the store is all it takes
// for every view to have it.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/judge_fault.hpp"
#include "grader/results/verdict.hpp"
#include "grader/suite/case_suite.hpp"

namespace plyjudge::grader {

// Where an output file first differs from the expected one, kept in structured form from the comparison
// to every view (nothing is parsed back from text).
struct FirstDifference {
    std::string file;                        // e.g. "traverse_log.txt"
    std::uint64_t line = 0;                  // 1-based
    std::vector<std::string> before;         // the common lines just before `line` (oldest first)
    std::optional<std::string> expected;     // nullopt: the expected file ended before `line`
    std::optional<std::string> actual;       // nullopt: the actual file ended before `line`
    std::vector<std::string> expectedAfter;  // a few lines after `line` in each file, for the views
    std::vector<std::string> actualAfter;

    std::uint64_t firstBeforeLine() const { return line - before.size(); }
};

// The difference as text with line numbers, as the terminal and the JSON's "detail" show it:
//   FILE line N:
//        N-1 | common line
//     expected: X
//     actual:   Y
std::string differenceText(const FirstDifference& d);

// How an explanation was found (grader/explain): by reproducing the output with the reference and a fault or
// dialect (`Fault`), by rerunning the program on a changed situation that makes it pass (`Experiment`), by a
// feature of the inputs that separates the failed cases from the passed ones (`Contrast`), or by a pattern
// that holds across the program's log (`LogShape`), or by the error line several of its crashed runs end with
// (`ErrorOutput`: the program's own words, never exact), or by the same output written for different inputs
// (`InputIgnored`: the output does not follow the input; grader/explain/input_ignored.hpp).
enum class ExplanationKind { Fault, Experiment, Contrast, LogShape, ErrorOutput, InputIgnored };
// "fault", "experiment", "contrast", "log-shape", "error-output", "input-ignored"
std::string_view explanationKindCode(ExplanationKind kind);
std::optional<ExplanationKind> explanationKindFromCode(std::string_view code);

// Why a wrong answer is wrong. For a fault: the reference run on the case with a catalogued fault (or another
// dialect, or a pair of them) writes exactly the program's output (`exact`), or, when none does, the candidate
// that agrees longest. `exact` is set only when a reproduction or an experiment made the program's output (or
// its pass) happen.
struct Explanation {
    std::string fault;             // e.g. "strict-pruning", "strict-pruning + depth-plus-one", "cutoff_log=bound-first"
    bool exact = false;
    std::uint64_t agreesLines = 0;  // lines it agrees on, in the reference's order of writing (agreement.hpp)
    std::string sentence;          // what the program does wrong, to the student
    std::vector<std::string> alsoExact;  // other candidates that reproduce the output exactly too
    ExplanationKind kind = ExplanationKind::Fault;
    std::uint64_t outputLines = 0;  // lines of the program's compared output, of which agreesLines agree; 0: not known

    // As the views show it: "explained: FAULT — SENTENCE"; a nearest fault, which explains nothing: "not explained;
    // the nearest catalogued mistake, FAULT, agrees on N of M lines"; another kind's finding that is not exact:
    // "not reproduced; KIND finding NAME — SENTENCE".
    std::string line() const;
};

// A move as the reports show it, in the variant's notation ("c4", "F4-H2", "pass", "B3").
struct ChosenMove {
    std::string name;
};

// One submission on one case.
struct CaseResult {
    std::string suite, name;
    Verdict verdict = Verdict::NotRun;          // the student's verdict; meaningless when judgeFault is set
    double points = 0, maxPoints = 0;
    std::string diagnosisKind;                  // e.g. "expansion-order" (wrong answers), empty otherwise
    std::string message;                        // one line: the diagnosis, the exit status, the limit hit, ...
    std::optional<FirstDifference> difference;  // wrong answers: where the output first differs
    std::optional<Explanation> explanation;     // wrong answers: the mistake that reproduces the output, if any
    std::string stderrHead;                     // runtime errors: the start of what the program printed
    double wallSeconds = 0, cpuSeconds = 0;
    std::uint64_t peakMemoryBytes = 0, bytesWritten = 0;
    int exitCode = -1, signal = 0;
    bool isolated = false;
    std::string interpreter;                    // what ran the program, e.g. "python2 (/usr/bin/python2.7; ...)"
    std::string interpreterReason;              // why that interpreter (a Python's: the syntax, or a trial run), or ""
    std::optional<ChosenMove> actualMove;       // the submission's move, where its output shows it (reports)
    std::string outputDigest;                   // wrong answers: digest of the normalised outputs (compare/output_digest.hpp), "" unknown
    // Set: the case is not graded, because the grader's side failed (the sandbox, an interpreter, the disk, plyjudge):
    // no verdict of the student's, never final, never counted. For the TA (the message says it in one line); students
    // are told only kNotGradedForStudents.
    std::optional<JudgeFault> judgeFault;

    bool judgeError() const { return judgeFault.has_value(); }
    bool passed() const { return !judgeError() && verdict == Verdict::Ok; }
    bool ran() const { return judgeError() || verdict != Verdict::NotRun; }
    // The verdict as people read it ("wrong answer") and as files store it ("wrong-answer"); "judge error" and
    // "judge-error" for a judge fault.
    std::string_view verdictText() const { return judgeError() ? kJudgeErrorName : verdictName(verdict); }
    std::string_view verdictCodeText() const { return judgeError() ? kJudgeErrorCode : verdictCode(verdict); }
    // The first difference as text, else the stderr head: what a person reads below the message.
    std::string detail() const { return difference ? differenceText(*difference) : stderrHead; }
};

// A case as the views know it.
struct CaseInfo {
    std::string suite, name;                     // e.g. "published", "case3"
    double maxPoints = 0;
    Visibility visibility = Visibility::Hidden;  // unknown counts as hidden: never reveal a case by accident
    std::string inputText;                       // the case's input.txt; empty when unknown
    std::string expectedDir;                     // where its expected files are; empty when unknown
    std::optional<ChosenMove> expectedMove;      // the reference's move (reports fill it from the expected files)
    ShowLevel show = ShowLevel::Verdict;         // what a student's report shows of it when hidden (suite.yaml `show`)

    std::string id() const { return suite + "/" + name; }
    // What a student's report shows of the case: everything when it is published, else its `show`.
    ShowLevel shownToStudents() const { return visibility == Visibility::Published ? ShowLevel::Full : show; }
};

struct StudentResults {
    std::string name;
    std::vector<CaseResult> outcomes;  // parallel to RunResults::cases; NotRun where the run has no result

    double points() const;
    double maxPoints() const;  // judge errors excluded: they never count against the student
    int passedCount() const;
    int count(Verdict v) const;  // the student's verdicts (judge errors are none)
    int judgeErrors() const;
    double seconds() const;    // wall time of all runs
    std::string interpreter() const;  // what ran the program (the first result that says), or ""
    std::string interpreterReason() const;  // why that interpreter (the first result that says), or ""
    // For names that reproduce failed cases exactly: how many of the passed cases the reference with it fails
    // (filled by grader/explain explainStudents; a name absent: not known). The main explanation's ranking reads
    // it: grader/results/main_explanation.hpp, mainExplanationOf.
    std::map<std::string, int> passedCasesChanged;
};

struct RunResults {
    std::string title;    // the assignment's title or file name, "check PROGRAM" for a check
    std::string variant;  // the variant's name; empty when unknown
    std::string source;   // what was graded against: the assignment file, or "check"
    std::vector<CaseInfo> cases;           // ordered by suite, then case (the grader's order)
    std::vector<StudentResults> students;  // ordered by name
    bool complete = true;                  // false: some (student, case) has no result yet (cut short)
    std::vector<std::string> notes;        // what the loader could not know (shown in reports)
    // Made for students (reports/student_view.hpp): what a case shown below `full` withholds is gone, and the
    // reports show "—" for it rather than the zero left in its place.
    bool studentView = false;

    int caseIndex(const std::string& suite, const std::string& name) const;  // -1 if absent
    int count(Verdict v) const;                                              // over every student
    int judgeErrors() const;                                                 // over every student
};

}  // namespace plyjudge::grader
