// Shared helpers of the grader's end-to-end tests.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "grader/run/case_runner.hpp"

namespace plyjudge::grader::testing {

std::filesystem::path programsDir();  // grader/test/programs
std::string plyjudgeBinary();
std::string pythonPath();  // the python3 interpreter's own path
// A root grader runs programs under another uid: a TempDir (0700) must be opened to them (0755).
void openToRuns(const std::filesystem::path& dir);
// `root` opened to the runs, and ROOT/suite: a hidden two-case reversi suite (copies of the official case1 and case3).
void makeHiddenReversiSuite(const std::filesystem::path& root);
std::string corruptCommand(const std::string& mode, const std::string& variant);  // a --command template

// Limits small enough to keep the tests fast.
sandbox::SandboxLimits quickLimits();

// Runs `command` (a template) on one bundled case of a variant, like check would.
CaseResult runOnCase(const std::string& variant, const std::string& suite, const std::string& kase,
                     const ProgramSource& source, const sandbox::SandboxLimits& limits = quickLimits());
CaseResult runCommandOnCase(const std::string& variant, const std::string& suite, const std::string& kase,
                            const std::string& command, const sandbox::SandboxLimits& limits = quickLimits());

struct CommandOutput {
    int exitCode = -1;
    std::string output;  // stdout and stderr together
};
void writeFileMakingDirs(const std::filesystem::path& path, const std::string& content);
// Runs a shell command line and captures its output.
CommandOutput shell(const std::string& command);
std::string quoted(const std::string& s);

}  // namespace plyjudge::grader::testing
