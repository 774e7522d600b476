// Isolation with bubblewrap. The view: the whole system read-only (so compilers and interpreters work
// unchanged), a private /tmp, /dev and /proc, no network, a new pid namespace that dies with the grader,
// the hidden paths replaced by empty read-only directories, and only the working directory writable.
// A root grader runs bwrap as root and the program as a dedicated uid (setpriv), without a user namespace:
// tried first with --unshare-user, RLIMIT_NPROC was not enforced for the mapped root and a fork bomb ran
// away. A grader that is not root gets bwrap's unprivileged user namespace and no process limit but ours.
#include "sandbox/isolation.hpp"

#include "sandbox/process_tree.hpp"

#include <cstdio>
#include <iostream>
#include <mutex>
#include <set>

#include <boost/process.hpp>
#include <boost/process/posix.hpp>
#include <fcntl.h>
#include <unistd.h>

namespace plyjudge::sandbox {

namespace {

namespace bp = boost::process;

constexpr int kProbeUid = 65534;

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
    const bool root = ::geteuid() == 0;
    if (root && detail::setprivPath().empty()) {
        support.reason = "setpriv (util-linux) is not installed";
        return support;
    }
    if (const char* off = std::getenv("PLYJUDGE_NO_BWRAP"); off && *off && std::string(off) != "0") {
        support.reason = "disabled by PLYJUDGE_NO_BWRAP";
        return support;
    }
    RunSpec spec;
    spec.workDir = "/";
    std::vector<std::string> args = detail::bubblewrapPrefix(spec, bwrap, root ? kProbeUid : -1, 3);
    args.erase(args.begin());
    args.push_back("/bin/true");
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
        detail::reapNamespaceInit(text);
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

const std::string& setprivPath() {
    static const std::string path = [] {
        boost::filesystem::path p = bp::search_path("setpriv");
        return p.empty() ? std::string() : p.string();
    }();
    return path;
}

std::vector<std::string> bubblewrapPrefix(const RunSpec& spec, const std::string& bwrapPath, int runUid,
                                          int infoFd) {
    const std::string size = tmpfsSize(spec);
    std::vector<std::string> a = {bwrapPath};
    if (infoFd >= 0) a.insert(a.end(), {"--info-fd", std::to_string(infoFd)});
    if (runUid < 0)
        a.insert(a.end(), {"--unshare-user", "--uid", std::to_string(kSandboxUid), "--gid", std::to_string(kSandboxUid)});
    a.insert(a.end(), {                  "--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts",
                                  "--die-with-parent",
                                  "--ro-bind", "/", "/",
                                  "--dev", "/dev",
                                  "--proc", "/proc",
                                  "--size", size, "--tmpfs", "/tmp",
                                  "--size", size, "--tmpfs", "/dev/shm",
                                  "--size", size, "--tmpfs", "/var/tmp"});
    std::vector<std::string> hidden;
    for (const auto& path : spec.hiddenPaths) {
        std::error_code ec;
        if (!std::filesystem::is_directory(path, ec)) continue;  // nothing there to hide (files: hide their folder)
        hidden.push_back(std::filesystem::absolute(path).lexically_normal().string());
        a.insert(a.end(), {"--size", "65536", "--tmpfs", hidden.back()});
    }
    // bwrap creates the missing parents of a mount point inside a tmpfs (/tmp, a hidden path) as 0700 root
    // folders, which a run uid cannot traverse: absolute paths such as /tmp/plyjudge-x/build/program (a
    // compiled submission, ld's -o) would fail. Create them 0755 first.
    std::vector<std::string> tmpfsRoots = {"/tmp", "/dev/shm", "/var/tmp"};
    tmpfsRoots.insert(tmpfsRoots.end(), hidden.begin(), hidden.end());
    std::set<std::string> made;
    auto parentsOpen = [&](const std::filesystem::path& target) {
        for (const std::string& root : tmpfsRoots) {
            const std::filesystem::path rel = target.lexically_relative(root);
            if (rel.empty() || rel.native().starts_with("..") || rel == ".") continue;
            std::filesystem::path dir = root;
            for (auto it = rel.begin(); std::next(it) != rel.end(); ++it) {
                dir /= *it;
                if (made.insert(dir.string()).second) a.insert(a.end(), {"--perms", "0755", "--dir", dir.string()});
            }
        }
    };
    // Re-exposed after the hidden paths, so a submission's own build directory under the hidden
    // submissions root stays readable.
    for (const auto& ro : spec.readOnlyPaths) {
        std::string r = std::filesystem::absolute(ro).lexically_normal().string();
        parentsOpen(r);
        a.insert(a.end(), {"--ro-bind", r, r});
    }
    // Files named by absolute path on the command line or in the environment (a program, a script, the
    // plyjudge a wrapper calls) that live under /tmp, /var/tmp or /dev/shm would vanish behind the run's
    // private temp directories, e.g. when the grader itself was built under /tmp: keep them, read-only.
    auto keepVisible = [&](const std::string& value) {
        if (value.empty() || value.front() != '/') return;
        std::error_code ec;
        if (!std::filesystem::is_regular_file(value, ec)) return;
        const std::string file = std::filesystem::path(value).lexically_normal().string();
        for (const std::string& h : hidden) {
            if (file.starts_with(h + "/")) return;  // hidden paths stay hidden, whatever the command names
        }
        for (const char* root : {"/tmp/", "/var/tmp/", "/dev/shm/"}) {
            if (file.starts_with(root) && made.insert("file:" + file).second) {
                parentsOpen(file);
                a.insert(a.end(), {"--ro-bind", file, file});
                return;
            }
        }
    };
    for (const std::string& arg : spec.argv) keepVisible(arg);
    for (const auto& [name, value] : spec.environment) keepVisible(value);
    std::string work = std::filesystem::absolute(spec.workDir).lexically_normal().string();
    if (work != "/") {
        parentsOpen(work);
        a.insert(a.end(), {"--bind", work, work});
    }
    // Made read-only last: the binds above may have needed mount points inside them.
    for (const auto& h : hidden) a.insert(a.end(), {"--remount-ro", h});
    a.insert(a.end(), {"--chdir", work, "--"});
    if (runUid >= 0) {
        const std::string u = std::to_string(runUid);
        a.insert(a.end(), {setprivPath(), "--reuid=" + u, "--regid=" + u, "--clear-groups", "--inh-caps=-all",
                           "--bounding-set=-all", "--"});
    }
    return a;
}

}  // namespace detail

}  // namespace plyjudge::sandbox
