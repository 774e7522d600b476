#include "sandbox/limits.hpp"

#include <cmath>

namespace plyjudge::sandbox::detail {

bool kernelLimitsProcesses(const SandboxLimits& limits, bool dedicatedUid) {
    return dedicatedUid && limits.maxProcesses > 0;
}

std::vector<ChildLimit> resourceLimits(const SandboxLimits& limits, bool dedicatedUid) {
    std::vector<ChildLimit> out;
    auto add = [&](int resource, rlim_t soft, rlim_t hard) { out.push_back({resource, soft, hard}); };
    add(RLIMIT_CORE, 0, 0);
    if (limits.memoryBytes) add(RLIMIT_AS, limits.memoryBytes, limits.memoryBytes);
    if (limits.cpuSeconds > 0) {
        rlim_t s = rlim_t(std::ceil(limits.cpuSeconds));
        add(RLIMIT_CPU, s, s + 1);
    }
    if (limits.maxOpenFiles > 0) add(RLIMIT_NOFILE, rlim_t(limits.maxOpenFiles), rlim_t(limits.maxOpenFiles));
    if (limits.maxFileBytes) add(RLIMIT_FSIZE, limits.maxFileBytes, limits.maxFileBytes);
    // Zero means no limit here too, but set as such: an inherited stack limit is what this field replaces.
    const rlim_t stack = limits.stackBytes ? rlim_t(limits.stackBytes) : RLIM_INFINITY;
    add(RLIMIT_STACK, stack, stack);
    if (kernelLimitsProcesses(limits, dedicatedUid))
        add(RLIMIT_NPROC, rlim_t(limits.maxProcesses), rlim_t(limits.maxProcesses));
    return out;
}

}  // namespace plyjudge::sandbox::detail
