// Running the built plyjudge program as a subprocess, the way students, TAs and scripts run it.
#pragma once

#include <filesystem>
#include <string>

namespace plyjudge::testing {

struct CommandRun {
    int status = -1;     // exit status, -1 if killed by a signal
    std::string output;  // stdout and stderr together
};

// Runs `plyjudge ARGS` (ARGS as shell words) with `dir` as the working directory.
CommandRun runPlyjudge(const std::filesystem::path& dir, const std::string& args);

}  // namespace plyjudge::testing
