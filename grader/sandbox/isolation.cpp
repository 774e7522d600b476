// Isolation with bubblewrap. The view: the whole system read-only (so compilers and interpreters work
// unchanged), a private /tmp, /dev and /proc, no network, a new pid namespace that dies with the grader,
// a new user namespace (which makes RLIMIT_NPROC count this run's processes alone, even for a root grader),
// the hidden paths replaced by empty read-only directories, and only the working directory writable.
#include "isolation.hpp"

#include <cstdio>
#include <iostream>
#include <mutex>

#include <boost/process.hpp>

namespace plyjudge::grader {

namespace {

namespace bp = boost::process;

// Sizes of the private tmpfs mounts: writing there costs RAM, so they are capped like a written file.
std::string tmpfsSize(const RunSpec& spec) {
    std::uint64_t bytes = spec.limits.maxFileBytes ? spec.limits.maxFileBytes : (64ULL << 20);
    return std::to_string(bytes);
}

IsolationSupport probe() {
    IsolationSupport support;
    const std::string& bwrap = detail::bubblewrapPath();
    if (bwrap.empty()) {
        support.reason = "bwrap (Debian package bubblewrap) is not installed";
        return support;
    }
    if (const char* off = std::getenv("PLYJUDGE_NO_BWRAP"); off && *off && std::string(off) != "0") {
        support.reason = "disabled by PLYJUDGE_NO_BWRAP";
        return support;
    }
    RunSpec spec;
    spec.workDir = "/";
    std::vector<std::string> args = detail::bubblewrapPrefix(spec, bwrap);
    args.erase(args.begin());
    args.push_back("/bin/true");
    try {
        bp::ipstream err;
        int code = bp::system(bp::exe = bwrap, bp::args = args, bp::std_in < bp::null, bp::std_out > bp::null,
                              bp::std_err > err);
        if (code == 0) {
            support.available = true;
            return support;
        }
        std::string line, all;
        while (std::getline(err, line)) all += (all.empty() ? "" : "; ") + line;
        support.reason = "bwrap does not work here (exit " + std::to_string(code) + (all.empty() ? "" : ": " + all) + ")";
    } catch (const std::exception& e) {
        support.reason = std::string("bwrap could not be started: ") + e.what();
    }
    return support;
}

}  // namespace

const IsolationSupport& isolationSupport() {
    static const IsolationSupport support = [] {
        IsolationSupport s = probe();
        if (!s.available)
            std::cerr << "plyjudge: note: submissions run WITHOUT isolation (" << s.reason
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

std::vector<std::string> bubblewrapPrefix(const RunSpec& spec, const std::string& bwrapPath) {
    const std::string size = tmpfsSize(spec);
    std::vector<std::string> a = {bwrapPath,
                                  "--unshare-user", "--uid", std::to_string(kSandboxUid), "--gid",
                                  std::to_string(kSandboxUid),
                                  "--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts",
                                  "--die-with-parent",
                                  "--ro-bind", "/", "/",
                                  "--dev", "/dev",
                                  "--proc", "/proc",
                                  "--size", size, "--tmpfs", "/tmp",
                                  "--size", size, "--tmpfs", "/dev/shm",
                                  "--size", size, "--tmpfs", "/var/tmp"};
    for (const auto& hidden : spec.hiddenPaths) {
        std::string h = std::filesystem::absolute(hidden).lexically_normal().string();
        a.insert(a.end(), {"--size", "4096", "--tmpfs", h, "--remount-ro", h});
    }
    // Re-exposed after the hidden paths, so a submission's own build directory under the hidden
    // submissions root stays readable.
    for (const auto& ro : spec.readOnlyPaths) {
        std::string r = std::filesystem::absolute(ro).lexically_normal().string();
        a.insert(a.end(), {"--ro-bind", r, r});
    }
    std::string work = std::filesystem::absolute(spec.workDir).lexically_normal().string();
    if (work != "/") a.insert(a.end(), {"--bind", work, work});
    a.insert(a.end(), {"--chdir", work, "--"});
    return a;
}

}  // namespace detail

}  // namespace plyjudge::grader
