// The chosen moves a report shows next to a failed case: the reference's (read from the case's expected
// files) and the submission's (read from its first difference), each in the variant's notation.
#pragma once

#include "reports/results_model.hpp"

namespace plyjudge::reports {

// Fills CaseInfo::expectedMove and CaseResult::actualMove wherever the files and differences show them.
void annotateMoves(RunResults& run);

}  // namespace plyjudge::reports
