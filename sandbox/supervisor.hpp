// The supervisor of one run: starts the program and watches it until it ends, then kills and reaps everything it
// started and says what happened. Each step is a named function of its own file (README.md, "What it enforces").
#pragma once

#include <atomic>
#include <functional>
#include <string>

#include "sandbox/process_tree.hpp"
#include "sandbox/sandbox.hpp"

namespace plyjudge::sandbox::detail {

// What the supervisor shares with the SandboxedProcess that owns it (sandboxed_process.cpp).
struct SupervisorLink {
    SharedMembership membership;             // also read by cpuSeconds() on the caller's thread
    std::atomic<bool> killRequested{false};  // killTree() or the destructor
    int wakeFd = -1;                         // an eventfd written at each kill request (wakes the watch)
    std::function<void()> started;           // called once the program runs
};

// cancelAllRuns() was called, and the eventfd it writes to wake every watch (created on the first run; -1 before).
bool cancelRequested();
int cancelWakeFd();

// An outcome with a judge fault: the run could not be started or supervised, never the program's fault.
RunOutcome judgeError(JudgeComponent component, std::string what, std::string fix = "");

// Runs `spec` on the calling thread from start to end and returns what happened.
RunOutcome supervise(const RunSpec& spec, SupervisorLink& link);

}  // namespace plyjudge::sandbox::detail
