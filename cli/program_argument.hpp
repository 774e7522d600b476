// The PROGRAM / --command argument and the sandbox limit options shared by `check` and `fuzz`.
#pragma once

#include "grader/run/program.hpp"
#include "sandbox/sandbox.hpp"
#include "cli/command_line.hpp"

namespace plyjudge::cli {

// Adds --python2, --python, --interpreter, --wall-seconds, --cpu-seconds and --memory-mb; `unit` names what a limit applies to ("case").
void addProgramLimitOptions(CommandLine& cl, const std::string& unit);
// The program from the positional "program" file (or `programFile`, when the caller chose it: check given a
// folder) and/or --command; throws UsageError when neither is usable.
grader::ProgramSource programSourceOf(const po::variables_map& vm, const std::optional<std::filesystem::path>& programFile = {});
// Adds -j/--jobs (default: the number of CPUs) saying what runs in parallel.
void addJobsOption(CommandLine& cl, const char* what);
// The --interpreter NAME=PATH choices; throws UsageError for a malformed one.
grader::Interpreters interpretersOf(const po::variables_map& vm);
// The limits given by the options of addProgramLimitOptions; throws UsageError on impossible values.
sandbox::SandboxLimits limitsOf(const po::variables_map& vm);
// Says on standard error, as a note, that the runs are not isolated with bubblewrap here and why (nothing if they are).
void noteIfNotIsolated();

}  // namespace plyjudge::cli
