// The help a student gets with their results, the same in every view: the main explanation `check` ends with
// (grader/results/main_explanation.hpp) and the actionable hints (a missing input file's setting,
// grader/grade/missing_file_hint.hpp), each hint once with the cases it comes from. Every writer reads it through
// studentHelpOf alone, from the view it renders: a student view has lost a hidden case's error output and
// explanation, so nothing of a hidden case is said here that its `show` level does not allow.
#pragma once

#include <string>
#include <vector>

#include "reports/results_model.hpp"

namespace plyjudge::reports {

struct StudentHint {
    std::string text;                // e.g. "your program opened ./Input/input.txt, which does not exist; ..."
    std::vector<std::string> cases;  // the case ids it comes from, in the run's order
};

struct StudentHelp {
    std::string mainLine;             // the main explanation's one line; "" when there is none
    std::vector<StudentHint> hints;   // in order of their first case

    bool empty() const { return mainLine.empty() && hints.empty(); }
    // "Main explanation: ...\nHint: ... (cases: a, b)" as plain text (Gradescope, JUnit); "" when empty.
    std::string text() const;
};

StudentHelp studentHelpOf(const RunResults& run, const StudentResults& student);

// The hint of one case, or "" (from its error output, which `check` and `grade` both store; `check` appends the
// same text to the case's message).
std::string caseHintOf(const RunResults& run, const CaseResult& result);

}  // namespace plyjudge::reports
