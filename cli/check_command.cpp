// `plyjudge check VARIANT PROGRAM`: a student's test runner over the bundled published cases plus
// generated ones, with a readable verdict per case and the first difference explained.
#include <fmt/format.h>

#include <optional>
#include <iostream>
#include <thread>

#include "common/escaping.hpp"
#include "common/data_dir.hpp"
#include "common/file_io.hpp"
#include "fuzz/case_generator.hpp"
#include "grader/config/yaml_support.hpp"
#include "grader/grade/program_check.hpp"
#include "grader/suite/case_suite.hpp"
#include "reference/input_generator.hpp"
#include "reference/variant.hpp"
#include "reports/report_formats.hpp"
#include "reports/terminal_report.hpp"
#include "sandbox/host_notes.hpp"
#include "cli/check_settings.hpp"
#include "cli/command_line.hpp"
#include "cli/contrast_setup.hpp"
#include "cli/exit_codes.hpp"
#include "cli/output_limit.hpp"
#include "cli/program_argument.hpp"
#include "cli/report_output.hpp"
#include "cli/seed.hpp"
#include "cli/variant_argument.hpp"

namespace plyjudge::cli {

using namespace plyjudge::grader;

namespace {

void declareCheckOptions(CommandLine& cl) {
    cl.options()("command,c", po::value<std::string>(), "run this command instead of inferring it from PROGRAM")(
        "generated,g", po::value<int>()->default_value(10), "how many generated cases join the published ones (0: none)")(
        "seed", po::value<std::uint64_t>(), "seed of the generated cases (default: a fresh one each run, printed)")(
        "json", po::value<std::string>(), "also write the results as JSON to this file")(
        "report", po::value<std::string>(), "also write reports: json, gradescope, junit, csv, html (comma-separated)")(
        "report-output", po::value<std::string>(), "the report file, or folder for several (default: ./check-reports/)")(
        "dialect,d", po::value<std::vector<std::string>>()->composing(), "a convention switch KEY=VALUE; repeatable")(
        "brief", "do not show the first difference of each failed case, only its diagnosis")(
        "verbose,v", "also print the grader's own notes (suites left out, the canary, the host's cgroups and isolation)");
    addCheckSettingsOptions(cl);
    addContrastOption(cl);
    addProgramLimitOptions(cl, "case");
    addJobsOption(cl, "cases run in parallel");
    addOutputLimitOption(cl);
    addVariantArguments(cl, "program");
}

// The program, its limits and the bundled cases, from the options (the generated cases come later); throws UsageError.
ProgramCheckRequest checkRequestOf(const po::variables_map& vm, const Variant& variant) {
    ProgramCheckRequest request;
    request.variant = &variant;
    request.dialect = dialectOf(vm, variant);
    const int generated = vm["generated"].as<int>();
    request.jobs = vm["jobs"].as<int>();
    if (generated < 0) throw UsageError("--generated must be >= 0");
    if (request.jobs < 1) throw UsageError("--jobs must be >= 1");
    request.limits = limitsOf(vm);
    applyCheckSettings(vm, variant, request);
    request.casesRoot = plyjudge::bundledCasesDir();
    request.explain = explainOf(vm);
    request.canary.run = true;
    request.canary.reference = executablePath();
    // Explanation by contrast draws its new cases from the variant's generator, from --seed when given.
    const InputGenerator* generator = findInputGenerator(variant.name);
    if (auto options = contrastOptionsOf(vm, vm.count("seed") ? vm["seed"].as<std::uint64_t>() : 1); options && generator) {
        request.contrast = contrastInputsOf(*generator);
        request.contrastOptions = *options;
    }
    return request;
}

// `generated` cases from --seed, else from a fresh seed, which is printed.
std::vector<fuzz::GeneratedCase> drawGeneratedCases(const po::variables_map& vm, const Variant& variant, int generated) {
    // A fresh seed each run: a student's check never reproduces a TA's generated (hidden) suite, and any
    // input equal to a bundled case's is dropped besides (ProgramCheck).
    const std::uint64_t seed = vm.count("seed") ? vm["seed"].as<std::uint64_t>() : freshSeed();
    std::vector<fuzz::GeneratedCase> cases = fuzz::generateCases(variant, generated, seed);
    if (generated > 0) std::cerr << "generated cases: seed " << seed << " (repeat with --seed " << seed << ")\n";
    return cases;
}

// The cases gathered and the generated ones solved; what cannot be is a usage error or a judge error.
ProgramCheck prepareCheck(const ProgramCheckRequest& request) {
    try {
        return ProgramCheck(request);
    } catch (const ConfigError& e) {
        throw CommandFailure{kExitUsage, e.what()};
    } catch (const std::invalid_argument& e) {
        throw CommandFailure{kExitUsage, e.what()};  // an interpreter the sandbox cannot run
    } catch (const std::runtime_error& e) {
        throw CommandFailure{kExitJudgeError, std::string("judge error: ") + e.what()};
    }
}

// What the check leaves out, and why: what changes what the student should do always, the grader's own notes with
// --verbose.
void printCheckNotes(const ProgramCheck& check, const Variant& variant, int generated, bool noneGenerated, bool verbose) {
    for (const std::string& note : check.notes()) std::cerr << "note: " << terminalSafe(note, TextLines::Many) << "\n";
    if (verbose) {
        for (const std::string& note : check.graderNotes()) std::cerr << "note: " << terminalSafe(note, TextLines::Many) << "\n";
    }
    if (verbose && check.droppedGenerated() > 0) {
        std::cerr << "note: left out " << check.droppedGenerated() << " generated input(s) equal to bundled cases\n";
    }
    if (generated > 0 && noneGenerated) {
        std::cerr << "note: no case generator for " << variant.name << " yet: published cases only\n";
    }
}

// Prints a verdict per case and writes the reports asked for; returns the exit status.
int reportCheck(const RunResults& results, const std::string& who, const po::variables_map& vm,
                const std::vector<reports::Format>& reportFormats) {
    const StudentResults& mine = results.students.front();
    if (!mine.interpreter().empty()) std::cout << terminalSafe(who) << ": run with " << terminalSafe(mine.interpreter()) << "\n";
    reports::printCaseReport(std::cout, results, mine, !vm.count("brief"));
    const int reportStatus = writeRequestedReports(results, vm, reportFormats, "check-reports");
    if (mine.judgeErrors() > 0) return kExitJudgeError;
    if (reportStatus != kExitOk) return reportStatus;
    return mine.passedCount() == static_cast<int>(mine.outcomes.size()) ? kExitOk : kExitFailed;
}

}  // namespace

int runCheck(const std::vector<std::string>& args) {
    CommandLine cl("check", "check VARIANT PROGRAM [--command 'CMD ...'] [--generated N] [--json PATH] [options]",
                   "Runs your program on the published cases bundled with plyjudge (cases/VARIANT) plus N generated\n"
                   "ones, exactly as a grader would: in a private directory, with the variant's invocation and\n"
                   "limits. Shows a verdict per case, the first difference with where and what differs there (and\n"
                   "the catalogued mistake that reproduces the output, if one does), and a total. PROGRAM is a\n"
                   "source file (*.py, *.cpp, *.cc, *.c, *.java: the language from the extension), a folder holding it (with\n"
                   "--file, or its one source file), or give --command (a template: {input} is the input file's name,\n"
                   "{program} the PROGRAM path; without {input} the variant's convention is appended, e.g. -i input.txt).\n"
                   "Your settings, as a grader's students.yaml has them, go in plyjudge.yaml beside the program (file,\n"
                   "command, python, setup, collect), e.g. `setup: {input1.txt: input.txt}`, or in --setup/--collect.\n"
                   "Before your program, a canary of plyjudge's own runs the same way: when it fails, the grader's side\n"
                   "is broken and nothing is run.\n"
                   "Exit status: 0 every case passed, 1 some case failed, 2 bad usage, 3 a judge error (the grader's side\n"
                   "failed: the sandbox, an interpreter, the disk; not your program's fault).");
    declareCheckOptions(cl);
    return runParsed(cl, args, [&](const po::variables_map* vm) -> int {
        applyOutputLimit(*vm);
        const Variant& variant = requireVariant(*vm);
        if (!variant.solve) throw UsageError(std::string(variant.name) + " is played live: see plyjudge referee");
        ProgramCheckRequest request = checkRequestOf(*vm, variant);
        const std::vector<reports::Format> reportFormats = reportFormatsOf(*vm);
        const int generated = (*vm)["generated"].as<int>();
        const std::vector<fuzz::GeneratedCase> generatedCases = drawGeneratedCases(*vm, variant, generated);
        for (const fuzz::GeneratedCase& g : generatedCases) request.generated.push_back({g.name, g.input});
        const bool verbose = vm->count("verbose") > 0;
        sandbox::showHostNotes(verbose);  // the host's cgroups and isolation are the grader's business
        ProgramCheck check = prepareCheck(request);
        printCheckNotes(check, variant, generated, generatedCases.empty(), verbose);
        if (check.caseCount() == 0) {
            throw CommandFailure{kExitUsage, "no published case for " + std::string(variant.name) + " in " + plyjudge::bundledCasesDir().string()};
        }
        if (verbose) noteIfNotIsolated();
        RunResults results = check.run();
        if (verbose) std::cerr << terminalSafe(check.canaryLine()) << "\n";
        return reportCheck(results, request.programName, *vm, reportFormats);
    });
}

}  // namespace plyjudge::cli
