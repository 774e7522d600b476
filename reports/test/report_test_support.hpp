// A small graded run built from committed cases, shared by the report tests.
#pragma once

#include <string>

#include "grader/results/results_loader.hpp"
#include "reports/results_model.hpp"

namespace plyjudge::reports::testing {

// A first difference at `line` of `file` with the expected file's next line "********".
FirstDifference boardDifference(const std::string& file, int line, const std::string& expected, const std::string& actual);

// reversi published case1 and case2 (published) and case3 (marked hidden); students: alice passes all,
// bob plays a1 everywhere (wrong answer, tie-break), "=cmd,\"x\"" has case3 not run and a judge error.
RunResults sampleRun();  // with the chosen moves annotated, as writeReports does

// The Python interpreter for checks: /usr/bin/python3 when present (a pyenv shim costs a second a run).
std::string python();

// Runs a shell command; returns its exit status and fills output with stdout+stderr.
int shell(const std::string& command, std::string* output = nullptr);

}  // namespace plyjudge::reports::testing
