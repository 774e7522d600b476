// The bubblewrap command line of a run, one function per protection. The view: the whole system read-only (so
// compilers and interpreters work unchanged), a private /tmp, /dev and /proc, no network, a new pid namespace that
// dies with the grader, the hidden paths replaced by empty read-only directories, and only the working directory
// writable. A root grader runs bwrap as root and the program as a dedicated uid (plyjudge-run-as), without a user
// namespace: tried first with --unshare-user, RLIMIT_NPROC was not enforced for the mapped root and a fork bomb
// ran away. A grader that is not root gets bwrap's unprivileged user namespace and no process limit but ours.
#include <filesystem>
#include <initializer_list>
#include <set>
#include <string_view>

#include "sandbox/dev_tree.hpp"
#include "sandbox/isolation.hpp"

namespace plyjudge::sandbox::detail {

namespace {

// The bwrap command line under construction, and what its steps share.
struct BwrapCommand {
    std::vector<std::string> args;
    std::vector<std::string> hidden;      // the hidden directories (absolute)
    std::vector<std::string> tmpfsRoots;  // where bwrap mounts a tmpfs
    std::set<std::string> made;           // directories made, and files bound ("file:<path>"), so far

    void add(std::initializer_list<std::string> words) { args.insert(args.end(), words); }

