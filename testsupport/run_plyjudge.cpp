#include "run_plyjudge.hpp"

#include <sys/wait.h>

#include <cstdio>

namespace plyjudge::testing {

CommandRun runPlyjudge(const std::filesystem::path& dir, const std::string& args) {
    const std::string command = "cd '" + dir.string() + "' && '" PLYJUDGE_BINARY "' " + args + " 2>&1";
    CommandRun result;
    FILE* pipe = ::popen(command.c_str(), "r");
    if (!pipe) return result;
    char buffer[4096];
    while (std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) result.output.append(buffer, n);
    const int raw = ::pclose(pipe);
    result.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    return result;
}

}  // namespace plyjudge::testing
