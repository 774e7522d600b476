// The settings that serve a file a failed program opened and that does not exist, in the student's words: the hint
// `check` adds to such a runtime error's message, and every student view (Gradescope, JUnit, HTML) shows once per
// student (reports/student_help.hpp).
#pragma once

#include <optional>
#include <string>

#include "grader/results/run_results.hpp"

namespace plyjudge {
struct Variant;
}

namespace plyjudge::grader {

// "your program opened NAME, which does not exist; the input is input.txt — add setup: {NAME: input.txt} ...", or,
// for a name that cannot be written in a setting, how to open the input instead.
std::string missingFileHint(const std::string& name);

// The hint for one result: a runtime error whose error output (stderrHead) says a file could not be opened that is
// neither input.txt nor one of the variant's output files (a program reading back next_state.txt needs no copy of
// the input there). nullopt otherwise, and when the error output is not there (a student view of a hidden case).
std::optional<std::string> missingInputHint(const CaseResult& result, const Variant& variant);

}  // namespace plyjudge::grader