    // bwrap creates the missing parents of a mount point inside a tmpfs (/tmp, a hidden path) as 0700 root
    // folders, which a run uid cannot traverse: absolute paths such as /tmp/plyjudge-x/build/program (a
    // compiled submission, ld's -o) would fail. Create them 0755 first.
    void openParents(const std::filesystem::path& target) {
        for (const std::string& root : tmpfsRoots) {
            const std::filesystem::path rel = target.lexically_relative(root);
            if (rel.empty() || rel.native().starts_with("..") || rel == ".") continue;
            std::filesystem::path dir = root;
            for (auto it = rel.begin(); std::next(it) != rel.end(); ++it) {
                dir /= *it;
                if (made.insert(dir.string()).second) add({"--perms", "0755", "--dir", dir.string()});
            }
        }
    }
};

std::string absoluteNormal(const std::filesystem::path& p) {
    return std::filesystem::absolute(p).lexically_normal().string();
}

// Cleanup: bwrap reports the pid of its pid-1 process on infoFd, to be reaped if it comes back to us
// (cleanup.cpp:reapNamespaceInit).
void reportNamespaceInit(BwrapCommand& cmd, int infoFd) {
    if (infoFd >= 0) cmd.add({"--info-fd", std::to_string(infoFd)});
}

// Namespaces: a new pid namespace (the grader's processes out of sight and out of reach; everything in it dies
// with it), network (none at all: a namespace of its own, or the shared empty one the child joined, see
// network.hpp), IPC and UTS; a user namespace only for a grader that is not root. The namespace dies with the grader.
void unshareNamespaces(BwrapCommand& cmd, int runUid, bool networkJoined) {
    if (runUid < 0)
        cmd.add({"--unshare-user", "--uid", std::to_string(kSandboxUid), "--gid", std::to_string(kSandboxUid)});
    cmd.add({"--unshare-pid", "--unshare-ipc", "--unshare-uts", "--die-with-parent"});
    if (!networkJoined) cmd.add({"--unshare-net"});
}

// Private /dev: a root grader's runs share one prepared directory of device nodes (dev_tree.hpp), bound with a single
// --dev-bind; it is root's and 0755, so the run's uid cannot write it (a read-only remount would also make it nodev).
// Otherwise (grader not root, or no usable prepared tree) bwrap's --dev, which binds six host nodes one by one.
void privateDev(BwrapCommand& cmd, int runUid) {
    if (runUid >= 0 && !preparedDevTree().empty()) cmd.add({"--dev-bind", preparedDevTree(), "/dev"});
    else cmd.add({"--dev", "/dev"});
}

// Read-only root (writes only in the working directory and the private temporary folders): the whole system
// read-only, private /dev (privateDev) and /proc, and private /tmp, /dev/shm and /var/tmp, empty at the start, capped
// in size (writing there costs RAM, so they are capped like a file) and 1777 like the host's: a root grader's bwrap
// would make them root's 0755, and programs that write a temporary file (tempfile, javac, g++) would fail.
void readOnlyRoot(BwrapCommand& cmd, const RunSpec& spec, int runUid) {
    const std::string size = std::to_string(spec.limits.maxFileBytes ? spec.limits.maxFileBytes : (64ULL << 20));
    cmd.add({"--ro-bind", "/", "/"});
    privateDev(cmd, runUid);
    cmd.add({"--proc", "/proc"});
    for (const char* dir : {"/tmp", "/dev/shm", "/var/tmp"}) {
        cmd.add({"--perms", "1777", "--size", size, "--tmpfs", dir});
        cmd.tmpfsRoots.push_back(dir);
    }
}

// Hidden paths: each existing directory of hiddenPaths (other submissions, expected outputs) replaced by an empty
// tmpfs, made read-only at the end (sealHiddenPaths). A file is not hidden: hide its folder.
void hidePaths(BwrapCommand& cmd, const RunSpec& spec) {
    for (const auto& path : spec.hiddenPaths) {
        std::error_code ec;
        if (!std::filesystem::is_directory(path, ec)) continue;  // nothing there to hide
        cmd.hidden.push_back(absoluteNormal(path));
        cmd.add({"--size", "65536", "--tmpfs", cmd.hidden.back()});
        cmd.tmpfsRoots.push_back(cmd.hidden.back());
    }
}

// Whether `path` shows through the read-only root as it is: not under a place the sandbox replaces (its private
// /tmp, /var/tmp, /dev/shm, /dev, /proc) nor under a hidden path.
bool visibleThroughRoot(const BwrapCommand& cmd, const std::string& path) {
    auto under = [&](const std::string& root) { return path == root || path.starts_with(root + "/"); };
    for (const char* replaced : {"/tmp", "/var/tmp", "/dev/shm", "/dev", "/proc"})
        if (under(replaced)) return false;
    for (const std::string& h : cmd.hidden)
        if (under(h)) return false;
    return true;
}

// Whether `path` is the working directory or inside it: the working directory's bind, made last, covers it (a bind
// made there before would be hidden under it, and cost bwrap a parse of the mount table for nothing).
bool insideWorkDir(const std::string& path, const std::string& work) {
    return work != "/" && (path == work || path.starts_with(work + "/"));
}

// Readable paths: readOnlyPaths bound read-only again after the hidden paths, so a submission's own build
// directory under the hidden submissions root stays readable. One that shows through the read-only root anyway, or
// lies in the working directory, is not bound again: each bind costs bwrap a parse of the mount table (and would
// uncover a hidden path inside it).
void exposeReadOnlyPaths(BwrapCommand& cmd, const RunSpec& spec, const std::string& work) {
    for (const auto& ro : spec.readOnlyPaths) {
        const std::string r = absoluteNormal(ro);
        if (visibleThroughRoot(cmd, r) || insideWorkDir(r, work)) continue;
        cmd.openParents(r);
        cmd.add({"--ro-bind", r, r});
    }
}

// Named files: files named by absolute path on the command line (as an argument or a word of one, as in sh -c
// strings) or in the environment (a program, a script, the plyjudge a wrapper calls) that live under /tmp, /var/tmp
// or /dev/shm would vanish behind the run's private temp directories, e.g. when the grader itself was built under
// /tmp: they stay visible, read-only. Files under a hidden path stay hidden, whatever the command names. So does the
// credential switch (runAsPath) in a build tree. Files in the working directory are visible through its bind.
void keepNamedFilesVisible(BwrapCommand& cmd, const RunSpec& spec, const std::string& work) {
    auto keepVisible = [&](const std::string& value) {
        if (value.empty() || value.front() != '/') return;
        std::error_code ec;
        if (!std::filesystem::is_regular_file(value, ec)) return;
        const std::string file = std::filesystem::path(value).lexically_normal().string();
        if (insideWorkDir(file, work)) return;
        for (const std::string& h : cmd.hidden) {
            if (file.starts_with(h + "/")) return;
        }
        for (const char* root : {"/tmp/", "/var/tmp/", "/dev/shm/"}) {
            if (file.starts_with(root) && cmd.made.insert("file:" + file).second) {
                cmd.openParents(file);
                cmd.add({"--ro-bind", file, file});
                return;
            }
        }
    };
    // A whole argument, and each word of it: `sh -c '/tmp/tools/run.sh {program}'` names its script inside one
    // argument (words split at blanks, quotes and the shell's operators; a word that is no file is ignored).
    auto keepVisibleWords = [&](const std::string& text) {
        keepVisible(text);
        std::size_t start = 0;
        for (std::size_t i = 0; i <= text.size(); ++i) {
            if (i == text.size() || std::string_view(" \t\n'\";|&<>()=`").find(text[i]) != std::string_view::npos) {
                if (i > start && i - start < text.size()) keepVisible(text.substr(start, i - start));
                start = i + 1;
            }
        }
    };
    for (const std::string& arg : spec.argv) keepVisibleWords(arg);
    for (const auto& [name, value] : spec.environment) keepVisible(value);
    keepVisible(runAsPath());
}

// Working directory: the one writable place, bound read-write over the read-only root.
void bindWorkDir(BwrapCommand& cmd, const std::string& work) {
    if (work == "/") return;
    cmd.openParents(work);
    cmd.add({"--bind", work, work});
}

// Hidden paths, sealed: made read-only last (the binds above may have needed mount points inside them). Needed where
// the tmpfs belongs to the program's user (a grader that is not root: bwrap's user namespace). A root grader's
// bwrap makes it root's, mode 0755, which the run's uid cannot write either: no remount (each costs bwrap a parse
// of the mount table).
void sealHiddenPaths(BwrapCommand& cmd, int runUid) {
    if (runUid >= 0) return;
    for (const auto& h : cmd.hidden) cmd.add({"--remount-ro", h});
}

// Credentials under bubblewrap (root grader): plyjudge-run-as (or, where it is missing, setpriv) switches to the
// run's uid and gid, with no supplementary groups, no inheritable capabilities and an empty bounding set.
void switchToRunUid(BwrapCommand& cmd, int runUid) {
    if (runUid < 0) return;
    const std::string u = std::to_string(runUid);
    if (!runAsPath().empty()) {
        cmd.add({runAsPath(), u});
        return;
    }
    cmd.add({setprivPath(), "--reuid=" + u, "--regid=" + u, "--clear-groups", "--inh-caps=-all", "--bounding-set=-all",
             "--"});
}

}  // namespace

std::vector<std::string> bubblewrapPrefix(const RunSpec& spec, const std::string& bwrapPath, int runUid,
                                          int infoFd, bool networkJoined) {
    BwrapCommand cmd;
    cmd.add({bwrapPath});
    reportNamespaceInit(cmd, infoFd);
    unshareNamespaces(cmd, runUid, networkJoined);
    readOnlyRoot(cmd, spec, runUid);
    hidePaths(cmd, spec);
    const std::string work = absoluteNormal(spec.workDir);
    exposeReadOnlyPaths(cmd, spec, work);
    keepNamedFilesVisible(cmd, spec, work);
    bindWorkDir(cmd, work);
    sealHiddenPaths(cmd, runUid);
    cmd.add({"--chdir", work, "--"});
    switchToRunUid(cmd, runUid);
    return cmd.args;
}

}  // namespace plyjudge::sandbox::detail
