// What a student may read of a run: a hidden case's input, expected output and whatever the program wrote stay
// with the TA. One redaction of the model, applied by the Gradescope writer always and by every format when the
// reports are written for students (`--for-students`, cli/report_output.hpp); the TA's own reports keep everything.
#pragma once

#include "reports/results_model.hpp"

namespace plyjudge::reports {

// `run` as its students may see it. A case shown to students below Full (CaseInfo::shownToStudents(): a hidden
// case, or one the loader does not know, unless its suite says `show: full`) keeps, in every result, the verdict,
// the points and the diagnosis category, and
//   ShowLevel::Verdict:   nothing more;
//   ShowLevel::Diagnosis: also where the output first differs (file, line, kind) and the explanation; no value of
//                         the expected or the program's output, and no message of the program's (issue 41).
// Gone at both levels: the case's input and expected move, the first difference, stderr, the chosen move, and the
// figures a program sets at will (exit status, signal, times, memory, bytes written), which could carry its input
// out. A judge error, at every level, keeps only "not graded: a problem on the grader's side" (its cause is the TA's).
// Applying it twice changes nothing.
RunResults forStudents(RunResults run);

// Whether `run` is a student view whose case `caseIndex` withholds its figures (times, exit status) and program text:
// the reports show "—" there, not the zeros left in their place.
bool withheldFromStudents(const RunResults& run, std::size_t caseIndex);

}  // namespace plyjudge::reports
