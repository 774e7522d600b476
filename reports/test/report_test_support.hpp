// A small graded run built from committed cases, shared by the report tests.
#pragma once

#include <string>

#include "reports/results_loader.hpp"

namespace plyjudge::reports::testing {

// The grader's text for a first difference (grader/run/case_runner.cpp's differenceText shape).
std::string differenceDetail(const std::string& file, int line, const std::string& expected, const std::string& actual);

// reversi published case1 and case2 (published) and case3 (marked hidden); students: alice passes all,
// bob plays a1 everywhere (wrong answer, tie-break), "=cmd,\"x\"" has case3 not run and a judge error.
RunResults sampleRun();

// The Python interpreter for checks: /usr/bin/python3 when present (a pyenv shim costs a second a run).
std::string python();

// Runs a shell command; returns its exit status and fills output with stdout+stderr.
int shell(const std::string& command, std::string* output = nullptr);

}  // namespace plyjudge::reports::testing
