#include "testsupport/python2.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <mutex>

#include <unistd.h>

#include "testsupport/run_command.hpp"

namespace plyjudge::testing {

namespace {

// Run as a stranger would: an empty environment (and another uid when we are root).
bool runsPython2(const std::filesystem::path& python) {
    const std::string asOther = ::geteuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : "";
    return runShell(asOther + "env -i '" + python.string() + "' -c 'import sys; assert sys.version_info[0] == 2' 2>&1").status == 0;
}

std::optional<std::filesystem::path> find(std::string& why) {
    for (const char* candidate : {"/usr/bin/python2", "/usr/local/bin/python2", "/usr/bin/python2.7"}) {
        if (std::filesystem::exists(candidate) && runsPython2(candidate)) return std::filesystem::path(candidate);
    }
    const char* home = std::getenv("HOME");
    const std::filesystem::path versions = std::filesystem::path(home ? home : "/root") / ".pyenv" / "versions";
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(versions, ec)) {
        const std::string name = e.path().filename().string();
        if (!name.starts_with("2.7")) continue;
        // Shared by every test process of this machine; made once, atomically (copy, then rename).
        // pyenv links python2.7 to its libpython by an absolute path under /root: the copy is started through
        // a wrapper that names its own lib/ folder.
        const std::filesystem::path copy = "/tmp/plyjudge-python" + name;
        const std::filesystem::path wrapper = copy / "bin" / "python2-for-runs";
        if (!std::filesystem::exists(wrapper)) {
            const std::string temp = copy.string() + fmt::format(".part{}", ::getpid());
            const CommandRun r = runShell(fmt::format(
                "rm -rf '{0}' && cp -a '{1}' '{0}' && printf '#!/bin/sh\\nLD_LIBRARY_PATH={2}/lib exec {2}/bin/python2.7 \"$@\"\\n' "
                "> '{0}/bin/python2-for-runs' && chmod -R a+rX '{0}' && chmod 755 '{0}/bin/python2-for-runs' && mv -T '{0}' '{2}' 2>&1",
                temp, e.path().string(), copy.string()));
            if (r.status != 0 && !std::filesystem::exists(wrapper)) {
                why = "cannot copy " + e.path().string() + " to " + copy.string() + ": " + r.output;
                return std::nullopt;
            }
        }
        if (runsPython2(wrapper)) return wrapper;
        why = wrapper.string() + " does not run as another user";
        return std::nullopt;
    }
    why = "no Python 2 here (not in Debian bookworm; no pyenv 2.7 build in " + versions.string() + ")";
    return std::nullopt;
}

}  // namespace

std::optional<std::filesystem::path> python2ForRuns(std::string* whyNot) {
    static std::once_flag once;
    static std::optional<std::filesystem::path> found;
    static std::string why;
    std::call_once(once, [] { found = find(why); });
    if (!found && whyNot) *whyNot = why;
    return found;
}

}  // namespace plyjudge::testing
