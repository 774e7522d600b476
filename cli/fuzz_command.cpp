// `plyjudge fuzz VARIANT PROGRAM`: differential testing of a program against the reference on generated
// positions, shrinking the first disagreement (fuzz/differential.hpp), through the grader's runner.
#include <iostream>

#include "common/escaping.hpp"
#include "common/temp_dir.hpp"
#include "common/data_dir.hpp"
#include "common/file_io.hpp"
#include "fuzz/case_generator.hpp"
#include "fuzz/differential.hpp"
#include "grader/config/yaml_support.hpp"
#include "grader/grade/bundled_cases.hpp"
#include "grader/grade/canary.hpp"
#include "reference/core/input_text.hpp"
#include "grader/grade/grading_run.hpp"
#include "grader/suite/case_suite.hpp"
#include "grader/run/case_runner.hpp"
#include "reference/input_generator.hpp"
#include "cli/check_settings.hpp"
#include "cli/command_line.hpp"
#include "cli/exit_codes.hpp"
#include "cli/program_argument.hpp"
#include "cli/variant_argument.hpp"

namespace plyjudge::cli {

namespace {

using namespace plyjudge::grader;

fuzz::Agreement agreementOf(Verdict v) {
    switch (v) {
        case Verdict::Ok: return fuzz::Agreement::Agree;
        case Verdict::WrongAnswer:
        case Verdict::MissingOutput: return fuzz::Agreement::Disagree;
        case Verdict::TimeLimit:
        case Verdict::MemoryLimit:
        case Verdict::OutputLimit:
        case Verdict::RuntimeError: return fuzz::Agreement::ProgramFailed;
        case Verdict::CompileError:
        case Verdict::NoProgram:
        case Verdict::NotRun: break;
    }
    return fuzz::Agreement::ProgramFailed;
}

std::string shellQuoted(const std::string& s) {
    if (s.find_first_of(" '\"$\\`") == std::string::npos && !s.empty()) return s;
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

void declareFuzzOptions(CommandLine& cl) {
    cl.options()("command,c", po::value<std::string>(), "run this command instead of inferring it from PROGRAM")(
        "cases,n", po::value<int>()->default_value(200), "generated cases to try")(
        "seed,s", po::value<std::uint64_t>()->default_value(1), "random seed")(
        "time-budget", po::value<double>()->default_value(60.0), "seconds of testing (shrinking may take as long again)")(
        "corpus", po::value<std::string>(), "corpus folder (default fuzz-corpus/VARIANT)")(
        "max-shrink-runs", po::value<int>()->default_value(2000), "program runs spent shrinking at most")(
        "dialect,d", po::value<std::vector<std::string>>()->composing(), "a convention switch KEY=VALUE; repeatable");
    addProgramLimitOptions(cl, "run");
    addVariantArguments(cl, "program");
}

// The search the options ask for (its scratch folder and reproducing command come later); throws UsageError.
fuzz::FuzzOptions fuzzOptionsOf(const po::variables_map& vm, const Variant& variant) {
    fuzz::FuzzOptions options;
    options.cases = vm["cases"].as<int>();
    options.seed = vm["seed"].as<std::uint64_t>();
    options.timeBudgetSeconds = vm["time-budget"].as<double>();
    options.maxShrinkRuns = vm["max-shrink-runs"].as<int>();
    options.dialect = dialectOf(vm, variant);
    if (options.cases < 1) throw UsageError("--cases must be >= 1");
    if (!(options.timeBudgetSeconds > 0)) throw UsageError("--time-budget must be > 0");
    if (options.maxShrinkRuns < 0) throw UsageError("--max-shrink-runs must be >= 0");
    options.corpus = vm.count("corpus") ? std::filesystem::path(vm["corpus"].as<std::string>())
                                        : std::filesystem::path("fuzz-corpus") / std::string(variant.name);
    return options;
}

// The command that fuzzes the same program the same way again (runFuzz adds --seed and --cases).
std::string reproduceCommand(const Variant& variant, const ProgramSource& source, const po::variables_map& vm,
                             const fuzz::FuzzOptions& options) {
    std::string command = "plyjudge fuzz " + std::string(variant.name);
    if (source.file) command += " " + shellQuoted(source.file->string());
    if (source.commandTemplate) command += " --command " + shellQuoted(*source.commandTemplate);
    if (vm.count("corpus")) command += " --corpus " + shellQuoted(options.corpus.string());
    if (source.python != PythonChoice::Auto) command += source.python == PythonChoice::Python2 ? " --python 2" : " --python 3";
    for (const auto& [name, path] : source.interpreters.paths) command += " --interpreter " + shellQuoted(name + "=" + path);
    for (const auto& [key, value] : options.dialect.settings()) command += " --dialect " + key + "=" + value;
    return command;
}

// The runner's context for the program's runs, made in scratch: runs/ for the runs, cases/ (options.scratch) for
// the case folders handed to the judge, build/ for the program's build.
RunContext fuzzRunContext(const Variant& variant, const sandbox::SandboxLimits& limits, fuzz::FuzzOptions& options,
                          const std::filesystem::path& scratch) {
    RunContext context;
    context.variantName = std::string(variant.name);
    context.convention = variant.convention;
    context.limits = limits;
    context.workRoot = scratch / "runs";
    context.dialect = options.dialect;
    context.explain = true;
    options.scratch = scratch / "cases";
    std::filesystem::create_directories(context.workRoot);
    std::filesystem::create_directories(options.scratch);
    std::filesystem::create_directories(scratch / "build");
    // Under bubblewrap the program sees neither the expected outputs nor the corpus.
    context.hiddenPaths = {options.scratch, scratch / "build", std::filesystem::absolute(options.corpus)};
    return context;
}

// The program built and, for a Python file both Pythons compile, its Python chosen as check chooses it
// (grader/grade/grading_run.hpp: prepareSubmission): tried on the variant's bundled published cases of this dialect,
// judged by the bundled assignment's exit-status policy, those cases hidden from the runs as in check.
PrepareResult prepareFuzzedProgram(const Variant& variant, const ProgramSource& source, const RunContext& context,
                                   const Dialect& dialect, const std::filesystem::path& buildDir) {
    BundledCases bundled;
    try {
        bundled = loadBundledCases(variant, dialect, grader::bundledCasesDir());
    } catch (const ConfigError& e) {
        throw CommandFailure{kExitUsage, e.what()};
    }
    RunContext trialContext = context;
    trialContext.exitStatus = bundledExitStatus(variant);
    trialContext.hiddenPaths.push_back(std::filesystem::absolute(grader::bundledCasesDir()));
    std::vector<std::size_t> shown;
    for (std::size_t i = 0; i < bundled.published.size(); ++i) shown.push_back(i);
    const Submission submission{source.file ? source.file->filename().string() : std::string("command"), source, "", {}};
    return prepareSubmission(trialContext, submission, trialCasesOf(bundled.published, shown), buildDir);
}

// Runs the program on a case folder through the grader's runner; a judge fault stops the fuzzing (FuzzOutcome::judgeFault).
fuzz::Judge judgeBy(const RunContext& context, const PreparedProgram& program) {
    return [&context, &program, run = 0](const std::filesystem::path& caseDir,
                                                      const std::vector<std::string>& files) mutable {
        const CaseSpec spec{"fuzz", "run" + std::to_string(++run), caseDir / "input.txt", caseDir, files, 1};
        const CaseResult r = runCase(context, program, spec);
        fuzz::Judgement j{agreementOf(r.verdict), std::string(r.verdictText()), r.message, r.detail(),
                          r.explanation ? r.explanation->line() : ""};
        j.judgeFault = r.judgeFault;
        if (!r.ran()) j.judgeFault = JudgeFault{JudgeComponent::Grader, "the program's run was stopped", ""};
        // Exact only when the grader's explainer reproduced this very case's output.
        j.explanationExact = r.explanation && r.explanation->exact;
        if (j.explanationExact) j.explainedBy = r.explanation->fault;
        return j;
    };
}

// The canary (grader/grade/canary.hpp) before the program is fuzzed: on one case the reference solves here, a program
// of plyjudge's own in the program's language and the reference as a drop-in, run as the program will be. Throws
// JudgeFaultError when it fails.
void runFuzzCanary(const Variant& variant, const RunContext& context, const ProgramSource& source) {
    const std::filesystem::path dir = context.workRoot / "canary-case";
    std::filesystem::create_directories(dir);
    writeWholeFile(dir / "input.txt", fuzz::generateCases(variant, 1, 1).front().input);
    const std::vector<std::string> files = variant.solve(InputText::readFile(dir / "input.txt"), context.dialect, dir);
    GradingJob job;
    job.context = context;
    job.submissions.push_back({"fuzz", source, "", {}});
    job.cases.push_back({"canary", "case", dir / "input.txt", dir, files, 1});
    const CanaryReport canary = runCanary(job, CanaryOptions{true, executablePath()});
    if (canary.failure) throw JudgeFaultError(*canary.failure);
    std::cerr << canary.line() << "\n";
}

// Fuzzes the prepared program; returns the exit status.
int fuzzProgram(const CommandLine& cl, const InputGenerator& generator, const RunContext& context,
                const PreparedProgram& program, const fuzz::FuzzOptions& options) {
    const fuzz::Judge judge = judgeBy(context, program);
    try {
        const fuzz::FuzzOutcome outcome = fuzz::runFuzz(generator, judge, options, std::cout);
        if (outcome.judgeFault) {
            cl.error("judge error: " + outcome.judgeFault->text());
            return kExitJudgeError;
        }
        switch (outcome.result) {
            case fuzz::Agreement::Agree: return kExitOk;
            case fuzz::Agreement::Disagree:
            case fuzz::Agreement::ProgramFailed: return kExitFailed;
        }
    } catch (const std::exception& e) {
        cl.error(std::string("judge error: ") + e.what());
        return kExitJudgeError;
    }
    return kExitUsage;
}

}  // namespace

int runFuzz(const std::vector<std::string>& args) {
    CommandLine cl("fuzz", "fuzz VARIANT PROGRAM [--command 'CMD ...'] [--cases N] [--seed S] [--time-budget SECONDS] [--corpus DIR] [--dialect KEY=VALUE]...",
                   "Runs PROGRAM and the reference solver on random legal positions until they disagree. The first\n"
                   "disagreement is shrunk to a minimal position that still disagrees (fewest pieces, smallest\n"
                   "depth, simplest algorithm, the position moved or mirrored), printed with both outputs, the likely\n"
                   "cause and the catalogued mistake that reproduces it, saved as a ready case in the corpus\n"
                   "folder (replayed first by the next run), with the seed and a command that reproduces it. A\n"
                   "program that crashes or times out is reported as such, not shrunk. PROGRAM and --command are\n"
                   "as for plyjudge check.\n"
                   "Exit status: 0 no disagreement, 1 a disagreement or failure was found, 2 bad usage, 3 a judge error.");
    declareFuzzOptions(cl);
    return runParsed(cl, args, [&](const po::variables_map* vm) -> int {
        const Variant& variant = requireVariant(*vm);
        const InputGenerator* generator = findInputGenerator(variant.name);
        if (!generator || !variant.solve) throw UsageError(std::string(variant.name) + " has no generator to fuzz with (played live)");
        const ProgramSource source = programSourceOf(*vm);
        fuzz::FuzzOptions options = fuzzOptionsOf(*vm, variant);
        const sandbox::SandboxLimits limits = limitsOf(*vm);
        options.reproduce = reproduceCommand(variant, source, *vm, options);
        TempDir scratch("plyjudge-fuzz", 0711);
        const RunContext context = fuzzRunContext(variant, limits, options, scratch.path());
        const PrepareResult prepared = prepareFuzzedProgram(variant, source, context, options.dialect, scratch.path() / "build");
        if (!prepared.program) {
            cl.error("cannot run the program: " + prepared.message);
            return prepared.judgeFault ? kExitJudgeError : prepared.failure == Verdict::CompileError ? kExitFailed : kExitUsage;
        }
        runFuzzCanary(variant, context, source);
        if (source.file && !prepared.program->python.empty()) {
            std::cout << terminalSafe(source.file->filename().string()) << ": run with " << terminalSafe(prepared.program->interpreter) << "\n";
        }
        return fuzzProgram(cl, *generator, context, *prepared.program, options);
    });
}

}  // namespace plyjudge::cli
