// Resource limits: the rlimits every process of a run gets, assembled from SandboxLimits here and set in the
// child between fork and exec (child_setup.hpp:applyResourceLimits). They are per process and per file: no
// cgroups, so nothing limits the memory or disk of the whole tree (README.md).
#pragma once

#include <vector>

#include <sys/resource.h>

#include "sandbox/sandbox.hpp"

namespace plyjudge::sandbox::detail {

struct ChildLimit {
    int resource;
    rlim_t soft, hard;
};

// Process limit: whether the kernel enforces maxProcesses. RLIMIT_NPROC counts every process of the real uid, so
// it is set only where that uid is the run's alone (a root grader's dedicated uid, with or without bubblewrap);
// elsewhere the supervisor counts the tree at each tick instead (accounting.cpp:tooManyProcesses).
bool kernelLimitsProcesses(const SandboxLimits& limits, bool dedicatedUid);

// Resource limits: no core dumps, address space (RLIMIT_AS), CPU seconds of each process (RLIMIT_CPU: SIGXCPU at
// the limit, SIGKILL a second later), open files, size of each file written (RLIMIT_FSIZE), the stack
// (RLIMIT_STACK: set, not inherited, so a deep recursion fails alike whatever the grader's shell had), and the number of
// processes and threads (RLIMIT_NPROC) where kernelLimitsProcesses. In the order they are applied.
std::vector<ChildLimit> resourceLimits(const SandboxLimits& limits, bool dedicatedUid);

}  // namespace plyjudge::sandbox::detail
