// CPU and memory accounting: what the run's processes used, measured from /proc while it runs (the tree's CPU
// total, its process count) and from wait4 when it ends (CPU time, peak resident memory), and whether a file
// it wrote reached the size limit.
#pragma once

#include <cstdint>
#include <filesystem>
#include <vector>

#include <sys/resource.h>

#include "sandbox/classify.hpp"
#include "sandbox/process_tree.hpp"
#include "sandbox/sandbox.hpp"

namespace plyjudge::sandbox::detail {

// User + system seconds of a rusage.
double rusageSeconds(const rusage& usage);

// What the cleanup reaped besides the program (orphans, bubblewrap's pid-1 process): their CPU time, and the
// largest peak resident size among them and the children they had reaped (ru_maxrss: under bubblewrap the
// program is reaped by bwrap's pid-1 process, so its peak arrives here).
struct ReapedUsage {
    double cpuSeconds = 0;
    std::uint64_t peakBytes = 0;
    void add(const rusage& usage);
};

// CPU time of the tree: the members' own time plus what they collected from children they waited for.
double membersCpuSeconds(const std::vector<ProcessInfo>& members);

// CPU time of the whole tree: over the limit at a tick (RLIMIT_CPU is per process; a tree of processes each
// below it is stopped here).
bool treeCpuOverLimit(double treeCpuSeconds, const SandboxLimits& limits);

// Process count where the kernel does not limit it (no dedicated uid): more processes than maxProcesses at a
// tick (bwrap adds two of its own). Processes, not threads; too slow to stop a fast fork bomb (README.md).
bool tooManyProcesses(std::size_t members, const SandboxLimits& limits, bool kernelLimits, bool isolated);

// Peak memory: the largest VmHWM among `members` (alive, not zombies) raises run.sampledPeakBytes. VmHWM counts
// a process's memory since its exec only: neither bwrap's nor the grader's copy before the exec.
void samplePeakMemory(RunMembership& run, const std::vector<ProcessInfo>& members);

// CPU and process accounting (the tick): samples the run's members from /proc and says which limit, if any, the
// tree is over (StopReason::None when none).
StopReason sampleTree(SharedMembership& membership, const SandboxLimits& limits, bool kernelLimits, bool isolated);

// The same tick where the run has cgroups: the members are the cgroup's processes (`processes`, read from its
// cgroup.procs) and the tree's CPU is the cgroup's (`treeCpuSeconds`), so nothing else of the machine is read. The
// /proc walk of sampleTree read every process on the machine each tick (about 1.4 M instructions and 150 /proc files
// here): a cost per 100 ms of each run's life, which a loaded machine or a slow program pays many times.
StopReason sampleCgroupTree(SharedMembership& membership, const SandboxLimits& limits, bool kernelLimits, bool isolated,
                            double treeCpuSeconds, const std::vector<pid_t>& processes);

// CPU and memory of the finished run: the root's rusage plus the processes reaped (never less than the last
// measure of the live tree), and the peak resident memory of the tree: the largest of the reaped processes'
// ru_maxrss (`reaped`), the high-water marks sampled from /proc while it ran (`sampledPeak`) and, when
// `rootPeakCounts`, the root's ru_maxrss. Not under bubblewrap once its pid 1 is reaped: the root is then bwrap,
// whose ru_maxrss is bwrap's and the grader's copy before exec, and the program's is in pid 1's (in `reaped`).
void accountUsage(RunOutcome& outcome, const rusage& usage, const ReapedUsage& reaped, double liveCpu,
                  std::uint64_t sampledPeak, bool rootPeakCounts);

// CPU and memory of the whole tree from its cgroups (cgroup.hpp; cpu < 0 where there are none): never less than the
// per-process measures above, and more where processes escaped them (children nobody reaped, tmpfs, memfd).
void accountTreeUsage(RunOutcome& outcome, double treeCpuSeconds, std::uint64_t treePeakBytes);

}  // namespace plyjudge::sandbox::detail
