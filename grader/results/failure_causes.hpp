// The list of every failure's cause behind MainExplanation::causes (main_explanation.hpp): the findings in the
// ranking's order, each with the failed cases no earlier one covers, then the failures nothing explains,
// grouped by what their runs showed.
#pragma once

#include <string>
#include <vector>

#include "grader/results/main_explanation.hpp"

namespace plyjudge::grader {

// `ranked`: the names of the student's findings, best first (the main one first); `tie`: the names shown as one
// with the main one (their cases are the main one's). The causes' cases sum to the student's failed cases.
std::vector<FailureCause> failureCausesOf(const RunResults& run, const StudentResults& student, const std::vector<std::string>& ranked,
                                          const std::vector<std::string>& tie);

}  // namespace plyjudge::grader
