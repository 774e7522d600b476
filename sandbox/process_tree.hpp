// Finding and killing every process a run started, from /proc: by process group, by descendance, by the
// run's dedicated uid, or by the marker in its environment (for escapees that left the group and the tree).
#pragma once

#include <cstdint>
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
std::vector<ProcessInfo> allProcesses();

// The processes that belong to a run (the main process included).
struct RunMembership {
    pid_t root = 0;          // the process we started (its pid is also its process group)
    int runUid = -1;         // dedicated uid, or -1
    std::string marker;      // "PLYJUDGE_SANDBOX_RUN=<token>" in the environment, or empty
    bool isolated = false;   // under bubblewrap: its pid namespace holds everything the run started
    bool exitedByItself = false;  // the root was reaped before anything was killed
    std::set<std::pair<pid_t, unsigned long long>> known;  // (pid, startTime) of every member seen so far
};

// Members alive (or zombie) now: the root's descendants, its process group, the run uid's processes and
// the grader's own children carrying the marker. Adds what it finds to `run.known`.
std::vector<ProcessInfo> runMembers(RunMembership& run, bool readEnvironments);

// CPU seconds of the members now (their own time plus what they collected from waited children).
double membersCpuSeconds(const std::vector<ProcessInfo>& members, pid_t root);

// Makes the grader a child subreaper (once per process): orphans of the runs come back to it instead of init,
// so escapees that double-forked or called setsid can still be found, killed and reaped. Returns success.
bool becomeSubreaper();

// SIGKILLs everything belonging to the run (group, uid, tree, marker) until nothing is left or a bound of
// rounds is reached; reaps the grader's own children among them (not the root, which the caller reaps:
// call this once before reaping the root and once after, to collect the orphans it left to us).
// /proc is scanned only where it can find something: without a uid or a namespace (environment marker),
// while the root is alive, or when the grader has a child to reap.
// Returns the CPU seconds of the processes it reaped, and sets `leftovers` to the pids still alive.
double killRun(RunMembership& run, bool rootReaped, std::vector<pid_t>& leftovers);

// bwrap's monitor may exit before its pid-1 process has finished tearing the namespace down, which then comes
// back to us (subreaper). Given bwrap's --info-fd text, kills and reaps that process if it is now our child
// (only then: otherwise its pid may already name another process). Returns its CPU seconds (and its children's).
double reapNamespaceInit(const std::string& bwrapInfo);

// SIGKILLs every process of `uid`, from a helper running as that uid (kill(-1) reaches exactly those).
// Returns whether there was any (zombies included).
bool killAllOfUid(int uid);

}  // namespace plyjudge::sandbox::detail
