// The steps of one run of a submission on a case, shared by the case runner (case_runner.cpp) and the reruns of
// the explanation by experiment (experiment_rerun.cpp), so that a rerun is run exactly as the case was: the
// same fresh private directory, sandbox settings, limits, and comparison.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "grader/run/case_runner.hpp"

namespace plyjudge::grader {

// A fresh, empty directory for one run inside the context's work root, private to the grader (0700).
std::filesystem::path freshRunDirectory(const RunContext& context);

// Runs the program once in `dir` (which holds its input and setup). `other`: run the program's file with this
// interpreter instead of its own (the other Python).
sandbox::RunOutcome runProgramIn(const RunContext& context, const PreparedProgram& program, const std::filesystem::path& dir,
                                 const OtherInterpreter* other = nullptr);

// The case's compared files that the run did not write (as regular files) in `dir`.
std::vector<std::string> missingOutputs(const CaseSpec& spec, const std::filesystem::path& dir);

// Whether every file the case compares is in `dir` and equals the expected one (the case runner's comparison:
// modulo line ends, trailing spaces and final newlines).
bool outputsMatch(const CaseSpec& spec, const std::filesystem::path& dir);

}  // namespace plyjudge::grader
