#include "grader/run/experiment_rerun.hpp"

#include <algorithm>

#include "common/file_io.hpp"
#include "grader/run/run_steps.hpp"
#include "reference/variant.hpp"

namespace plyjudge::grader {

namespace {

bool explainable(Verdict v) { return v == Verdict::RuntimeError || v == Verdict::MissingOutput || v == Verdict::WrongAnswer; }

FailedRun failedRunOf(const RunContext& context, const PreparedProgram& program, const CaseSpec& spec, const CaseResult& failed,
                      const sandbox::RunOutcome& out, const std::filesystem::path& dir) {
    FailedRun f;
    f.verdict = failed.verdict;
    f.input = readWholeFile(spec.input);
    f.stderrText = out.stderrHead;
    f.stdoutText = out.stdoutHead;
    f.stdoutComplete = out.stdoutHead.size() == out.stdoutBytes;
    f.comparedFiles = spec.files;
    f.missingFiles = missingOutputs(spec, dir);
    if (const Variant* variant = findVariant(context.variantName)) {
        f.outputNames.assign(variant->outputFiles.begin(), variant->outputFiles.end());
    }
    f.runDir = dir;
    f.python = program.python;
    if (program.otherPython) f.otherPython = program.otherPython->name;
    return f;
}

// A complete stdout saved as the one compared file the rerun did not write.
void saveStdoutAsOutput(const CaseSpec& spec, const std::filesystem::path& dir, const sandbox::RunOutcome& out) {
    const std::vector<std::string> missing = missingOutputs(spec, dir);
    if (missing.size() != 1 || out.stdoutHead.size() != out.stdoutBytes) return;
    writeWholeFile(dir / missing.front(), out.stdoutHead);
}

// One rerun with the steps applied; true when it exited normally and every compared file matches.
bool passesWith(const ExperimentSteps& steps, const FailedRun& failed, const RunContext& context, const PreparedProgram& program,
                const CaseSpec& spec, const RunAdjustments& adjustments) {
    const auto changes = [&](RerunChange c) {
        return std::any_of(steps.begin(), steps.end(), [&](const Experiment* e) { return e->change == c; });
    };
    if (changes(RerunChange::OtherPython) && !program.otherPython) return false;
    const OtherInterpreter* other = changes(RerunChange::OtherPython) ? &*program.otherPython : nullptr;
    RunFolder run;
    bool passed = false;
    try {
        run = prepareRunFolder(context, program, spec, adjustments);
        for (const Experiment* e : steps) e->transform(failed, run.start);
        applySetup(adjustments, run.start);
        const sandbox::RunOutcome out = runProgramIn(context, program, run, other);
        if (!out.cancelled && out.termination == sandbox::Termination::Exited &&
            (out.exitCode == 0 || context.exitStatus == ExitStatusPolicy::Outputs)) {
            collectOutputs(adjustments, run.start);
            if (changes(RerunChange::StdoutAsOutput)) saveStdoutAsOutput(spec, run.start, out);
            passed = outputsMatch(spec, run.start);
        }
    } catch (const std::exception&) {
        passed = false;  // an experiment that cannot be set up explains nothing
    }
    removeRunFolder(run);
    return passed;
}

}  // namespace

std::optional<Explanation> explainByRerunning(const RunContext& context, const PreparedProgram& program, const CaseSpec& spec,
                                              const RunAdjustments& adjustments, const CaseResult& failed,
                                              const sandbox::RunOutcome& out, const std::filesystem::path& dir,
                                              ExperimentStats* stats) {
    if (!explainable(failed.verdict) || !program.experimentSpending) return std::nullopt;
    try {
        const FailedRun f = failedRunOf(context, program, spec, failed, out, dir);
        const RerunWith rerun = [&](const ExperimentSteps& steps) { return passesWith(steps, f, context, program, spec, adjustments); };
        return explainByExperiment(f, context.experimentBudget, *program.experimentSpending, rerun, stats);
    } catch (const std::exception&) {
        return std::nullopt;  // the case's input cannot be read again: nothing to experiment with
    }
}

}  // namespace plyjudge::grader
