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

// CPU time of the tree: the members' own time plus what they collected from children they waited for.
double membersCpuSeconds(const std::vector<ProcessInfo>& members);

// CPU time of the whole tree: over the limit at a tick (RLIMIT_CPU is per process; a tree of processes each
// below it is stopped here).
bool treeCpuOverLimit(double treeCpuSeconds, const SandboxLimits& limits);

// Process count where the kernel does not limit it (no dedicated uid): more processes than maxProcesses at a
// tick (bwrap adds two of its own). Processes, not threads; too slow to stop a fast fork bomb (README.md).
bool tooManyProcesses(std::size_t members, const SandboxLimits& limits, bool kernelLimits, bool isolated);

// CPU and process accounting (the tick): samples the run's members from /proc and says which limit, if any, the
// tree is over (StopReason::None when none).
StopReason sampleTree(SharedMembership& membership, const SandboxLimits& limits, bool kernelLimits, bool isolated);

// CPU and memory of the finished run: the program's rusage plus the orphans reaped (never less than the last
// measure of the live tree), and its peak resident memory (ru_maxrss).
void accountUsage(RunOutcome& outcome, const rusage& usage, double orphanCpu, double liveCpu);

// File size: some file in the working directory reached the size limit (evidence for OutputLimit when the
// program ignored SIGXFSZ and saw EFBIG). A bounded walk; symbolic links are not followed.
bool fileAtLimit(const std::filesystem::path& dir, std::uint64_t limit);

}  // namespace plyjudge::sandbox::detail
