#include "grader/run/compile_step.hpp"

#include <algorithm>

#include "common/remove_tree.hpp"

namespace plyjudge::grader {

namespace fs = std::filesystem;

sandbox::SandboxLimits compileLimits(const sandbox::SandboxLimits& run, bool jvm) {
    constexpr std::uint64_t kCompilerMemory = 2ULL << 30;
    sandbox::SandboxLimits l = run;
    l.wallSeconds = 60;
    l.cpuSeconds = 60;
    l.memoryBytes = jvm ? 0 : std::max(run.memoryBytes, kCompilerMemory);
    l.treeMemoryBytes = std::max({run.memoryBytes, run.treeMemoryBytes, kCompilerMemory});
    l.maxProcesses = std::max(run.maxProcesses, 64);
    l.maxOpenFiles = std::max(run.maxOpenFiles, 256);
    l.maxFileBytes = 256ULL << 20;
    l.maxCapturedBytes = 16 << 10;
    return l;
}

namespace {

// Moves the declared outputs of `from` into `to`: regular files only (a link could point at anything), by their
// relative paths, folders made as needed.
std::string moveOutputs(const fs::path& from, const fs::path& to, const std::function<bool(const fs::path&)>& isOutput) {
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(from, fs::directory_options::skip_permission_denied, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        const fs::path relative = it->path().lexically_relative(from);
        if (!it->is_regular_file(ec) || it->is_symlink(ec) || !isOutput(relative)) continue;
        fs::create_directories((to / relative).parent_path(), ec);
        fs::rename(it->path(), to / relative, ec);
        if (ec) return "cannot move " + relative.string() + " to " + to.string() + ": " + ec.message();
    }
    return ec ? "cannot list " + from.string() + ": " + ec.message() : "";
}

}  // namespace

CompileOutcome runCompileStep(const CompileStep& step, const fs::path& scratch, const fs::path& outDir) {
    CompileOutcome outcome;
    removeTree(scratch);
    fs::create_directories(scratch);
    fs::create_directories(outDir);
    sandbox::RunSpec spec;
    spec.argv = step.argv;
    spec.workDir = scratch;  // also HOME: empty, so no user site or configuration of the submission's is read
    spec.limits = step.limits;
    spec.runtime = sandbox::runtimeOfCommandWords({step.argv.front()});  // the compiler's name, never the source's path
    spec.readOnlyPaths = step.readOnlyPaths;
    spec.hiddenPaths = step.hiddenPaths;
    spec.groupId = step.groupId;
    outcome.run = sandbox::runSandboxed(spec);
    if (outcome.run.ok()) outcome.movedError = moveOutputs(scratch, outDir, step.isOutput);
    removeTree(scratch);
    return outcome;
}

}  // namespace plyjudge::grader
