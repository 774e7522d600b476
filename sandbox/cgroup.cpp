#include "sandbox/cgroup.hpp"
#include "sandbox/high_descriptor.hpp"
#include "sandbox/host_notes.hpp"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <utility>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace plyjudge::sandbox::detail {

namespace {

// Where runs' cgroups are made: one folder per controller (v1) or one folder (v2), below the grader's own cgroup so
// that the runs stay inside whatever contains the grader (a container's memory limit, a Slurm job's).
struct CgroupBases {
    std::vector<std::pair<std::string, std::string>> folders;  // controller, folder
    std::string whyNot;
};

std::string readFile(const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

bool writeFile(const std::string& path, const std::string& text) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) return false;
    const bool ok = ::write(fd, text.data(), text.size()) == ssize_t(text.size());
    ::close(fd);
    return ok;
}

// The grader's own cgroup in a hierarchy ("memory" or "" for v2), from /proc/self/cgroup.
std::string ownCgroup(const std::string& controller) {
    std::istringstream lines(readFile("/proc/self/cgroup"));
    for (std::string line; std::getline(lines, line);) {
        const auto first = line.find(':'), second = line.find(':', first + 1);
        if (first == std::string::npos || second == std::string::npos) continue;
        const std::string controllers = "," + line.substr(first + 1, second - first - 1) + ",";
        if (controller.empty() ? controllers == ",," : controllers.find("," + controller + ",") != std::string::npos)
            return line.substr(second + 1);
    }
    return "";
}

// A mount's folder for our cgroup: its mount point and our path below the mount's root.
std::string folderOf(const std::string& mountRoot, const std::string& mountPoint, const std::string& own) {
    if (mountRoot == "/") return mountPoint + (own == "/" ? "" : own);
    if (own.starts_with(mountRoot)) return mountPoint + own.substr(mountRoot.size());
    return mountPoint;
}

CgroupBases findBases() {
    CgroupBases bases;
    if (::geteuid() != 0) {
        bases.whyNot = "the grader is not root";
        return bases;
    }
    if (const char* off = std::getenv("PLYJUDGE_NO_CGROUPS"); off && *off && std::string(off) != "0") {
        bases.whyNot = "disabled by PLYJUDGE_NO_CGROUPS";
        return bases;
    }
    std::istringstream lines(readFile("/proc/self/mountinfo"));
    std::string v2Root, v2Point;
    for (std::string line; std::getline(lines, line);) {
        std::istringstream fields(line);
        std::string id, parent, device, root, point, options, word;
        fields >> id >> parent >> device >> root >> point >> options;
        while (fields >> word && word != "-") {}
        std::string type, source, superOptions;
        fields >> type >> source >> superOptions;
        if (type == "cgroup2") {
            v2Root = root;
            v2Point = point;
        }
        if (type != "cgroup") continue;
        for (const char* controller : {"cpuacct", "memory", "pids"})
            if (("," + superOptions + ",").find(std::string(",") + controller + ",") != std::string::npos)
                bases.folders.emplace_back(controller, folderOf(root, point, ownCgroup(controller)));
    }
    if (bases.folders.size() == 3) return bases;
    bases.folders.clear();
    if (v2Point.empty()) {
        bases.whyNot = "no cgroup hierarchy with the cpuacct, memory and pids controllers is mounted";
        return bases;
    }
    const std::string folder = folderOf(v2Root, v2Point, ownCgroup(""));
    const std::string enabled = " " + readFile(folder + "/cgroup.subtree_control");
    auto has = [&](const char* c) { return enabled.find(std::string(" ") + c) != std::string::npos; };
    if ((!has("memory") || !has("pids")) && !writeFile(folder + "/cgroup.subtree_control", "+memory +pids")) {
        bases.whyNot = "cgroup v2 without the memory and pids controllers for the grader's cgroup (" + folder +
                       "; delegate them, or run the grader in a cgroup of its own)";
        return bases;
    }
    bases.folders.emplace_back("v2", folder);
    return bases;
}

