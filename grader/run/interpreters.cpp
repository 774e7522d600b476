#include "common/program_search.hpp"
#include "grader/run/interpreters.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>

#include "grader/run/languages.hpp"
#include "grader/run/tool_installation.hpp"

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
    // The first one the runs can reach (a root grader's runs are another uid), else the first (its refusal names why).
    const std::vector<std::filesystem::path> found = executablesInPath(name);
    for (const auto& candidate : found)
        if (!runsAsOtherUser() || reachableByOthers(candidate, true)) return candidate.string();
    return found.empty() ? name : found.front().string();
}

namespace {

// The first folder above `path` (or the file itself) that others cannot pass, for the message.
std::string privateFolderOf(const std::filesystem::path& path) {
    std::error_code ec;
    const std::filesystem::path p = std::filesystem::weakly_canonical(path, ec);
    std::string found;
    for (std::filesystem::path dir = p.parent_path();; dir = dir.parent_path()) {
        struct stat st {};
        if (::stat(dir.c_str(), &st) == 0 && !(st.st_mode & S_IXOTH)) found = dir.string();
        if (dir == dir.root_path()) break;
    }
    return found;
}

}  // namespace

std::string Interpreters::commandFor(const std::string& name) const {
    if (const auto it = paths.find(name); it != paths.end()) return it->second;
    const ToolSpec* spec = toolSpec(name);
    if (!spec) return resolveCommand(name);
    // The first name found that the run users can execute (an altinstall has python2.7 and no python2), else the
    // first name found at all.
    std::string found;
    for (std::string_view pathName : spec->pathNames) {
        const std::string command = resolveCommand(std::string(pathName));
        if (command.find('/') == std::string::npos) continue;
        if (!runsAsOtherUser() || reachableByOthers(command, true)) return command;
        if (found.empty()) found = command;
    }
    return found.empty() ? name : found;
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
        const std::string folder = privateFolderOf(command);
        const bool shim = command.find("/shims/") != std::string::npos;
        return name + " at " + command + " cannot be run by the sandbox user (a folder above it" +
               (folder.empty() ? "" : ", " + folder + ",") + " is private" +
               (shim ? "; it is a version manager's shim, and the version it starts is in there too" : "") + "): " + fix;
    }
    if (const ToolInstallation& installed = toolInstallation(name, command); !installed.refused.empty()) return installed.refused;
    return std::nullopt;
}

std::vector<std::filesystem::path> Interpreters::installationOf(const std::string& name) const {
    // Only a tool's: a TA's own program named in a command shows its folder by itself (sandbox/bubblewrap.cpp).
    if (!toolSpec(name) && !paths.count(name)) return {};
    const std::string command = commandFor(name);
    if (command.find('/') == std::string::npos || ::access(command.c_str(), X_OK) != 0) return {};
    return toolInstallation(name, command).shown;
}

}  // namespace plyjudge::grader
