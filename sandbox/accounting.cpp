#include "sandbox/accounting.hpp"

#include <algorithm>

namespace plyjudge::sandbox::detail {

double rusageSeconds(const rusage& usage) {
    return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
           double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

void ReapedUsage::add(const rusage& usage) {
    cpuSeconds += rusageSeconds(usage);
    peakBytes = std::max(peakBytes, std::uint64_t(usage.ru_maxrss) * 1024);
}

double membersCpuSeconds(const std::vector<ProcessInfo>& members) {
    double sum = 0;
    for (const ProcessInfo& p : members) sum += p.cpuSeconds + p.childCpuSeconds;
    return sum;
}

bool treeCpuOverLimit(double treeCpuSeconds, const SandboxLimits& limits) {
    return limits.cpuSeconds > 0 && treeCpuSeconds > limits.cpuSeconds;
}

bool tooManyProcesses(std::size_t members, const SandboxLimits& limits, bool kernelLimits, bool isolated) {
    return !kernelLimits && limits.maxProcesses > 0 && int(members) > limits.maxProcesses + (isolated ? 2 : 0);
}

void samplePeakMemory(RunMembership& run, const std::vector<ProcessInfo>& members) {
    for (const ProcessInfo& p : members)
        if (p.state != 'Z') run.sampledPeakBytes = std::max(run.sampledPeakBytes, residentPeakBytes(p.pid));
}

StopReason sampleTree(SharedMembership& membership, const SandboxLimits& limits, bool kernelLimits, bool isolated) {
    std::lock_guard lock(membership.mutex);
    const std::vector<ProcessInfo> members = runMembers(membership.run, false);
    samplePeakMemory(membership.run, members);
    if (treeCpuOverLimit(membersCpuSeconds(members), limits)) return StopReason::Cpu;
    if (tooManyProcesses(members.size(), limits, kernelLimits, isolated)) return StopReason::Processes;
    return StopReason::None;
}

StopReason sampleCgroupTree(SharedMembership& membership, const SandboxLimits& limits, bool kernelLimits, bool isolated,
                            double treeCpuSeconds, const std::vector<pid_t>& processes) {
    {
        std::lock_guard lock(membership.mutex);
        for (pid_t pid : processes)  // a zombie's VmHWM is gone (0): its peak comes from wait4 at the end
            membership.run.sampledPeakBytes = std::max(membership.run.sampledPeakBytes, residentPeakBytes(pid));
    }
    if (treeCpuOverLimit(treeCpuSeconds, limits)) return StopReason::Cpu;
    if (tooManyProcesses(processes.size(), limits, kernelLimits, isolated)) return StopReason::Processes;
    return StopReason::None;
}

void accountUsage(RunOutcome& outcome, const rusage& usage, const ReapedUsage& reaped, double liveCpu,
                  std::uint64_t sampledPeak, bool rootPeakCounts) {
    outcome.cpuSeconds = std::max(rusageSeconds(usage) + reaped.cpuSeconds, liveCpu);
    const std::uint64_t rootPeak = rootPeakCounts ? std::uint64_t(usage.ru_maxrss) * 1024 : 0;
    outcome.peakMemoryBytes = std::max({rootPeak, reaped.peakBytes, sampledPeak});
}

void accountTreeUsage(RunOutcome& outcome, double treeCpuSeconds, std::uint64_t treePeakBytes) {
    if (treeCpuSeconds < 0) return;
    outcome.cpuSeconds = std::max(outcome.cpuSeconds, treeCpuSeconds);
    outcome.peakMemoryBytes = std::max(outcome.peakMemoryBytes, treePeakBytes);
}

}  // namespace plyjudge::sandbox::detail
