// Turning what the kernel reported about a run into a Termination, with the reason in RunOutcome::detail.
#pragma once

#include <optional>
#include <string>

#include "sandbox/sandbox.hpp"

namespace plyjudge::sandbox::detail {

// Why the supervisor itself ended the run, if it did.
enum class StopReason { None, Wall, Cpu, Output, Processes, Caller, Disk };

struct RawEnd {
    int waitStatus = 0;          // from wait4 of the process we started
    bool isolated = false;       // under bubblewrap: a signal death arrives as exit code 128 + signal
    StopReason stop = StopReason::None;
    bool fileAtLimit = false;    // some file in the working directory reached maxFileBytes
    std::string stderrTail;      // the end of what it wrote to stderr (for allocation-failure messages)
    std::string stdoutTail;      // the end of what it wrote to stdout (a runtime's start-up failure, e.g. the JVM's)
    bool treeMemoryKilled = false;  // the kernel killed a process at the tree's memory limit (cgroup.hpp)
    // The sandbox never started the program (supervisor.cpp:sandboxFault: bwrap's status, the exec report).
    std::optional<JudgeFault> sandboxFault;
    std::string diskQuotaDetail;  // StopReason::Disk: what it filled (disk_quota.hpp)
};

// Fills termination, exitCode, signal and detail of `out` (cpuSeconds and peakMemoryBytes already set).
void classify(const RawEnd& end, const SandboxLimits& limits, RunOutcome& out);

}  // namespace plyjudge::sandbox::detail
