// The bubblewrap command line of a run, one function per protection. The view, by default-deny: only the system
// folders that running the declared languages needs (world.hpp: /usr, /etc and the /bin, /lib links), read-only and
// without plyjudge's own files; a private /tmp, /dev and /proc; no network; a new pid namespace that dies with the
// grader; the program the command starts (argv[0]) and the paths its caller declares from trusted inputs (readOnlyPaths;
// never a word of the rendered arguments, which hold the student's paths) read-only; the hidden paths
// that would still show replaced by empty read-only directories; and only the working directory writable. A root
// grader runs bwrap as root and the program as a dedicated uid (plyjudge-run-as), without a user namespace: tried
// first with --unshare-user, RLIMIT_NPROC was not enforced for the mapped root and a fork bomb ran away. A grader
// that is not root gets bwrap's unprivileged user namespace and no process limit but ours.
#include <algorithm>
#include <filesystem>
#include <initializer_list>
#include <set>
#include <string_view>

#include <sys/stat.h>

#include "sandbox/dev_tree.hpp"
#include "sandbox/isolation.hpp"
#include "sandbox/launch.hpp"
#include "sandbox/world.hpp"

namespace plyjudge::sandbox::detail {

namespace {

// The bwrap command line under construction, and what its steps share.
struct BwrapCommand {
    std::vector<std::string> args;
    std::vector<std::string> hidden;      // the hidden directories (absolute)
    std::vector<std::string> tmpfsRoots;  // where bwrap mounts a tmpfs
    std::set<std::string> made;           // directories made, and files bound ("file:<path>"), so far
    std::vector<std::string> exposed;     // folders bound read-only outside the world (readOnlyPaths, script folders)
    std::vector<std::string> hiddenPaths; // the spec's hiddenPaths, absolute and normal (made once: checked per path)
    std::vector<std::string> sealed;      // tmpfs folders remounted read-only at the very end (sealHiddenPaths)
    // What the run sees, in the order it is made: "MODE PATH  (why)", one line a mount (the trace prints them).
    std::vector<std::string> mounts;
    bool recordMounts = false;            // only when asked (the trace): the run's hot path does not pay for it

    void add(std::initializer_list<std::string> words) { args.insert(args.end(), words); }
    void declare(const char* mode, const std::string& path, const std::string& why) {
        if (!recordMounts) return;
        std::string line = mode;
        line.resize(std::max<std::size_t>(line.size() + 1, 8), ' ');
        mounts.push_back(line + path + "  (" + why + ")");
    }