// Cgroups left by a grader killed with -9 (its runs died with it, by PDEATHSIG or bwrap's --die-with-parent, but
// nobody removed their folders): those named after a process that no longer exists, removed when empty.
void removeStaleCgroups(const CgroupBases& b) {
    for (const auto& [controller, base] : b.folders) {
        std::error_code ec;
        for (const auto& e : std::filesystem::directory_iterator(base, ec)) {
            const std::string name = e.path().filename().string();
            if (!name.starts_with("plyjudge-run-")) continue;
            const long pid = std::atol(name.c_str() + 13);
            if (pid > 0 && ::kill(pid_t(pid), 0) != 0 && errno == ESRCH) ::rmdir(e.path().c_str());
        }
    }
}

// Found once; where there are none, the grader says so once (like the note on bubblewrap, isolation.cpp).
const CgroupBases& bases() {
    static const CgroupBases found = [] {
        CgroupBases b = findBases();
        removeStaleCgroups(b);
        if (std::ostream* note = hostNoteStream(); note && !b.whyNot.empty())
            *note << "plyjudge: note: runs get no cgroups (" << b.whyNot << "): CPU time and memory are counted per "
                         "process, so children that nobody reaps and tmpfs or memfd memory escape the tree's limits\n";
        return b;
    }();
    return found;
}

long long numberAfter(const std::string& text, const std::string& key) {
    const auto at = text.find(key + " ");
    return at == std::string::npos ? -1 : std::atoll(text.c_str() + at + key.size() + 1);
}

// A cgroup file read whole from its start, through a descriptor kept open (pread: no lookup, no open per read).
std::string readAt(int fd) {
    char buffer[1024];
    const ssize_t n = fd < 0 ? -1 : ::pread(fd, buffer, sizeof buffer, 0);
    return n > 0 ? std::string(buffer, std::size_t(n)) : std::string();
}

bool writeAt(int fd, const std::string& text) {
    return fd >= 0 && ::pwrite(fd, text.data(), text.size(), 0) == ssize_t(text.size());
}

using File = RunCgroup::File;

// The files of a controller's cgroup that a run reads or writes, and how they are opened.
struct FileOf {
    const char* controller;
    File file;
    const char* name;
    int flags;
};
// The child enters v1 cgroups through `tasks`, not `cgroup.procs`: it is then one thread (the vfork child), so moving
// the thread moves the process, and the kernel moves the writing thread alone without the lock that makes a
// process's move wait for an RCU grace period (8-19 ms here, in about one run in five; bench/README.md, issue 29).
// v2 has no such file outside threaded cgroups.
constexpr FileOf kFilesOf[] = {
    {"cpuacct", File::Entry, "tasks", O_WRONLY},            {"cpuacct", File::CpuUsage, "cpuacct.usage", O_RDWR},
    {"memory", File::Entry, "tasks", O_WRONLY},             {"memory", File::MemoryPeak, "memory.max_usage_in_bytes", O_RDWR},
    {"memory", File::MemoryEvents, "memory.oom_control", O_RDONLY},
    {"memory", File::MemoryNow, "memory.usage_in_bytes", O_RDONLY},
    {"pids", File::Entry, "tasks", O_WRONLY},               {"pids", File::Tasks, "pids.current", O_RDONLY},
    {"v2", File::Entry, "cgroup.procs", O_WRONLY},          {"v2", File::CpuUsage, "cpu.stat", O_RDONLY},
    {"v2", File::MemoryPeak, "memory.peak", O_RDONLY},      {"v2", File::MemoryEvents, "memory.events", O_RDONLY},
    {"v2", File::Tasks, "pids.current", O_RDONLY},
};

// The limits of a set (memory: bytes, or empty for none), written where they differ from what it has (a new set has
// none).
bool writeLimits(RunCgroup::Set& set, const std::string& memory, const std::string& tasks) {
    for (const RunCgroup::Dir& d : set.dirs) {
        bool ok = true;
        if (d.controller == "memory" && memory != set.memoryLimit) {
            // Where swap is counted, memory+swap may never be below memory alone: written before and after, one of
            // the two passes whether the limit goes up or down.
            const std::string bytes = memory.empty() ? "-1" : memory, withSwap = d.path + "/memory.memsw.limit_in_bytes";
            writeFile(withSwap, bytes);
            ok = writeFile(d.path + "/memory.limit_in_bytes", bytes);
            writeFile(withSwap, bytes);
        } else if (d.controller == "pids" && tasks != set.tasksLimit) {
            ok = writeFile(d.path + "/pids.max", tasks);
        } else if (d.controller == "v2" && (memory != set.memoryLimit || tasks != set.tasksLimit)) {
            ok = writeFile(d.path + "/memory.max", memory.empty() ? "max" : memory) && writeFile(d.path + "/pids.max", tasks);
            writeFile(d.path + "/memory.swap.max", "0");
        }
        if (!ok) return false;
    }
    set.memoryLimit = memory;
    set.tasksLimit = tasks;
    return true;
}

