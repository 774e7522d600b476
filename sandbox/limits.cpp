#include "sandbox/limits.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <sstream>

namespace plyjudge::sandbox::detail {

Runtime runtimeOfWord(const std::string& word) {
    const std::string name = std::filesystem::path(word).filename().string();
    static const char* const jvms[] = {"java", "javac", "jshell", "jar", "kotlin", "kotlinc", "scala", "scalac", "groovy"};
    if (std::find(std::begin(jvms), std::end(jvms), name) != std::end(jvms)) return Runtime::Jvm;
    if (name.starts_with("python") || name.starts_with("pypy")) return Runtime::Python;
    static const char* const compilers[] = {"g++", "gcc", "c++", "cc", "cc1plus", "clang", "clang++"};
    if (std::find(std::begin(compilers), std::end(compilers), name) != std::end(compilers) || name.starts_with("g++-") ||
        name.starts_with("clang"))
        return Runtime::Compiler;
    return Runtime::Native;
}

// Which of two runtimes needs more address space.
int rank(Runtime r) {
    switch (r) {
        case Runtime::Jvm: return 3;
        case Runtime::Python: return 2;
        case Runtime::Compiler: return 1;
        case Runtime::Native:
        case Runtime::Unknown: return 0;
    }
    return 0;
}

bool kernelLimitsProcesses(const SandboxLimits& limits, bool dedicatedUid) {
    return dedicatedUid && limits.maxProcesses > 0;
}

Runtime runtimeOf(const RunSpec& spec) {
    if (spec.runtime != Runtime::Unknown) return spec.runtime;
    return spec.argv.empty() ? Runtime::Native : runtimeOfWord(spec.argv.front());
}

rlim_t addressSpaceFor(const SandboxLimits& limits, Runtime runtime, bool treeLimited) {
    if (treeLimited || limits.memoryBytes == 0) return 0;
    constexpr std::uint64_t MiB = 1ULL << 20;
    switch (runtime) {
        case Runtime::Jvm: return rlim_t(2 * limits.memoryBytes + 4096 * MiB);
        case Runtime::Python:
        case Runtime::Compiler: return rlim_t(limits.memoryBytes + 512 * MiB);
        case Runtime::Native:
        case Runtime::Unknown: break;
    }
    return rlim_t(limits.memoryBytes);
}

std::vector<ChildLimit> resourceLimits(const SandboxLimits& limits, bool dedicatedUid, rlim_t addressSpace) {
    std::vector<ChildLimit> out;
    auto add = [&](int resource, rlim_t soft, rlim_t hard) { out.push_back({resource, soft, hard}); };
    add(RLIMIT_CORE, 0, 0);
    if (addressSpace) add(RLIMIT_AS, addressSpace, addressSpace);
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

namespace plyjudge::sandbox {

Runtime runtimeOfCommandWords(const std::vector<std::string>& words) {
    Runtime found = Runtime::Native;
    for (const std::string& arg : words) {
        std::istringstream split(arg);
        for (std::string word; split >> word;) {
            const Runtime r = detail::runtimeOfWord(word);
            if (detail::rank(r) > detail::rank(found)) found = r;
        }
    }
    return found;
}

}  // namespace plyjudge::sandbox
