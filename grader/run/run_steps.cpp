#include "grader/run/run_steps.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <atomic>

#include "common/remove_tree.hpp"
#include "grader/compare/compare.hpp"
#include "grader/run/staging.hpp"

namespace plyjudge::grader {

namespace {

std::atomic<std::uint64_t> runCounter{0};

}  // namespace

RunFolder prepareRunFolder(const RunContext& context, const PreparedProgram& program, const CaseSpec& spec,
                           const RunAdjustments& adjustments) {
    namespace fs = std::filesystem;
    RunFolder run;
    run.root = context.workRoot / fmt::format("run-{}-{}", ::getpid(), runCounter.fetch_add(1));
    removeTree(run.root);
    fs::create_directories(run.root);
    // The run's own: handed to its uid for the run (a root grader), never readable by a classmate's run, which
    // could guess its name (the input of a hidden case is in it).
    fs::permissions(run.root, fs::perms::owner_all);
    run.copy = run.root / "work";
    if (program.stagedDir.empty()) fs::create_directories(run.copy);
    else stageFolder(program.stagedDir, run.copy, true);  // already within the staging limits
    run.start = program.startFolder().empty() ? run.copy : run.copy / program.startFolder();  // no trailing '/': placeOf reads its name
    fs::create_directories(run.start);
    std::vector<fs::path> cleared{run.start / "input.txt"};
    for (const std::string& file : spec.files) cleared.push_back(run.start / file);
    for (const auto& [name, from] : adjustments.collect) {
        cleared.push_back(run.start / name);
        if (staysInside(from)) cleared.push_back(placeOf(from, run.start));
    }
    for (const fs::path& p : cleared) removeTree(p);
    fs::copy_file(spec.input, run.start / "input.txt");
    return run;
}

void removeRunFolder(const RunFolder& run) {
    if (!run.root.empty()) removeTree(run.root);
}

sandbox::RunOutcome runProgramIn(const RunContext& context, const PreparedProgram& program, const RunFolder& folder,
                                 const OtherInterpreter* other, bool argvZeroIsInput) {
    sandbox::RunSpec run;
    run.argv = program.argvFor(context.convention, "input.txt", folder.copy);
    if (argvZeroIsInput && !program.python.empty() && run.argv.size() >= 2) {
        // python -c CODE PROGRAM ARGS...: the program runs as __main__ with sys.argv = ["input.txt", ARGS...] (not
        // runpy.run_path, which sets sys.argv[0] back to the program's path). Python 2 and 3 alike.
        static const std::string kCode =
            "import sys; p = sys.argv.pop(1); sys.argv[0] = 'input.txt'; "
            "exec(compile(open(p, 'rb').read(), p, 'exec'), {'__name__': '__main__', '__file__': p})";
        run.argv.insert(run.argv.begin() + 1, {"-c", kCode});
    }
    run.hiddenPaths = context.hiddenPaths;
    run.workDir = folder.root;
    run.startDir = folder.start;
    run.limits = program.limitsFor(context.limits);
    // From the program's words before placeholders are filled (its interpreter, a TA's command): never from the
    // rendered line, which holds the student's paths.
    run.runtime = sandbox::runtimeOfCommandWords(program.argv);
    run.readOnlyPaths = program.readOnlyPaths;
    run.groupId = program.group.gid;
    run.measureWorkDir = true;  // bytes_written: measured in the sandbox's own walks of the folder (free for a root grader)
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
