// The results of one grading run as every report format sees them: a small in-memory model, filled by one
// loader (results_loader.hpp, from the grader's SQLite store) and read by one writer per format.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace plyjudge::reports {

enum class Visibility {
    Published,  // shown to students in full (Gradescope: visible)
    Hidden,     // shown once grades are published (Gradescope: after_published)
};

// A chosen move as the report shows it: its name in the variant's notation ("c4", "F4-H2", "pass", "B3").
struct ChosenMove {
    std::string name;
};

struct CaseInfo {
    std::string suite, name;  // e.g. "published", "case3"
    double maxPoints = 0;
    Visibility visibility = Visibility::Hidden;  // unknown counts as hidden: never reveal a case by accident
    std::string inputText;                       // the case's input.txt; empty when unknown
    std::optional<ChosenMove> expectedMove;      // the reference's move, read from the expected files

    std::string id() const { return suite + "/" + name; }
};

// The first difference of an output file, split out of the grader's detail text when it has that shape.
struct FirstDifference {
    std::string file;
    std::uint64_t line = 0;
    std::vector<std::string> before;        // common lines before, as "   N | text"
    std::optional<std::string> expected;    // nullopt: the expected file ended
    std::optional<std::string> actual;      // nullopt: the actual file ended
};

struct CaseOutcome {
    std::string verdict;      // the grader's code: "ok", "wrong-answer", "time-limit", ..., "judge-error", "not-run"
    double points = 0, maxPoints = 0;
    std::string diagnosisKind;  // e.g. "expansion-order"; empty when none
    std::string message;        // one line for a student
    std::string detail;         // the first difference with context, or the program's stderr head
    std::optional<FirstDifference> difference;
    std::optional<ChosenMove> actualMove;  // the submission's move, when the outcome shows it
    double wallSeconds = 0, cpuSeconds = 0;
    std::uint64_t peakMemoryBytes = 0;
    int exitCode = -1, signal = 0;

    bool passed() const { return verdict == "ok"; }
    bool judgeError() const { return verdict == "judge-error"; }
    bool ran() const { return verdict != "not-run"; }
};

struct StudentResults {
    std::string name;
    std::vector<CaseOutcome> outcomes;  // parallel to RunResults::cases; "not-run" where the run has no result

    double points() const;
    double maxPoints() const;  // judge errors excluded: they never count against the student
    int passedCount() const;
    double seconds() const;    // wall time of all runs
};

struct RunResults {
    std::string title;    // e.g. the assignment file's name
    std::string variant;  // e.g. "reversi"; empty when unknown
    std::vector<CaseInfo> cases;           // ordered by suite, then case (the grader's order)
    std::vector<StudentResults> students;  // ordered by name
    bool complete = true;                  // false: some (student, case) has no result yet (cut short)
    std::vector<std::string> notes;        // what the loader could not know (shown in reports)

    int caseIndex(const std::string& suite, const std::string& name) const;  // -1 if absent
};

// A human name for a verdict code ("wrong-answer" -> "wrong answer").
std::string verdictTitle(const std::string& verdict);

// Points printed without needless decimals: 2 -> "2", 1.5 -> "1.5".
std::string formatPoints(double points);

// Splits the grader's difference text ("FILE line N:\n ... expected: X\n  actual:   Y ...") into parts;
// nullopt when the text has another shape (e.g. a stderr head).
std::optional<FirstDifference> parseDifference(const std::string& detail);

}  // namespace plyjudge::reports