    // bwrap creates the missing parents of a mount point inside a tmpfs (/tmp, a hidden path) as 0700 root
    // folders, which a run uid cannot traverse: absolute paths such as /tmp/plyjudge-x/build/program (a
    // compiled submission, ld's -o) would fail. Create them 0755 first.
    // The root itself is bwrap's tmpfs: parents of a bind outside the world (a build tree, /opt/py27) are made there.
    // `target` is absolute and normal; plain string work (std::filesystem's lexical operations cost a run about 0.1 M
    // instructions here).
    void openParents(const std::string& target) {
        std::string deepest = "/";
        for (const std::string& root : tmpfsRoots) {
            const bool inside = target.size() > root.size() + 1 && target.starts_with(root) && target[root.size()] == '/';
            if (inside && root.size() > deepest.size()) deepest = root;
        }
        for (std::size_t slash = target.find('/', deepest.size() == 1 ? 1 : deepest.size() + 1);
             slash != std::string::npos; slash = target.find('/', slash + 1)) {
            std::string dir = target.substr(0, slash);
            if (made.insert(dir).second) add({"--perms", "0755", "--dir", std::move(dir)});
        }
    }
};

std::string absoluteNormal(const std::filesystem::path& p) {
    return std::filesystem::absolute(p).lexically_normal().string();
}

// Cleanup and evidence: bwrap reports the pid of its pid-1 process on statusFd, to be reaped if it comes back to us
// (cleanup.cpp:reapNamespaceInit), and the program's exit code only once the sandbox was set up and the program
// started: its absence after bwrap exited is the evidence that bwrap itself failed (supervisor.cpp:sandboxFault).
void reportNamespaceInit(BwrapCommand& cmd, int statusFd) {
    if (statusFd >= 0) cmd.add({"--json-status-fd", std::to_string(statusFd)});
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

// Minimal world (writes only in the working directory and the private temporary folders): the system folders of
// world.hpp read-only, the merged-/usr links as links, private /dev (privateDev) and /proc, and private /tmp, /dev/shm
// and /var/tmp, empty at the start, capped in size (writing there costs RAM, so they are capped like a file) and 1777
// like the host's: a root grader's bwrap would make them root's 0755, and programs that write a temporary file
// (tempfile, javac, g++) would fail. Nothing else of the host exists for the run: not the course folder, the
// submissions, the results database, the grader's home or working directory.
void minimalWorld(BwrapCommand& cmd, const RunSpec& spec, int runUid) {
    // Each at most one file's size limit and the disk quota (disk_quota.hpp bounds the three and the folder together).
    std::uint64_t bytes = 0;  // the smaller of the two that are set; 64 MiB when neither is
    for (std::uint64_t cap : {spec.limits.maxFileBytes, spec.limits.diskBytes})
        if (cap > 0 && (bytes == 0 || cap < bytes)) bytes = cap;
    const std::string size = std::to_string(bytes ? bytes : (64ULL << 20));
    for (const WorldEntry& e : worldEntries()) {
        if (e.symlinkTarget.empty()) cmd.add({"--ro-bind", e.path, e.path});
        else cmd.add({"--symlink", e.symlinkTarget, e.path});
        cmd.declare(e.symlinkTarget.empty() ? "ro" : "link", e.path, "system folder (world.hpp)");
    }
    privateDev(cmd, runUid);
    cmd.declare("dev", "/dev", "private device nodes");
    cmd.add({"--proc", "/proc"});
    cmd.declare("proc", "/proc", "private: its own processes only");
    for (const char* dir : {"/tmp", "/dev/shm", "/var/tmp"}) {
        cmd.add({"--perms", "1777", "--size", size, "--tmpfs", dir});
        cmd.tmpfsRoots.push_back(dir);
        cmd.declare("tmpfs", dir, "private temporary folder, " + std::to_string(std::stoull(size) >> 20) + " MiB, empty");
    }
}

// plyjudge itself: its binaries, data (the bundled cases) and docs inside the world (world.hpp:ownFilesInWorld) are
// hidden, so no run can call the reference solver or read the bundled expected outputs.
// Each is checked again at every run (an lstat): one removed meanwhile (a package upgraded while a class is graded)
// would make bwrap fail to bind over it.
// A data folder is an empty tmpfs made read-only only at the end (sealHiddenPaths): a program named inside it on
// purpose (an installed example's scripted player, /usr/share/plyjudge/referee/...) needs its parents made there
// first; remounted at once, bwrap could not mkdir them ("Read-only file system").
void hideOwnFiles(BwrapCommand& cmd) {
    auto stillThere = [](const std::string& path) {
        struct stat st {};
        return ::lstat(path.c_str(), &st) == 0;
    };
    for (const std::string& folder : ownFilesInWorld().folders) {
        if (!stillThere(folder)) continue;
        cmd.add({"--size", "4096", "--perms", "0755", "--tmpfs", folder});
        cmd.declare("hidden", folder, "plyjudge's own data");
        cmd.hidden.push_back(folder);
        cmd.tmpfsRoots.push_back(folder);
        cmd.sealed.push_back(folder);
    }
    for (const std::string& file : ownFilesInWorld().files) {
        if (!stillThere(file)) continue;
        cmd.add({"--ro-bind", "/dev/null", file});
        cmd.declare("hidden", file, "plyjudge's own program");
        cmd.hidden.push_back(file);
    }
}

// Whether `path` shows through the world as it is: in one of its system folders or a folder bound so far, and not
// under a place the sandbox replaces (its private /tmp, /var/tmp, /dev/shm, /dev, /proc), a hidden path or a file of
// plyjudge's own. A folder bound so far is bound over the private /tmp: a link in it (an interpreter's python2 ->
// python2.7) must not be bound again as the file it leads to.
bool visibleThroughWorld(const BwrapCommand& cmd, const std::string& path) {
    auto under = [&](const std::string& root) { return path == root || path.starts_with(root + "/"); };
    for (const std::string& h : cmd.hidden)
        if (under(h)) return false;
    for (const std::string& e : cmd.exposed)
        if (under(e)) return true;
    for (const char* replaced : {"/tmp", "/var/tmp", "/dev/shm", "/dev", "/proc"})
        if (under(replaced)) return false;
    return inWorld(path);
}

// Hidden paths: each existing directory of hiddenPaths (other submissions, expected outputs) that the world or a
// path exposed so far would show is replaced by an empty tmpfs, made read-only at the end (sealHiddenPaths). One
// that does not show needs nothing: outside the world, or inside a folder already replaced or hidden (the bundled
// cases of an installed plyjudge, inside its hidden /usr/share/plyjudge), it does not exist for the run. A file is
// not hidden: hide its folder.
void hidePaths(BwrapCommand& cmd, int runUid) {
    for (const std::string& h : cmd.hiddenPaths) {
        std::error_code ec;
        // Nothing there to hide, or a link (its resolved folder is in the list too, and is the one mounted over).
        if (!std::filesystem::is_directory(std::filesystem::symlink_status(h, ec))) continue;
        bool shows = visibleThroughWorld(cmd, h);  // exposed folders bound over a replaced or hidden one show anyway:
        for (const std::string& e : cmd.exposed) shows = shows || h == e || h.starts_with(e + "/");
        if (!shows) continue;
        cmd.hidden.push_back(h);
        cmd.add({"--size", "65536", "--tmpfs", h});
        cmd.declare("hidden", h, "hidden by the caller (cases, expected outputs, other submissions)");
        cmd.tmpfsRoots.push_back(h);
        if (runUid < 0) cmd.sealed.push_back(h);
    }
}

// Whether `path` is the working directory or inside it: the working directory's bind, made last, covers it (a bind
// made there before would be hidden under it, and cost bwrap a parse of the mount table for nothing).
bool insideWorkDir(const std::string& path, const std::string& work) {
    return work != "/" && (path == work || path.starts_with(work + "/"));
}

// Whether `path` (absolute, normal) is one of the spec's hidden paths or lies inside one, whether or not the world
// would show it.
bool underHiddenPath(const BwrapCommand& cmd, const std::string& path) {
    std::error_code ec;
    const std::string real = std::filesystem::weakly_canonical(path, ec).string();  // reached through another link
    for (const std::string& hidden : cmd.hiddenPaths) {
        if (path == hidden || path.starts_with(hidden + "/")) return true;
        if (!ec && (real == hidden || real.starts_with(hidden + "/"))) return true;
    }
    return false;
}

// A folder the run's uid could not enter (a private mkdtemp folder, 0700, of the grader's, or a TA's): made 0755 in the
// run's world with its entries bound into it one by one, as a folder the run may enter would be bound whole. At most
// kMaxPrivateEntries entries: more, and only what is named is shown.
constexpr int kMaxPrivateEntries = 256;

bool othersMayEnter(const std::string& folder) {
    struct stat st {};
    return ::stat(folder.c_str(), &st) == 0 && (st.st_mode & (S_IROTH | S_IXOTH)) == (S_IROTH | S_IXOTH);
}

void bindEntriesOf(BwrapCommand& cmd, const std::string& folder, const std::string& why) {
    std::vector<std::string> entries;
    std::error_code ec;
    for (auto it = std::filesystem::directory_iterator(folder, ec); !ec && it != std::filesystem::directory_iterator(); it.increment(ec)) {
        if (static_cast<int>(entries.size()) == kMaxPrivateEntries) return;
        entries.push_back(it->path().string());
    }
    if (ec) return;
    for (const std::string& entry : entries) {
        cmd.openParents(entry);
        cmd.add({"--ro-bind", entry, entry});
        cmd.declare("ro", entry, "an entry of a private folder: " + why);
        cmd.made.insert("file:" + entry);
    }
}

// Readable paths: readOnlyPaths bound read-only, those outside the hidden paths before them (a hidden path inside
// one is then covered) and those inside after them, so a submission's own build directory under the hidden build root
// stays readable. One that shows through the world anyway, or lies in the working directory, is not bound again: each
// bind costs bwrap a parse of the mount table.
void exposeReadOnlyPaths(BwrapCommand& cmd, const RunSpec& spec, const std::string& work, bool insideHidden, int runUid) {
    for (const ReadablePath& ro : spec.readOnlyPaths) {
        const std::string r = absoluteNormal(ro.path);
        if (underHiddenPath(cmd, r) != insideHidden || visibleThroughWorld(cmd, r) || insideWorkDir(r, work)) continue;
        if (!cmd.made.insert("bound:" + r).second) continue;
        std::error_code ec;
        if (runUid >= 0 && std::filesystem::is_directory(r, ec) && !othersMayEnter(r)) {
            if (!insideHidden) cmd.exposed.push_back(r);
            bindEntriesOf(cmd, r, ro.why);
            continue;
        }
        cmd.openParents(r);
        cmd.add({"--ro-bind", r, r});
        cmd.declare("ro", r, ro.why);
        if (!insideHidden) cmd.exposed.push_back(r);
    }
}

// Named files: the program the command line resolved to (argv[0]: an interpreter, a compiled submission in its build
// folder, a TA's solver) and the support files: the environment's values and the credential switch (runAsPath, in a
// build tree). Never a word of the other arguments: those are rendered with the student's paths (a folder named
// "x /usr/bin/plyjudge y" would name plyjudge). What else a run must read is declared by the caller from what it
// trusts (RunSpec::readOnlyPaths: an interpreter's installation, a TA's command before its placeholders are filled).
struct NamedFiles {
    std::vector<std::string> programs;
    std::vector<std::string> all;
};

NamedFiles namedFiles(const RunSpec& spec, const std::string& program) {
    NamedFiles named;
    auto note = [&](const std::string& value) {
        std::error_code ec;
        if (value.empty() || value.front() != '/' || !std::filesystem::is_regular_file(value, ec)) return;
        const std::string file = std::filesystem::path(value).lexically_normal().string();
        if (std::find(named.all.begin(), named.all.end(), file) == named.all.end()) named.all.push_back(file);
    };
    note(program);
    named.programs = named.all;
    for (const auto& [name, value] : spec.environment) note(value);
    note(runAsPath());
    return named;
}

// Whether a named file or folder may be shown: not in the working directory (its bind shows it), not under a hidden
// path (those stay hidden whatever the command names), and not the host's /proc or /dev (the run has its own).
bool mayExpose(const BwrapCommand& cmd, const std::string& path, const std::string& work) {
    return !insideWorkDir(path, work) && !path.starts_with("/proc/") && !path.starts_with("/dev/") &&
           !underHiddenPath(cmd, path);
}

// Program folders: the program the command starts (`/srv/tools/solver`, a TA's wrapper) keeps its whole folder
// visible, read-only, wherever it lies: a binary reads its data files, a wrapper calls its helpers. The root, plyjudge's
// own files (a TA's `plyjudge solve`, whose folder is a build tree or /usr/bin) and folders under a hidden path are
// never shown this way. Bound before the hidden paths, so a hidden path inside that folder is still covered. A private
// folder (0700) gets its entries bound one by one (bindEntriesOf).
void exposeProgramFolders(BwrapCommand& cmd, const std::string& work, int runUid,
                          const std::vector<std::string>& programs) {
    const auto& own = ownFilesInWorld().files;
    for (const std::string& file : programs) {
        if (std::find(own.begin(), own.end(), file) != own.end()) continue;
        const std::string folder = std::filesystem::path(file).parent_path().string();
        if (folder == "/" || !mayExpose(cmd, folder, work) || visibleThroughWorld(cmd, folder)) continue;
        if (!cmd.made.insert("bound:" + folder).second) continue;
        cmd.exposed.push_back(folder);
        if (runUid >= 0 && !othersMayEnter(folder)) {
            bindEntriesOf(cmd, folder, "the folder of the program it starts");
            continue;
        }
        cmd.openParents(folder);
        cmd.add({"--ro-bind", folder, folder});
        cmd.declare("ro", folder, "the folder of the program it starts (argv[0])");
    }
}

// Named files that nothing above shows stay visible, read-only (under /tmp, a build tree, /opt). plyjudge's own
// binary, named on purpose (a TA's `--command 'plyjudge solve V --fault F'`), is bound again over the empty file that
// hides it from everything else.
void keepNamedFilesVisible(BwrapCommand& cmd, const std::string& work,
                           const std::vector<std::string>& named) {
    const auto& own = ownFilesInWorld().files;
    for (const std::string& file : named) {
        const bool ownNamed = std::find(own.begin(), own.end(), file) != own.end();
        if (!mayExpose(cmd, file, work)) continue;
        if (!ownNamed && visibleThroughWorld(cmd, file)) continue;
        if (!cmd.made.insert("file:" + file).second) continue;
        cmd.openParents(file);
        cmd.add({"--ro-bind", file, file});
        cmd.declare("ro", file, ownNamed                ? "plyjudge, the program a TA's command starts"
                                : file == runAsPath() ? "plyjudge-run-as, the credential switch"
                                                      : "the program it starts, or a file its environment names");
    }
}

// Working directory: the one writable place, bound read-write over the read-only root.
void bindWorkDir(BwrapCommand& cmd, const std::string& work) {
    if (work == "/") return;
    cmd.openParents(work);
    cmd.add({"--bind", work, work});
    cmd.declare("rw", work, "its working directory, the only place it writes");
}

// Hidden folders, sealed: made read-only last (the binds above may have needed mount points inside them). A hidden
// path's tmpfs needs it where it belongs to the program's user (a grader that is not root: bwrap's user namespace);
// a root grader's bwrap makes it root's, mode 0755, which the run's uid cannot write either: no remount (each costs
// bwrap a parse of the mount table). plyjudge's own data folders are sealed always, as they were before.
void sealHiddenPaths(BwrapCommand& cmd) {
    for (const auto& folder : cmd.sealed) cmd.add({"--remount-ro", folder});
}

// Credentials under bubblewrap (root grader): plyjudge-run-as (or, where it is missing, setpriv) switches to the
// run's uid and gid, with no supplementary groups, no inheritable capabilities and an empty bounding set.
void switchToRunUid(BwrapCommand& cmd, int runUid) {
    if (runUid < 0) return;
    const std::string u = std::to_string(runUid);
    if (!runAsPath().empty()) {
        cmd.add({runAsPath(), "--report-fd=" + std::to_string(kExecReportFd), u});
        return;
    }
    cmd.add({setprivPath(), "--reuid=" + u, "--regid=" + u, "--clear-groups", "--inh-caps=-all", "--bounding-set=-all",
             "--"});
}

}  // namespace

std::vector<std::string> bubblewrapPrefix(const RunSpec& spec, const std::string& bwrapPath, int runUid,
                                          int infoFd, bool networkJoined, const std::string& program,
                                          std::vector<std::string>* mounts) {
    BwrapCommand cmd;
    cmd.recordMounts = mounts != nullptr;
    // Each hidden path as spelled and as its links resolve (a suite named through `hiddenlink -> hidden-real`): a path
    // inside either is hidden.
    for (const auto& h : spec.hiddenPaths) {
        cmd.hiddenPaths.push_back(absoluteNormal(h));
        std::error_code ec;
        const std::string real = std::filesystem::weakly_canonical(h, ec).string();
        if (!ec && real != cmd.hiddenPaths.back()) cmd.hiddenPaths.push_back(real);
    }
    cmd.add({bwrapPath});
    reportNamespaceInit(cmd, infoFd);
    unshareNamespaces(cmd, runUid, networkJoined);
    minimalWorld(cmd, spec, runUid);
    hideOwnFiles(cmd);
    const std::string work = absoluteNormal(spec.workDir);
    const NamedFiles named = namedFiles(spec, program);
    exposeReadOnlyPaths(cmd, spec, work, false, runUid);
    exposeProgramFolders(cmd, work, runUid, named.programs);
    hidePaths(cmd, runUid);
    exposeReadOnlyPaths(cmd, spec, work, true, runUid);
    keepNamedFilesVisible(cmd, work, named.all);
    bindWorkDir(cmd, work);
    sealHiddenPaths(cmd);
    cmd.add({"--chdir", spec.startDir.empty() ? work : absoluteNormal(spec.startDir), "--"});
    switchToRunUid(cmd, runUid);
    if (mounts) *mounts = std::move(cmd.mounts);
    return cmd.args;
}

}  // namespace plyjudge::sandbox::detail
