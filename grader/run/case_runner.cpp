#include "grader/run/case_runner.hpp"

#include <boost/iostreams/device/array.hpp>
#include <boost/iostreams/stream.hpp>
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <system_error>
#include <fstream>

#include "common/report_text.hpp"
#include "grader/compare/compare.hpp"
#include "grader/compare/diagnosis.hpp"
#include "grader/compare/output_digest.hpp"
#include "grader/run/chosen_move.hpp"
#include "grader/run/disk_evidence.hpp"
#include "grader/explain/error_output.hpp"
#include "grader/explain/explain.hpp"
#include "grader/explain/log_shape.hpp"
#include "grader/run/experiment_rerun.hpp"
#include "grader/run/run_steps.hpp"
#include "grader/run/student_paths.hpp"
#include "reference/variant.hpp"

namespace plyjudge::grader {

namespace {

constexpr std::size_t kStdoutReasonBytes = 240;  // the stdout line quoted when stderr is empty

// The start of what the program printed on stderr, as results keep it (common/report_text.hpp).
std::string head(const std::string& s) { return cutForReport(s, kReportStderrBytes); }

// What the views keep of a comparison's first difference: the context and two lines after it (the
// comparison's long lookahead only serves the diagnosis). Each line is already a bounded copy (compare.hpp).
FirstDifference firstDifferenceOf(const std::string& file, const Difference& d) {
    constexpr std::size_t kShownAfter = 2;
    FirstDifference f{file, d.line, d.before, d.expected, d.actual, {}, {}};
    f.expectedAfter.assign(d.expectedAfter.begin(), d.expectedAfter.begin() + static_cast<long>(std::min(kShownAfter, d.expectedAfter.size())));
    f.actualAfter.assign(d.actualAfter.begin(), d.actualAfter.begin() + static_cast<long>(std::min(kShownAfter, d.actualAfter.size())));
    return f;
}

// The program's files that the case compares, read for the explanation; nullopt when one cannot be read or
// is too large to be worth reproducing.
std::optional<OutputFiles> programOutputs(const std::filesystem::path& dir, const std::vector<std::string>& files) {
    constexpr std::size_t kMaxBytes = 64u << 20;
    OutputFiles out;
    for (const std::string& file : files) {
        sandbox::RunOutputFile f = sandbox::openRunOutput(dir, file);
        if (f.fd < 0) {
            if (f.missing) continue;
            return std::nullopt;
        }
        auto text = sandbox::readRunOutput(std::move(f), kMaxBytes);
        if (!text) return std::nullopt;
        out[file] = std::move(*text);
    }
    return out;
}

// A wrong answer explained by reproducing it (grader/explain), when the variant's reference can; else, when a
// traverse log differs by a pattern across it, by the log's shape, or the closest fault (shapeOrReproduction).
std::optional<Explanation> explanationOf(const RunContext& context, const CaseSpec& spec, const std::filesystem::path& dir) {
    const Variant* variant = findVariant(context.variantName);
    if (!context.explain || !variant || !variant->agree) return std::nullopt;
    const auto actual = programOutputs(dir, spec.files);
    if (!actual) return std::nullopt;
    std::optional<Explanation> reproduced;
    try {
        reproduced = explainByReproduction(*variant, context.dialect, InputText::readFile(spec.input), *actual);
    } catch (const std::exception&) {
        // an input the reference rejects: nothing to reproduce
    }
    if (reproduced && reproduced->exact) return reproduced;
    for (const auto& [file, text] : *actual) {  // a file without a log header gives no shape
        std::ifstream expected(spec.expectedDir / file, std::ios::binary);
        boost::iostreams::stream<boost::iostreams::array_source> program(text.data(), text.size());
        if (auto shape = explainByLogShape(expected, program)) return shapeOrReproduction(shape, reproduced);
    }
    return reproduced;
}


// The run's figures, as every view shows them. bytesWritten counts what the run added to its folder and printed: the
// sandbox measured the folder before the run (the program's files, the input, the setup) and after it.
void recordFigures(CaseResult& r, const sandbox::RunOutcome& out) {
    r.wallSeconds = out.wallSeconds;
    r.cpuSeconds = out.cpuSeconds;
    r.peakMemoryBytes = out.peakMemoryBytes;
    r.exitCode = out.exitCode;
    r.signal = out.signal;
    r.isolated = out.isolated;
    const std::uint64_t before = out.workDirBytesAtStart, after = out.workDirBytesAtEnd;
    r.bytesWritten = out.stdoutBytes + out.stderrBytes + (after > before ? after - before : 0);
}

// A program that stops with nothing on stderr may have said why on stdout (the JVM's "Could not reserve enough
// space ..."): its last line, for the message. "" when stderr says something or stdout says nothing.
std::string reasonOnStdout(const sandbox::RunOutcome& out) {
    if (out.stderrHead.find_first_not_of(" \t\r\n") != std::string::npos) return "";
    const std::string line = errorLineOf(out.stdoutHead);
    return line.empty() ? "" : "; nothing on stderr, its standard output ends: " + cutForReport(line, kStdoutReasonBytes);
}

void markJudgeFault(CaseResult& r, const JudgeFault& fault);

// The verdict the run's end gives before its files are compared (Ok: it exited with status 0), or the judge fault of a
// run the sandbox never started.
void judgeTermination(CaseResult& r, const sandbox::RunOutcome& out, const sandbox::SandboxLimits& limits) {
    r.judgeFault.reset();  // the run ended: what follows is the program's
    if (out.judgeFault) {
        markJudgeFault(r, *out.judgeFault);
        return;
    }
    const std::string why = out.detail.empty() ? std::string() : " (" + out.detail + ")";
    switch (out.termination) {
        case sandbox::Termination::WallTimeout:
            r.verdict = Verdict::TimeLimit;
            r.message = fmt::format("killed after {:.1f} s of wall time (limit {} s)", out.wallSeconds, limits.wallSeconds) + why;
            break;
        case sandbox::Termination::CpuTimeout:
            r.verdict = Verdict::TimeLimit;
            r.message = fmt::format("used more than {} s of CPU time", limits.cpuSeconds) + why;
            break;
        case sandbox::Termination::MemoryLimit:
            r.verdict = Verdict::MemoryLimit;
            r.message = fmt::format("ran out of its {} MiB of memory", limits.memoryBytes >> 20) + why;
            break;
        case sandbox::Termination::OutputLimit:
            r.verdict = Verdict::OutputLimit;
            // The sandbox says which limit: a file's size, a flooded stream, or the disk quota (its folder and temporary
            // folders together).
            r.message = out.detail.empty()
                            ? fmt::format("wrote more than the output limit ({} MiB per file)", limits.maxFileBytes >> 20)
                            : "stopped at an output limit: " + out.detail;
            break;
        case sandbox::Termination::Signaled:
            r.verdict = Verdict::RuntimeError;
            r.message = fmt::format("killed by signal {} ({})", out.signal, strsignal(out.signal)) + reasonOnStdout(out);
            r.stderrHead = head(out.stderrHead);
            break;
        case sandbox::Termination::Exited:
            // A non-zero exit status is a runtime error even when the files are right (the program reported a
            // failure), unless the assignment says exit_status: outputs (excuseExitStatus).
            r.verdict = out.exitCode == 0 ? Verdict::Ok : Verdict::RuntimeError;
            if (out.exitCode != 0) {
                r.message = fmt::format("exited with status {}", out.exitCode) + reasonOnStdout(out);
                r.stderrHead = head(out.stderrHead);
            }
            break;
    }
}

// One digest of everything compared (`plyjudge similarity` groups identical wrong outputs by it): a file equal to the
// expected one counts as that, whatever its raw bytes.
std::string outputDigestOf(const std::vector<std::pair<std::string, FileComparison>>& compared) {
    std::vector<std::pair<std::string, std::string>> parts;
    for (const auto& [file, cmp] : compared) parts.emplace_back(file, cmp.equal ? std::string("equal") : cmp.actualDigest);
    std::sort(parts.begin(), parts.end());
    return combinedDigest(parts);
}

// Every expected file must exist as a regular file (not a link to somewhere else) and match: sets a missing
// output, or a wrong answer with the diagnosis of its first difference.
void compareOutputs(CaseResult& r, const RunContext& context, const CaseSpec& spec, const std::filesystem::path& dir) {
    std::vector<std::pair<std::string, FileComparison>> compared;
    for (const std::string& file : spec.files) {
        // Refuses links (to the expected file, say), FIFOs, devices and directories.
        sandbox::RunOutputFile actual = sandbox::openRunOutput(dir, file);
        if (actual.fd < 0) {
            r.verdict = Verdict::MissingOutput;
            r.message = actual.missing ? file + " was not written" : actual.error;
            return;
        }
        compared.emplace_back(file, compareFiles(spec.expectedDir / file, actual.fd));
    }
    // The traverse log first: when it differs too, it explains more than the board.
    std::stable_partition(compared.begin(), compared.end(), [](const auto& c) { return c.first == "traverse_log.txt"; });
    for (const auto& [file, cmp] : compared) {
        if (cmp.equal) continue;
        // A next-state file is explained knowing whether the case's traverse log matched.
        bool searchMatches = false;
        for (const auto& [other, otherCmp] : compared) {
            if (other == "traverse_log.txt" && other != file) searchMatches = otherCmp.equal;
        }
        const Diagnosis d = diagnose(context.variantName, file, cmp, searchMatches);
        r.verdict = Verdict::WrongAnswer;
        r.diagnosisKind = std::string(diagnosisKindName(d.kind));
        r.message = file + ": " + d.text;
        r.difference = firstDifferenceOf(file, *cmp.first);
        r.actualMove = chosenMoveOf(context.variantName, spec.input, dir, spec.files);
        r.outputDigest = outputDigestOf(compared);
        return;
    }
}

// exit_status: outputs, and the program exited with a non-zero status: when every compared file is right, the case
// passes and the status is a warning in its message. Otherwise it stays a runtime error: the points are the same
// as the files give, and the crash's error output says more than a missing or wrong file.
void excuseExitStatus(CaseResult& r, const RunContext& context, const CaseSpec& spec, const RunAdjustments& adjustments,
                      const std::filesystem::path& dir) {
    collectOutputs(adjustments, dir);
    CaseResult files = r;
    files.verdict = Verdict::Ok;
    compareOutputs(files, context, spec, dir);
    if (files.verdict != Verdict::Ok) return;
    r.verdict = Verdict::Ok;
    r.message = fmt::format("warning: exited with status {} (the outputs decide: exit_status: outputs)", r.exitCode);
}

// A failed case explained: by experiment first (a rerun that passes says more than a reproduction), then a
// wrong answer by reproducing it.
void explainFailure(CaseResult& r, const RunContext& context, const PreparedProgram& program, const CaseSpec& spec,
                    const RunAdjustments& adjustments, const sandbox::RunOutcome& out, const std::filesystem::path& dir) {
    if (!context.explain) return;
    r.explanation = explainByRerunning(context, program, spec, adjustments, r, out, dir);
    if (!r.explanation && r.verdict == Verdict::WrongAnswer) r.explanation = explanationOf(context, spec, dir);
}

// A case that did not pass while the run folders' file system was full or failed: the grader's failure.
void checkDiskAfterFailure(CaseResult& r, const DiskState& before, const sandbox::RunOutcome& out, const RunFolder& run) {
    if (r.passed() || r.judgeError()) return;
    const std::uint64_t wrote = out.workDirBytesAtEnd > out.workDirBytesAtStart ? out.workDirBytesAtEnd - out.workDirBytesAtStart : 0;
    if (auto fault = diskFaultAfterRun(before, diskStateOf(run.root), wrote, run.root)) {
        markJudgeFault(r, *fault);
        r.explanation.reset();
        r.difference.reset();
        r.stderrHead.clear();
    }
}

void markJudgeFault(CaseResult& r, const JudgeFault& fault) {
    r.judgeFault = fault;
    r.verdict = Verdict::NotRun;  // no verdict of the student's
    r.message = "judge error (" + fault.text() + ")";
}

// What an exception of ours means: the disk when the system said so (ENOSPC, EDQUOT, EIO, EROFS), else plyjudge.
JudgeFault faultOfException(const std::exception& e) {
    const auto* system = dynamic_cast<const std::system_error*>(&e);
    const int code = system ? system->code().value() : 0;
    if (code == ENOSPC || code == EDQUOT || code == EIO || code == EROFS)
        return {JudgeComponent::Disk, e.what(), "free space on the run folders' file system (TMPDIR), then grade again"};
    return {JudgeComponent::Grader, e.what(), "grade again; if it persists, report it with this line"};
}

// A traceback names the run's copy of the submission (`RUN/work/main.py`): the student reads `main.py`. A judge
// fault keeps the grader's paths: it is the TA's to fix.
void showStudentPaths(CaseResult& r, const RunFolder& run) {
    if (run.root.empty()) return;
    const std::vector<std::filesystem::path> folders{run.copy, run.root};
    if (!r.judgeError()) r.message = withStudentPaths(std::move(r.message), folders);
    r.stderrHead = withStudentPaths(std::move(r.stderrHead), folders);
    if (r.explanation) r.explanation->sentence = withStudentPaths(std::move(r.explanation->sentence), folders);
}

}  // namespace

CaseResult notRunResult(const CaseSpec& spec, const PrepareResult& prepared) {
    CaseResult r = notRunResult(spec, prepared.failure, prepared.message);
    r.judgeFault = prepared.judgeFault;
    return r;
}

CaseResult notRunResult(const CaseSpec& spec, Verdict verdict, const std::string& message) {
    CaseResult r;
    r.suite = spec.suite;
    r.name = spec.name;
    r.verdict = verdict;
    r.maxPoints = spec.points;
    r.message = cutForReport(message, kReportMessageBytes);  // e.g. a compiler's errors
    return r;
}

CaseResult runCase(const RunContext& context, const PreparedProgram& program, const CaseSpec& spec,
                   const RunAdjustments& adjustments) {
    CaseResult r = notRunResult(spec, Verdict::NotRun, "");
    r.judgeFault = JudgeFault{JudgeComponent::Grader, "the run did not finish", ""};  // until it does
    RunFolder run;
    try {
        run = prepareRunFolder(context, program, spec, adjustments);
        r.interpreter = program.interpreter;
        r.interpreterReason = program.interpreterReason;
        try {
            applySetup(adjustments, run.start);
        } catch (const std::runtime_error& e) {
            markJudgeFault(r, {JudgeComponent::Setting, std::string("the student's override cannot be applied: ") + e.what(),
                               "correct the override in the assignment, then grade again"});
            removeRunFolder(run);
            return r;  // a judge error: the TA's setting, never the student's fault
        }
        const DiskState diskBefore = diskStateOf(run.root);
        const sandbox::RunOutcome out = runProgramIn(context, program, run);
        if (out.cancelled) {  // the grader was told to stop: no verdict, the case is run again next time
            removeRunFolder(run);
            return notRunResult(spec, Verdict::NotRun, "not run: the grader was stopped");
        }
        recordFigures(r, out);
        judgeTermination(r, out, context.limits);
        if (r.passed()) {
            collectOutputs(adjustments, run.start);  // what is not collected counts as not written
            compareOutputs(r, context, spec, run.start);
        } else if (!r.judgeError() && context.exitStatus == ExitStatusPolicy::Outputs &&
                   out.termination == sandbox::Termination::Exited) {
            excuseExitStatus(r, context, spec, adjustments, run.start);
        }
        checkDiskAfterFailure(r, diskBefore, out, run);
        if (!r.judgeError()) explainFailure(r, context, program, spec, adjustments, out, run.start);
    } catch (const std::exception& e) {
        markJudgeFault(r, faultOfException(e));
    }
    showStudentPaths(r, run);
    removeRunFolder(run);
    r.points = r.passed() ? spec.points : 0;
    r.message = cutForReport(r.message, kReportMessageBytes);  // it may quote the program's files or names
    return r;
}

}  // namespace plyjudge::grader
