// A student's failed cases grouped by their explanation, for the HTML report: 56 cases that one mistake explains are
// one group (one example drawn, the others named), not 56 copies of the same three lines. Cases merge when their
// explanations are the same finding (the same fault, kind and sentence; a nearest fault's figures differ per case
// and do not split it), or, without one, when their explanation lines are equal (the same first difference), or,
// with neither, when verdict, category and message are equal. Judge errors are groups of their own cause.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "reports/results_model.hpp"

namespace plyjudge::reports {

struct FailureGroup {
    std::string line;                // the explanation line shown for the group (its first case's); may be ""
    std::string label;               // what the explanation filter calls it: the fault, "not explained", a verdict
    std::vector<std::size_t> cases;  // indices into RunResults::cases, in the run's order; the first is the example
    std::vector<std::string> verdictCodes;  // the verdict codes among its cases ("wrong-answer", ...), without repeats
};

// The groups of the cases the student ran and did not pass, in the order of their first case.
std::vector<FailureGroup> failureGroupsOf(const StudentResults& student);

}  // namespace plyjudge::reports
