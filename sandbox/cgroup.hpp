// Whole-tree accounting and limits with cgroups, where the machine gives them to the grader: a cgroup per run in the
// cpuacct, memory and pids hierarchies of cgroup v1 (hybrid hosts), or in cgroup v2 where those controllers are
// enabled for the grader's own cgroup (the root cgroup, or a subtree delegated with them). The child enters the
// run's cgroups before it execs (child_setup.hpp:enterRunCgroups), so everything the run starts is counted there,
// including children that exit and are reaped by nobody (SIGCHLD ignored), and memory that no process maps: tmpfs
// files and memfds. Where no cgroup can be had (a grader that is not root, no such hierarchy), the sandbox says so
// once and measures processes from /proc and wait4 as before (README.md, "What it enforces").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <sys/types.h>

#include "sandbox/sandbox.hpp"

namespace plyjudge::sandbox::detail {

class RunCgroup {
public:
    RunCgroup() = default;
    // The run's cgroups, limited (memory: limits.treeMemoryBytes or memoryBytes, swap included where the kernel
    // counts it; tasks: maxProcesses plus bwrap's own), or none (active() false) where they cannot be had. On cgroup
    // v1 a thread's runs reuse one set of them, kept from its last run when that left it clean (cgroup.cpp, "Reuse").
    static RunCgroup create(const std::string& token, const SandboxLimits& limits);
    ~RunCgroup();  // kills what is left in them; keeps them for this thread's next run when clean, else removes them
    RunCgroup(RunCgroup&& o) noexcept;
    RunCgroup& operator=(RunCgroup&&) = delete;
    RunCgroup(const RunCgroup&) = delete;

    bool active() const { return !set_.dirs.empty(); }
    // Whether the set was kept from an earlier run of this thread rather than made for this one.
    bool reused() const { return reused_; }
    // The file of each through which the child enters it, open for writing (it writes "0": itself; v1: `tasks`, v2:
    // `cgroup.procs`).
    std::vector<int> entryDescriptors() const;
    // CPU time of everything the run started so far (user + system), or -1 when not measured.
    double cpuSeconds() const;
    // The tree's peak memory use (anonymous, tmpfs, memfd and page cache), or 0 when not measured.
    std::uint64_t peakBytes() const;
    // Whether the kernel killed a process of the run for the tree's memory limit.
    bool memoryLimitKilled() const;
    // The processes in the run's cgroups now (the tick's members: accounting.cpp:sampleCgroupTree).
    std::vector<pid_t> processes() const;

    // What a run's cgroups are: one folder per controller (v1) or one (v2), and the files read and written during a
    // run, opened once per set.
    enum File { Entry, CpuUsage, MemoryPeak, MemoryEvents, MemoryNow, Tasks, kFiles };
    struct Dir {
        std::string path;        // the cgroup's folder
        std::string controller;  // "cpuacct", "memory", "pids" (v1) or "v2"
        int fds[kFiles] = {-1, -1, -1, -1, -1, -1};
    };
    struct Set {
        std::vector<Dir> dirs;
        std::string memoryLimit, tasksLimit;  // as written
    };

private:
    int fd(File file) const;
    std::string read(File file) const;
    Set set_;
    bool reused_ = false;
};

// Why runs get no cgroups here (said once by the grader), or empty when they do.
const std::string& cgroupUnavailableReason();
// Whether a thread's runs reuse their cgroups here (cgroup v1; cgroup.cpp, "Reuse").
bool runCgroupsReused();

}  // namespace plyjudge::sandbox::detail
