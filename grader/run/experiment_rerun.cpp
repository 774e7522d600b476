#include "grader/run/experiment_rerun.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "common/file_io.hpp"
#include "grader/compare/compare.hpp"
#include "grader/explain/error_output.hpp"
#include "grader/explain/output_forms.hpp"
#include "grader/run/run_steps.hpp"
#include "reference/core/input_text.hpp"
#include "reference/variant.hpp"

namespace plyjudge::grader {

namespace {

bool explainable(Verdict v) { return v == Verdict::RuntimeError || v == Verdict::MissingOutput || v == Verdict::WrongAnswer; }

// What the failed run left that may be its answer in another form (output_forms.hpp): a missing file's near name,
// and blank lines the expected file does not have.
void addOutputForms(FailedRun& f, const CaseSpec& spec, const PreparedProgram& program) {
    std::vector<std::string> excluded = f.comparedFiles;
    excluded.insert(excluded.end(), f.outputNames.begin(), f.outputNames.end());
    excluded.push_back("input.txt");
    excluded.push_back(program.programFile.filename().string());
    if (f.verdict != Verdict::MissingOutput && f.verdict != Verdict::WrongAnswer) return;
    for (const std::string& missing : f.missingFiles) {
        const auto near = nearNameIn(f.runDir, missing, excluded);
        if (!near) continue;
        f.nearNames.emplace_back(missing, *near);
        sandbox::RunOutputFile written = sandbox::openRunOutput(f.runDir, *near);
        if (written.fd < 0 || !f.nearNamesDiffer.empty()) continue;
        const FileComparison c = compareFiles(spec.expectedDir / missing, written.fd);
        if (c.first) f.nearNamesDiffer = fmt::format("{} line {}", *near, c.first->line);
    }
    if (f.verdict != Verdict::WrongAnswer) return;  // blank lines: only a wrong answer is compared again without them
    for (const std::string& file : spec.files) {
        std::error_code ec;
        const auto expectedPath = spec.expectedDir / file;
        if (std::filesystem::file_size(expectedPath, ec) > kOutputFormBytes || ec) continue;  // never read a large file whole
        const auto written = readRunFile(f.runDir, file);
        if (written && hasInnerBlankLine(*written) && !hasInnerBlankLine(readWholeFile(expectedPath))) f.strayBlankLines.push_back(file);
    }
}

// A Python program's error line quoting a line of its own file: the line and its number (FailedRun::ownSourceLine).
void addOwnSourceQuote(FailedRun& f, const PreparedProgram& program) {
    if (program.python.empty() || f.verdict != Verdict::RuntimeError) return;
    const auto source = readRunFile(f.runDir, program.programFile.filename().string());
    if (!source) return;
    const std::vector<std::string_view> lines = splitOn(*source, '\n');
    for (const std::string& quoted : quotedTexts(errorLineOf(f.stderrText))) {
        const auto at = std::find(lines.begin(), lines.end(), trim(quoted));
        if (at == lines.end()) continue;
        f.ownSourceLine = quoted;
        f.ownSourceLineNumber = static_cast<int>(at - lines.begin()) + 1;
        return;
    }
}

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
    addOutputForms(f, spec, program);
    addOwnSourceQuote(f, program);
    return f;
}

// A complete stdout saved as the one compared file the rerun did not write.
void saveStdoutAsOutput(const CaseSpec& spec, const std::filesystem::path& dir, const sandbox::RunOutcome& out) {
    const std::vector<std::string> missing = missingOutputs(spec, dir);
    if (missing.size() != 1 || out.stdoutHead.size() != out.stdoutBytes) return;
    writeWholeFile(dir / missing.front(), out.stdoutHead);
}

// The name a compared file is read at: its near name when the steps say so and the rerun did not write the file.
std::string nameToRead(const std::string& file, const std::filesystem::path& dir, const FailedRun& failed, bool nearNames) {
    if (!nearNames) return file;
    for (const auto& [missing, near] : failed.nearNames) {
        if (missing == file && sandbox::openRunOutput(dir, file).missing) return near;
    }
    return file;
}

// Whether the rerun's outputs pass, read in the forms the steps name: a missing file at its near name, a file
// without its blank lines; compared as the case runner compares (run_steps.hpp, outputsMatch).
bool outputsMatchIn(const CaseSpec& spec, const std::filesystem::path& dir, const FailedRun& failed, bool nearNames,
                    bool noBlankLines) {
    const auto& stray = failed.strayBlankLines;
    for (const std::string& file : spec.files) {
        const std::string name = nameToRead(file, dir, failed, nearNames);
        const std::filesystem::path expected = spec.expectedDir / file;
        if (noBlankLines && std::find(stray.begin(), stray.end(), file) != stray.end()) {
            const auto text = readRunFile(dir, name);
            if (!text || !equalsExpected(expected, withoutBlankLines(*text))) return false;
            continue;
        }
        sandbox::RunOutputFile actual = sandbox::openRunOutput(dir, name);
        if (actual.fd < 0 || !compareFiles(expected, actual.fd).equal) return false;
    }
    return true;
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
        const sandbox::RunOutcome out = runProgramIn(context, program, run, other, changes(RerunChange::ArgvZeroIsInput));
        if (!out.cancelled && out.termination == sandbox::Termination::Exited &&
            (out.exitCode == 0 || context.exitStatus == ExitStatusPolicy::Outputs)) {
            collectOutputs(adjustments, run.start);
            if (changes(RerunChange::StdoutAsOutput)) saveStdoutAsOutput(spec, run.start, out);
            passed = outputsMatchIn(spec, run.start, failed, changes(RerunChange::NearNames), changes(RerunChange::NoBlankLines));
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
        if (auto found = explainByExperiment(f, context.experimentBudget, *program.experimentSpending, rerun, stats)) return found;
        return observedOutputForm(f);
    } catch (const std::exception&) {
        return std::nullopt;  // the case's input cannot be read again: nothing to experiment with
    }
}

}  // namespace plyjudge::grader
