#include "testsupport/run_command.hpp"

#include <sys/wait.h>

#include <cstdio>

namespace plyjudge::testing {

CommandRun runShell(const std::string& command) {
    CommandRun result;
    FILE* pipe = ::popen((command + " 2>&1").c_str(), "r");
    if (!pipe) return result;
    char buffer[4096];
    while (std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) result.output.append(buffer, n);
    const int raw = ::pclose(pipe);
    result.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    return result;
}

CommandRun runPlyjudge(const std::filesystem::path& dir, const std::string& args) {
    return runShell("cd '" + dir.string() + "' && '" PLYJUDGE_BINARY "' " + args);
}

}  // namespace plyjudge::testing
