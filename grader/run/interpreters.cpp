#include "grader/run/interpreters.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>

namespace plyjudge::grader {

bool runsAsOtherUser() { return ::geteuid() == 0; }

bool reachableByOthers(const std::filesystem::path& path, bool execute) {
    std::error_code ec;
    const std::filesystem::path p = std::filesystem::canonical(path, ec);
    if (ec) return false;
    struct stat st {};
    if (::stat(p.c_str(), &st) != 0) return false;
    const bool isDir = S_ISDIR(st.st_mode);
    if (!(st.st_mode & S_IROTH) && !isDir) return false;
    if ((execute || isDir) && !(st.st_mode & S_IXOTH)) return false;
    for (std::filesystem::path dir = p.parent_path();; dir = dir.parent_path()) {
        if (::stat(dir.c_str(), &st) != 0 || !(st.st_mode & S_IXOTH)) return false;
        if (dir == dir.root_path()) break;
    }
    return true;
}

std::string resolveCommand(const std::string& name) {
    if (name.find('/') != std::string::npos) return name;
    const char* path = std::getenv("PATH");
    std::string first;
    std::string dirs = path ? path : "/usr/bin:/bin";
    for (std::size_t start = 0; start <= dirs.size();) {
        std::size_t end = dirs.find(':', start);
        if (end == std::string::npos) end = dirs.size();
        const std::filesystem::path candidate = std::filesystem::path(dirs.substr(start, end - start)) / name;
        start = end + 1;
        if (::access(candidate.c_str(), X_OK) != 0) continue;
        if (!runsAsOtherUser() || reachableByOthers(candidate, true)) return candidate.string();
        if (first.empty()) first = candidate.string();
    }
    return first.empty() ? name : first;
}

std::string Interpreters::commandFor(const std::string& name) const {
    const auto it = paths.find(name);
    return it != paths.end() ? it->second : resolveCommand(name);
}

std::optional<std::string> Interpreters::problemWith(const std::string& name) const {
    const std::string command = commandFor(name);
    const bool chosen = paths.count(name) > 0;
    const std::string fix = "install it system-wide or set run.interpreters." + name +
                            " in the assignment (check, fuzz, referee: --interpreter " + name + "=PATH)";
    if (command.find('/') == std::string::npos || ::access(command.c_str(), X_OK) != 0) {
        return chosen ? name + " at " + command + " cannot be executed: " + fix
                      : "no " + name + " is installed here (none in PATH): " + fix;
    }
    if (runsAsOtherUser() && !reachableByOthers(command, true)) {
        return name + " at " + command + " cannot be run by the sandbox user (a folder above it is private): " + fix;
    }
    return std::nullopt;
}

std::vector<std::filesystem::path> Interpreters::installationOf(const std::string& name) const {
    const auto it = paths.find(name);
    if (it == paths.end()) return {};
    std::error_code ec;
    const std::filesystem::path real = std::filesystem::canonical(it->second, ec);
    if (ec) return {};
    const std::filesystem::path dir = real.parent_path();
    return {dir.filename() == "bin" ? dir.parent_path() : dir};
}

}  // namespace plyjudge::grader
