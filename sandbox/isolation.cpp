// Whether bubblewrap works here: probed once by running a program in it with the options of a run (the command
// line itself: bubblewrap.cpp). The probe is the sandbox's first use, which makes the prepared /dev (dev_tree.hpp). Where it does not, the grader says so once and runs without it.
#include "sandbox/isolation.hpp"

#include <cstdio>
#include <iostream>

#include <boost/process.hpp>
#include <boost/process/posix.hpp>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sandbox/cleanup.hpp"
#include "sandbox/dev_tree.hpp"
#include "sandbox/host_notes.hpp"

namespace plyjudge::sandbox {

namespace {

namespace bp = boost::process;

constexpr int kProbeUid = 65534;

// Runs `command` in bwrap with the options of a run (as kProbeUid for a root grader): available, or why not.
bool runProbe(const std::string& bwrap, bool root, const std::vector<std::string>& command, IsolationSupport& support) {
    RunSpec spec;
    spec.workDir = "/";
    std::vector<std::string> args = detail::bubblewrapPrefix(spec, bwrap, root ? kProbeUid : -1, 3);
    args.erase(args.begin());
    args.insert(args.end(), command.begin(), command.end());
    try {
        bp::ipstream err;
        int info[2];
        if (::pipe2(info, O_CLOEXEC) != 0) throw std::runtime_error("pipe2 failed");
        int code = bp::system(bp::exe = bwrap, bp::args = args, bp::std_in < bp::null, bp::std_out > bp::null,
                              bp::std_err > err, bp::posix::fd.bind(3, info[1]));
        ::close(info[1]);
        // If the grader is already a subreaper, bwrap's pid-1 process may come back to us: reap it.
        std::string text;
        char buffer[4096];
        for (ssize_t n; (n = ::read(info[0], buffer, sizeof buffer)) > 0;) text.append(buffer, std::size_t(n));
        ::close(info[0]);
        detail::ReapedUsage ignored;
        detail::reapNamespaceInit(text, ignored);
        if (code == 0) {
            support.available = true;
            support.reason.clear();
            return true;
        }
        std::string line, all;
        while (std::getline(err, line)) all += (all.empty() ? "" : "; ") + line;
        support.reason = "bwrap does not work here (exit " + std::to_string(code) + (all.empty() ? "" : ": " + all) + ")";
    } catch (const std::exception& e) {
        support.reason = std::string("bwrap could not be started: ") + e.what();
    }
    return false;
}

IsolationSupport probe() {
    IsolationSupport support;
    const std::string& bwrap = detail::bubblewrapPath();
    if (bwrap.empty()) {
        support.reason = "bwrap (Debian package bubblewrap) is not installed";
        return support;
    }
    const bool root = ::geteuid() == 0;
    if (root && detail::runAsPath().empty() && detail::setprivPath().empty()) {
        support.reason = "neither plyjudge-run-as nor setpriv (util-linux) is installed";
        return support;
    }
    if (const char* off = std::getenv("PLYJUDGE_NO_BWRAP"); off && *off && std::string(off) != "0") {
        support.reason = "disabled by PLYJUDGE_NO_BWRAP";
        return support;
    }
    // First with the prepared /dev (dev_tree.hpp) and a program that opens /dev/null, which fails where the tree's
    // nodes do not work as devices; then, if that failed, with bwrap's own --dev and /bin/true.
    if (root && !detail::preparedDevTree().empty()) {
        if (runProbe(bwrap, root, {"/bin/sh", "-c", "exec </dev/null >/dev/null"}, support)) return support;
        detail::disablePreparedDevTree();
    }
    runProbe(bwrap, root, {"/bin/true"}, support);
    return support;
}

}  // namespace

const IsolationSupport& isolationSupport() {
    static const IsolationSupport support = [] {
        IsolationSupport s = probe();
        if (std::ostream* note = hostNoteStream(); note && !s.available)
            *note << "plyjudge: note: submissions run WITHOUT isolation (" << s.reason
                      << "): they can read other files and use the network; limits and cleanup still apply\n";
        return s;
    }();
    return support;
}

namespace detail {

const std::string& bubblewrapPath() {
    static const std::string path = [] {
        boost::filesystem::path p = bp::search_path("bwrap");
        return p.empty() ? std::string() : p.string();
    }();
    return path;
}

const std::string& setprivPath() {
    static const std::string path = [] {
        boost::filesystem::path p = bp::search_path("setpriv");
        return p.empty() ? std::string() : p.string();
    }();
    return path;
}

const std::string& runAsPath() {
    static const std::string path = [] {
        std::vector<std::filesystem::path> candidates;
        std::error_code ec;
        const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
        if (!ec) candidates.push_back(self.parent_path().parent_path() / PLYJUDGE_RUN_AS_INSTALLED);
        candidates.emplace_back(PLYJUDGE_RUN_AS_BUILT);
        for (const auto& candidate : candidates) {
            // It runs as root inside every sandbox: only trusted if nobody but root or the grader can replace it.
            struct stat st{};
            if (::stat(candidate.c_str(), &st) != 0 || !S_ISREG(st.st_mode) || (st.st_mode & 0022) != 0 ||
                (st.st_uid != 0 && st.st_uid != ::geteuid()) || ::access(candidate.c_str(), X_OK) != 0)
                continue;
            return candidate.lexically_normal().string();
        }
        return std::string();
    }();
    return path;
}

std::string missingBindSource(const RunSpec& spec) {
    std::error_code ec;
    for (const auto& p : spec.readOnlyPaths)
        if (!std::filesystem::exists(p.path, ec)) return "read-only path " + p.path.string() + " (" + p.why + ") does not exist";
    return "";
}

}  // namespace detail

}  // namespace plyjudge::sandbox
