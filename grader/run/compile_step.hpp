// Compiling is a run: a compiler or a syntax check reads a submission, so it runs in the sandbox exactly like the
// program (the same hidden paths and minimal world, limits on CPU, memory, processes and output, a private HOME), in
// a fresh folder of its own that is its only writable place, with the staged source read-only. Only its declared
// outputs move on to the folder the runs read: a run never sees files a compile step wrote anywhere else. A
// submission cannot make its staged copy writable for later runs, nor embed a hidden file at compile time.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "sandbox/sandbox.hpp"

namespace plyjudge::grader {

// The limits of a compile step: the run's, widened where compilers need more (wall and CPU time, open files, the
// size of the binary), and never unlimited: `#include "/dev/zero"` would otherwise grow the compiler without bound.
// `jvm`: javac reserves its heap as address space, so its memory is bounded for the whole tree instead.
sandbox::SandboxLimits compileLimits(const sandbox::SandboxLimits& run, bool jvm);

struct CompileStep {
    std::vector<std::string> argv;                     // run in the compile folder (its outputs relative to it)
    std::vector<sandbox::ReadablePath> readOnlyPaths;  // the staged source, the compiler's installation
    std::vector<std::filesystem::path> hiddenPaths;    // the run's
    sandbox::SandboxLimits limits;
    // Which files the compile folder may hand on (a relative path): the declared outputs.
    std::function<bool(const std::filesystem::path&)> isOutput = [](const std::filesystem::path&) { return false; };
    int groupId = -1;  // the student's group (sandbox::studentGroup), or -1
};

struct CompileOutcome {
    sandbox::RunOutcome run;
    std::string movedError;  // why a declared output could not be moved on, or empty
};

// Runs `step` in a fresh folder `scratch` (made, and removed after), then moves its declared outputs (regular files
// only, never links) into `outDir` keeping their relative paths.
CompileOutcome runCompileStep(const CompileStep& step, const std::filesystem::path& scratch,
                              const std::filesystem::path& outDir);

}  // namespace plyjudge::grader
