// Running commands as subprocesses in tests: the built plyjudge the way students, TAs and scripts run it,
// or any shell command line.
#pragma once

#include <filesystem>
#include <string>

namespace plyjudge::testing {

struct CommandRun {
    int status = -1;     // exit status, -1 if killed by a signal or not started
    std::string output;  // stdout and stderr together
};

// Runs a shell command line and captures its stdout and stderr.
CommandRun runShell(const std::string& command);

// Runs `plyjudge ARGS` (ARGS as shell words) with `dir` as the working directory.
CommandRun runPlyjudge(const std::filesystem::path& dir, const std::string& args);

}  // namespace plyjudge::testing