void removeSet(RunCgroup::Set& set);

// A new set for a run named by token, every file opened; empty where a folder or a file cannot be had.
RunCgroup::Set makeSet(const std::string& token) {
    RunCgroup::Set set;
    for (const auto& [controller, base] : bases().folders) {
        const std::string path = base + "/plyjudge-run-" + token;
        if (::mkdir(path.c_str(), 0700) != 0) {
            removeSet(set);
            return set;
        }
        set.dirs.push_back({path, controller});
        for (const FileOf& f : kFilesOf) {
            if (controller != f.controller) continue;
            // Kept across runs: at a high number, never one a run's child binds for itself (high_descriptor.hpp).
            const int fd = movedHigh(::open((path + "/" + f.name).c_str(), f.flags | O_CLOEXEC));
            // A v2 kernel without memory.peak (before 5.19) still limits; the peak then comes from the processes.
            if (fd < 0 && !(controller == "v2" && f.file == File::MemoryPeak)) {
                removeSet(set);
                return set;
            }
            set.dirs.back().fds[f.file] = fd;
        }
    }
    return set;
}

std::vector<pid_t> processesIn(const RunCgroup::Set& set) {
    std::vector<pid_t> found;
    for (const RunCgroup::Dir& d : set.dirs) {
        if (d.controller != "pids" && d.controller != "v2") continue;
        if (std::atoll(readAt(d.fds[File::Tasks]).c_str()) == 0) continue;  // the usual answer, without a list
        // By path: a kept descriptor of cgroup.procs (v1) goes on showing the list of its first read for a while.
        std::istringstream pids(readFile(d.path + "/cgroup.procs"));
        for (long pid; pids >> pid;) found.push_back(pid_t(pid));
    }
    return found;
}

// SIGKILLs what is in the set, round after round, until it is empty (or a second has passed); whether it is.
bool emptied(const RunCgroup::Set& set) {
    for (int round = 0; round < 100; ++round) {
        const std::vector<pid_t> left = processesIn(set);
        if (left.empty()) return true;
        for (pid_t pid : left) ::kill(pid, SIGKILL);
        ::usleep(1000);
    }
    return false;
}

void removeSet(RunCgroup::Set& set) {
    emptied(set);
    for (RunCgroup::Dir& d : set.dirs) {
        for (int& fd : d.fds)
            if (fd >= 0) ::close(std::exchange(fd, -1));
        // A process killed a moment ago may still be leaving the cgroup: EBUSY for that moment.
        for (int round = 0; round < 200 && ::rmdir(d.path.c_str()) != 0 && errno == EBUSY; ++round) ::usleep(500);
    }
    set.dirs.clear();
}

// Reuse (cgroup v1). Making and removing a run's three cgroups (and their kernel interface files) cost the grader
// about 0.4 ms a run (bench/README.md, issue 29), so a thread keeps the set of its last run for its next one, when
// that run left it clean: nothing of it alive (checked when it ends), no memory-limit kill in it (the count cannot
// be reset), and, checked when the next run takes it, at most kReusableLeftoverBytes still charged to it (the page
// cache of files the last run wrote and that still exist; the grader removes a run's folder before its worker starts
// the next case, so what is left is the kernel's own: memory whose freeing is still under way, and the per-CPU
// charge batches of 64 pages, which blur a new cgroup's peak as well). The counters are then reset (CPU time, peak
// memory) and the limits written where they differ: the next run sees nothing of the last but at most that remainder
// in its peak. Anything else (a process left, a kill, more memory, a failed write) and the set is removed and a new
// one made, as before.
// Per thread, so without a lock, and a run's set is never another worker's. Not on cgroup v2, where memory.peak resets
// only per open file (kernels from 6.12) and a run has one cgroup, not three.
constexpr long long kReusableLeftoverBytes = 2 << 20;

