// Resource limits: the rlimits every process of a run gets, assembled from SandboxLimits here and set in the
// child between fork and exec (child_setup.hpp:applyResourceLimits). They are per process and per file; the
// memory of the whole tree is the cgroup's (cgroup.hpp), and only where there is none does the address space
// stand in for it, sized for the runtime the command starts (addressSpaceFor, README.md "Memory").
#pragma once

#include <string>
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

// The runtimes whose address space is much larger than what they use (sandbox.hpp:Runtime): a JVM reserves its heap,
// 1 GiB of compressed class space and its code cache at start-up and fails to start when it cannot; Python and the
// C++ compiler reserve a little (thread stacks, malloc arenas).
// The runtime of a run: the one its spec declares, else argv[0]'s own name.
Runtime runtimeOf(const RunSpec& spec);
// The runtime one word names by its file name ("/usr/bin/java" -> Jvm), and which of two needs more address space.
Runtime runtimeOfWord(const std::string& word);
int rank(Runtime r);

// The address-space limit (RLIMIT_AS) of a run, 0 for none. None where the tree's memory is limited by a cgroup
// (treeLimited): memory.max bounds what the run uses, and an address-space limit would only refuse reservations
// that real runtimes make (the JVM's). Elsewhere memoryBytes, plus the runtime's reservations: a JVM 2 x
// memoryBytes + 4 GiB (its default heap is half the address space; with -Xmx it needs -Xmx + about 3.3 GiB),
// Python and the compiler memoryBytes + 512 MiB.
rlim_t addressSpaceFor(const SandboxLimits& limits, Runtime runtime, bool treeLimited);

// Resource limits: no core dumps, address space (RLIMIT_AS, `addressSpace` unless 0), CPU seconds of each process
// (RLIMIT_CPU: SIGXCPU at the limit, SIGKILL a second later), open files, size of each file written (RLIMIT_FSIZE),
// the stack (RLIMIT_STACK: set, not inherited, so a deep recursion fails alike whatever the grader's shell had), and
// the number of processes and threads (RLIMIT_NPROC) where kernelLimitsProcesses. In the order they are applied.
std::vector<ChildLimit> resourceLimits(const SandboxLimits& limits, bool dedicatedUid, rlim_t addressSpace);

}  // namespace plyjudge::sandbox::detail
