// `plyjudge check VARIANT PROGRAM`: a student's test runner over the bundled published cases plus
// generated ones, with a readable verdict per case and the first difference explained.
#include <fmt/format.h>

#include <optional>
#include <iostream>
#include <thread>

#include "common/escaping.hpp"
#include "common/file_io.hpp"
#include "fuzz/case_generator.hpp"
#include "grader/config/yaml_support.hpp"
#include "grader/grade/program_check.hpp"
#include "grader/suite/case_suite.hpp"
#include "reference/variant.hpp"
#include "reports/report_formats.hpp"
#include "reports/terminal_report.hpp"
#include "cli/command_line.hpp"
#include "cli/exit_codes.hpp"
#include "cli/output_limit.hpp"
#include "cli/program_argument.hpp"
#include "cli/report_output.hpp"
#include "cli/seed.hpp"
#include "cli/variant_argument.hpp"

namespace plyjudge::cli {

using namespace plyjudge::grader;

int runCheck(const std::vector<std::string>& args) {
    CommandLine cl("check", "check VARIANT PROGRAM [--command 'CMD ...'] [--generated N] [--json PATH] [options]",
                   "Runs your program on the published cases bundled with plyjudge (cases/VARIANT) plus N generated\n"
                   "ones, exactly as a grader would: in a private directory, with the variant's invocation and\n"
                   "limits. Shows a verdict per case, the first difference with where and what differs there (and\n"
                   "the catalogued mistake that reproduces the output, if one does), and a total. PROGRAM is a\n"
                   "source file (*.py, *.cpp, *.cc, *.java: the language from the extension), or give --command (a\n"
                   "template: {input} is the input file's name, {program} the PROGRAM path; without {input} the\n"
                   "variant's convention is appended, e.g. -i input.txt).\n"
                   "Exit status: 0 every case passed, 1 some case failed, 2 bad usage or a judge error.");
    cl.options()("command,c", po::value<std::string>(), "run this command instead of inferring it from PROGRAM")(
        "generated,g", po::value<int>()->default_value(10), "how many generated cases join the published ones (0: none)")(
        "seed", po::value<std::uint64_t>(), "seed of the generated cases (default: a fresh one each run, printed)")(
        "json", po::value<std::string>(), "also write the results as JSON to this file")(
        "report", po::value<std::string>(), "also write reports: json, gradescope, junit, csv, html (comma-separated)")(
        "report-output", po::value<std::string>(), "the report file, or folder for several (default: ./check-reports/)")(
        "dialect,d", po::value<std::vector<std::string>>()->composing(), "a convention switch KEY=VALUE; repeatable")(
        "brief", "do not show the first difference of each failed case, only its diagnosis");
    addProgramLimitOptions(cl, "case");
    addJobsOption(cl, "cases run in parallel");
    addOutputLimitOption(cl);
    addVariantArguments(cl, "program");

    return withUsageErrors(cl, [&]() -> int {
        const auto vm = cl.parse(args);
        if (!vm) return kExitOk;
        applyOutputLimit(*vm);
        const Variant& variant = requireVariant(*vm);
        if (!variant.solve) throw UsageError(std::string(variant.name) + " is played live: see plyjudge referee");
        const Dialect dialect = dialectOf(*vm, variant);
        const ProgramSource source = programSourceOf(*vm);
        const int generated = (*vm)["generated"].as<int>();
        const int jobs = (*vm)["jobs"].as<int>();
        if (generated < 0) throw UsageError("--generated must be >= 0");
        if (jobs < 1) throw UsageError("--jobs must be >= 1");
        const sandbox::SandboxLimits limits = limitsOf(*vm);

        const std::vector<reports::Format> reportFormats = reportFormatsOf(*vm);
        const std::string who = source.file ? source.file->filename().string() : std::string("command");
        ProgramCheckRequest request;
        request.variant = &variant;
        request.dialect = dialect;
        request.program = source;
        request.programName = who;
        request.limits = limits;
        request.jobs = jobs;
        request.casesRoot = bundledCasesDir();
        // A fresh seed each run: a student's check never reproduces a TA's generated (hidden) suite, and any
        // input equal to a bundled case's is dropped besides (ProgramCheck).
        const std::uint64_t seed = vm->count("seed") ? (*vm)["seed"].as<std::uint64_t>() : freshSeed();
        const auto generatedCases = fuzz::generateCases(variant, generated, seed);
        if (generated > 0) std::cerr << "generated cases: seed " << seed << " (repeat with --seed " << seed << ")\n";
        for (const fuzz::GeneratedCase& g : generatedCases) request.generated.push_back({g.name, g.input});
        std::optional<ProgramCheck> check;
        try {
            check.emplace(request);
        } catch (const ConfigError& e) {
            cl.error(e.what());
            return kExitUsage;
        } catch (const std::invalid_argument& e) {
            cl.error(e.what());  // an interpreter the sandbox cannot run
            return kExitUsage;
        } catch (const std::runtime_error& e) {
            cl.error(std::string("judge error: ") + e.what());
            return kExitUsage;
        }
        for (const std::string& note : check->notes()) std::cerr << "note: " << terminalSafe(note, TextLines::Many) << "\n";
        if (check->droppedGenerated() > 0) {
            std::cerr << "note: left out " << check->droppedGenerated() << " generated input(s) equal to bundled cases\n";
        }
        if (generated > 0 && generatedCases.empty()) {
            std::cerr << "note: no case generator for " << variant.name << " yet: published cases only\n";
        }
        if (check->caseCount() == 0) {
            cl.error("no published case for " + std::string(variant.name) + " in " + bundledCasesDir().string());
            return kExitUsage;
        }
        if (!sandbox::isolationSupport().available) {
            std::cerr << "note: runs are not isolated with bubblewrap here (" << sandbox::isolationSupport().reason << ")\n";
        }

        const RunResults results = check->run();
        const StudentResults& mine = results.students.front();
        if (!mine.interpreter().empty()) std::cout << terminalSafe(who) << ": run with " << terminalSafe(mine.interpreter()) << "\n";
        reports::printCaseReport(std::cout, results, mine, !vm->count("brief"));
        int reportStatus = kExitOk;
        if (vm->count("json")) {
            reportStatus = writeReportsOrSay(results, {reports::Format::Json}, (*vm)["json"].as<std::string>());
        }
        if (!reportFormats.empty()) {
            const std::filesystem::path out = vm->count("report-output") ? std::filesystem::path((*vm)["report-output"].as<std::string>())
                                                                          : std::filesystem::path("check-reports");
            std::error_code ec;
            if (!vm->count("report-output")) createPrivateDirectories(out, ec);  // writeReports says why if this failed
            reportStatus = std::max(reportStatus, writeReportsOrSay(results, reportFormats, out));
        }
        if (mine.count(Verdict::JudgeError) > 0) return kExitUsage;
        if (reportStatus != kExitOk) return reportStatus;
        return mine.passedCount() == static_cast<int>(mine.outcomes.size()) ? kExitOk : kExitFailed;
    });
}

}  // namespace plyjudge::cli
