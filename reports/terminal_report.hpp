// What `check` and `grade` print on the terminal, from the same model as every other report. Every name and
// every program text is printed terminalSafe (common/escaping.hpp): no control character reaches the terminal raw.
#pragma once

#include <ostream>

#include "reports/results_model.hpp"

namespace plyjudge::reports {

// One line per case of one student and, for failures, the message, the explanation (or "not explained: ...")
// and (showDetail) the first difference or the start of what the program printed; then a total and, last, the
// student's main explanation (check's view).
void printCaseReport(std::ostream& out, const RunResults& run, const StudentResults& student, bool showDetail);

// One line per student with points and verdict counts, under it the student's main explanation in one line
// (when a case failed), then totals (grade's view).
void printClassSummary(std::ostream& out, const RunResults& run);

}  // namespace plyjudge::reports
