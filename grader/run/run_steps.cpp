#include "grader/run/run_steps.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <atomic>

#include "common/remove_tree.hpp"
#include "grader/compare/compare.hpp"

namespace plyjudge::grader {

namespace {

std::atomic<std::uint64_t> runCounter{0};

}  // namespace

std::filesystem::path freshRunDirectory(const RunContext& context) {
    const auto dir = context.workRoot / fmt::format("run-{}-{}", ::getpid(), runCounter.fetch_add(1));
    removeTree(dir);
    std::filesystem::create_directories(dir);
    // The run's own: handed to its uid for the run (a root grader), never readable by a classmate's run, which
    // could guess its name (the input of a hidden case is in it).
    std::filesystem::permissions(dir, std::filesystem::perms::owner_all);
    return dir;
}

sandbox::RunOutcome runProgramIn(const RunContext& context, const PreparedProgram& program, const std::filesystem::path& dir,
                                 const OtherInterpreter* other) {
    sandbox::RunSpec run;
    run.argv = program.argvFor(context.convention, "input.txt");
    run.hiddenPaths = context.hiddenPaths;
    run.workDir = dir;
    run.limits = program.limitsFor(context.limits);
    run.readOnlyPaths = program.readOnlyPaths;
    run.groupId = program.group.gid;
    if (other) {
        run.argv.front() = other->command;
        run.readOnlyPaths.insert(run.readOnlyPaths.end(), other->readOnlyPaths.begin(), other->readOnlyPaths.end());
    }
    return sandbox::runSandboxed(run);
}

std::vector<std::string> missingOutputs(const CaseSpec& spec, const std::filesystem::path& dir) {
    std::vector<std::string> missing;
    for (const std::string& file : spec.files) {
        sandbox::RunOutputFile f = sandbox::openRunOutput(dir, file);
        if (f.fd >= 0) ::close(f.fd);
        else if (f.missing) missing.push_back(file);
    }
    return missing;
}

bool outputsMatch(const CaseSpec& spec, const std::filesystem::path& dir) {
    for (const std::string& file : spec.files) {
        // Refuses links (to the expected file, say), FIFOs, devices and directories, as the case runner does.
        sandbox::RunOutputFile actual = sandbox::openRunOutput(dir, file);
        if (actual.fd < 0) return false;
        if (!compareFiles(spec.expectedDir / file, actual.fd).equal) return false;
    }
    return true;
}

}  // namespace plyjudge::grader
