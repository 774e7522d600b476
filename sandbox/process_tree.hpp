// Finding every process a run started, from /proc: by process group, by descendance, by the run's dedicated uid,
// or by the marker in its environment (for escapees that left the group and the tree). Killing them: cleanup.hpp.
#pragma once

#include <cstdint>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <sys/types.h>
#include <vector>

namespace plyjudge::sandbox::detail {

struct ProcessInfo {
    pid_t pid = 0, ppid = 0, pgid = 0, sid = 0;
    char state = '?';            // R, S, D, Z, T, ...
    uid_t uid = 0;               // owner of /proc/<pid> (its effective uid), or its real uid if that is root
    double cpuSeconds = 0;       // utime + stime (all its threads)
    double childCpuSeconds = 0;  // cutime + cstime (children it has waited for)
    unsigned long long startTime = 0;  // in clock ticks since boot: with pid, names a process uniquely
};

std::optional<ProcessInfo> readProcess(pid_t pid);

// The peak resident size of the process's current program (VmHWM: since its last exec, so a forked copy of the
// grader before exec is not counted), or 0 when it cannot be read (gone, a zombie, a kernel thread).
std::uint64_t residentPeakBytes(pid_t pid);
std::vector<ProcessInfo> allProcesses();

// The processes that belong to a run (the main process included).
struct RunMembership {
    pid_t root = 0;          // the process we started (its pid is also its process group)
    int runUid = -1;         // dedicated uid, or -1
    std::string marker;      // "PLYJUDGE_SANDBOX_RUN=<token>" in the environment, or empty
    bool isolated = false;   // under bubblewrap: its pid namespace holds everything the run started
    bool exitedByItself = false;  // the root was reaped before anything was killed
    std::uint64_t sampledPeakBytes = 0;  // the largest VmHWM seen among the members (accounting.cpp)
    std::set<std::pair<pid_t, unsigned long long>> known;  // (pid, startTime) of every member seen so far
};

// A run's membership as the supervisor thread and the caller's thread (SandboxedProcess::cpuSeconds) share it.
struct SharedMembership {
    std::mutex mutex;
    RunMembership run;
};

// Members alive (or zombie) now: the root's descendants, its process group, the run uid's processes and
// the grader's own children carrying the marker. Adds what it finds to `run.known`.
std::vector<ProcessInfo> runMembers(RunMembership& run, bool readEnvironments);

}  // namespace plyjudge::sandbox::detail