struct IdleSet {
    RunCgroup::Set set;
    ~IdleSet() { removeSet(set); }  // the thread ends
};
thread_local IdleSet idle;

bool readyForNextRun(RunCgroup::Set& set) {
    for (const RunCgroup::Dir& d : set.dirs) {
        if (d.controller == "memory" && std::atoll(readAt(d.fds[File::MemoryNow]).c_str()) > kReusableLeftoverBytes)
            return false;
    }
    for (const RunCgroup::Dir& d : set.dirs) {
        if (d.controller == "cpuacct" && !writeAt(d.fds[File::CpuUsage], "0")) return false;
        if (d.controller == "memory" && !writeAt(d.fds[File::MemoryPeak], "0")) return false;  // the peak: now's use
    }
    return true;
}

bool cleanAfterRun(const RunCgroup::Set& set) {
    if (set.dirs.empty() || !runCgroupsReused() || !emptied(set)) return false;
    for (const RunCgroup::Dir& d : set.dirs)
        if (d.controller == "memory" && numberAfter(readAt(d.fds[File::MemoryEvents]), "oom_kill") != 0) return false;
    return true;
}

}  // namespace

const std::string& cgroupUnavailableReason() { return bases().whyNot; }

bool runCgroupsReused() { return bases().whyNot.empty() && bases().folders.front().first != "v2"; }

RunCgroup RunCgroup::create(const std::string& token, const SandboxLimits& limits) {
    RunCgroup group;
    if (!bases().whyNot.empty()) return group;
    const std::uint64_t memory = limits.treeMemoryBytes ? limits.treeMemoryBytes : limits.memoryBytes;
    // bwrap's two processes come on top of the program's (plyjudge-run-as becomes the program).
    const std::string tasks = limits.maxProcesses > 0 ? std::to_string(limits.maxProcesses + 3) : "max";
    const std::string memoryLimit = memory ? std::to_string(memory) : "";
    if (!idle.set.dirs.empty()) {
        group.set_ = std::move(idle.set);
        idle.set.dirs.clear();
        if (readyForNextRun(group.set_) && writeLimits(group.set_, memoryLimit, tasks)) {
            group.reused_ = true;
            return group;
        }
        removeSet(group.set_);
    }
    group.set_ = makeSet(token);
    if (group.active() && !writeLimits(group.set_, memoryLimit, tasks)) removeSet(group.set_);
    return group;
}

RunCgroup::RunCgroup(RunCgroup&& o) noexcept : set_(std::move(o.set_)), reused_(o.reused_) { o.set_.dirs.clear(); }

RunCgroup::~RunCgroup() {
    if (!active()) return;
    // The run's cleanup has killed everything: this finds nothing, unless something went wrong before.
    if (idle.set.dirs.empty() && cleanAfterRun(set_)) {
        idle.set = std::move(set_);
        return;
    }
    removeSet(set_);
}

std::vector<int> RunCgroup::entryDescriptors() const {
    std::vector<int> fds;
    for (const Dir& d : set_.dirs) fds.push_back(d.fds[Entry]);
    return fds;
}

int RunCgroup::fd(File file) const {
    for (const Dir& d : set_.dirs)
        if (d.fds[file] >= 0) return d.fds[file];
    return -1;
}

std::string RunCgroup::read(File file) const { return readAt(fd(file)); }

double RunCgroup::cpuSeconds() const {
    if (!active()) return -1;
    if (set_.dirs.front().controller == "v2") return double(numberAfter(read(CpuUsage), "usage_usec")) / 1e6;
    return double(std::atoll(read(CpuUsage).c_str())) / 1e9;
}

std::uint64_t RunCgroup::peakBytes() const {
    if (!active()) return 0;
    return std::strtoull(read(MemoryPeak).c_str(), nullptr, 10);
}

bool RunCgroup::memoryLimitKilled() const {
    if (!active()) return false;
    return numberAfter(read(MemoryEvents), "oom_kill") > 0;
}

std::vector<pid_t> RunCgroup::processes() const { return processesIn(set_); }

}  // namespace plyjudge::sandbox::detail
