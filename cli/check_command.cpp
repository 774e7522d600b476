// `plyjudge check VARIANT PROGRAM`: a student's test runner over the bundled published cases plus
// generated ones, with a readable verdict per case and the first difference explained.
#include <fmt/format.h>

#include <fstream>
#include <iostream>
#include <thread>

#include "grader/assignment/assignment.hpp"
#include "grader/grade/grading_run.hpp"
#include "grader/report/results_report.hpp"
#include "grader/suite/case_suite.hpp"
#include "grader/suite/generated_cases.hpp"
#include "grader/config/yaml_support.hpp"
#include "reference/variant.hpp"
#include "reports/grader_reports.hpp"
#include "cli/command_line.hpp"
#include "cli/exit_codes.hpp"
#include "cli/program_argument.hpp"
#include "cli/variant_argument.hpp"

namespace plyjudge::cli {

using namespace plyjudge::grader;

namespace {

// The dialect of a suite equals the chosen one (a suite's expected files follow its own dialect).
bool sameDialect(const Variant& variant, const Dialect& a, const Dialect& b) {
    for (const DialectOption& o : variant.dialects) {
        if (a.get(o) != b.get(o)) return false;
    }
    return true;
}

}  // namespace

int runCheck(const std::vector<std::string>& args) {
    CommandLine cl("check", "check VARIANT PROGRAM [--command 'CMD ...'] [--generated N] [--json PATH] [options]",
                   "Runs your program on the published cases bundled with plyjudge (cases/VARIANT) plus N generated\n"
                   "ones, exactly as a grader would: in a private directory, with the variant's invocation and\n"
                   "limits. Shows a verdict per case, the first difference with what it most likely means, and a\n"
                   "total. PROGRAM is a source file (*.py, *.cpp, *.cc, *.java: the language from the extension), or\n"
                   "give --command (a template: {input} is the input file's name, {program} the PROGRAM path;\n"
                   "without {input} the variant's convention is appended, e.g. -i input.txt).\n"
                   "Exit status: 0 every case passed, 1 some case failed, 2 bad usage or a judge error.");
    cl.options()("command,c", po::value<std::string>(), "run this command instead of inferring it from PROGRAM")(
        "generated,g", po::value<int>()->default_value(10), "how many generated cases join the published ones (0: none)")(
        "seed", po::value<std::uint64_t>()->default_value(1), "seed of the generated cases")(
        "json", po::value<std::string>(), "also write the results as JSON to this file")(
        "report", po::value<std::string>(), "also write reports: json, gradescope, junit, csv, html (comma-separated)")(
        "report-output", po::value<std::string>(), "the report file, or folder for several (default: ./check-reports/)")(
        "jobs,j", po::value<int>()->default_value(static_cast<int>(std::max(1u, std::thread::hardware_concurrency()))),
        "cases run in parallel")(
        "dialect,d", po::value<std::vector<std::string>>()->composing(), "a convention switch KEY=VALUE; repeatable")(
        "brief", "do not show the first difference of each failed case, only its diagnosis");
    addProgramLimitOptions(cl, "case");
    cl.hidden()("variant", po::value<std::string>())("program", po::value<std::string>());
    cl.positional("variant", 1);
    cl.positional("program", 1);

    return withUsageErrors(cl, [&]() -> int {
        const auto vm = cl.parse(args);
        if (!vm) return kExitOk;
        const Variant& variant = requireVariant(*vm);
        if (!variant.solve) throw UsageError(std::string(variant.name) + " is played live: see plyjudge referee");
        const Dialect dialect = dialectOf(*vm, variant);
        const ProgramSource source = programSourceOf(*vm);
        const int generated = (*vm)["generated"].as<int>();
        const int jobs = (*vm)["jobs"].as<int>();
        if (generated < 0) throw UsageError("--generated must be >= 0");
        if (jobs < 1) throw UsageError("--jobs must be >= 1");
        const sandbox::SandboxLimits limits = limitsOf(*vm);

        std::vector<reports::Format> reportFormats;
        if (vm->count("report")) {
            try {
                reportFormats = reports::parseFormats((*vm)["report"].as<std::string>());
            } catch (const std::invalid_argument& e) {
                throw UsageError(e.what());
            }
        }
        ScratchDir scratch("plyjudge-check");
        GradingJob job;
        job.context.variantName = std::string(variant.name);
        job.context.convention = variant.convention;
        job.context.limits = limits;
        job.jobs = jobs;
        job.context.workRoot = scratch.path();
        // Under bubblewrap the program sees no expected output and no other build.
        std::filesystem::create_directories(scratch.path() / "generated");
        std::filesystem::create_directories(scratch.path() / "build");
        job.context.hiddenPaths = {std::filesystem::absolute(bundledCasesDir()), scratch.path() / "generated", scratch.path() / "build"};
        const std::string who = source.file ? source.file->filename().string() : std::string("command");
        job.submissions.push_back({who, source, ""});
        try {
            for (const auto& dir : suiteDirsOf(bundledCasesDir(), variant.name)) {
                const CaseSuite suite = CaseSuite::load(dir);
                if (suite.visibility == Visibility::Hidden) continue;
                if (!sameDialect(variant, suite.dialect, dialect)) {
                    std::cerr << "note: skipping " << suite.name << " (made with another dialect: "
                              << fmt::format("{}", fmt::join(suite.dialectSettings, " ")) << ")\n";
                    continue;
                }
                for (const SuiteCase& c : suite.cases) {
                    if (c.visibility == Visibility::Hidden) continue;
                    job.cases.push_back({suite.name, c.name, c.input(), c.dir, c.expectedFiles(variant),
                                         c.points.value_or(suite.points.value_or(defaultPointsPerCase(variant.name)))});
                }
            }
        } catch (const ConfigError& e) {
            cl.error(e.what());
            return kExitUsage;
        }
        // Generated cases: their expected files come from the reference, solved here.
        const auto generatedCases = generateCases(variant, generated, (*vm)["seed"].as<std::uint64_t>());
        for (const GeneratedCase& g : generatedCases) {
            const auto dir = scratch.path() / "generated" / g.name;
            std::filesystem::create_directories(dir);
            {
                std::ofstream(dir / "input.txt", std::ios::binary) << g.input;
            }
            try {
                const auto written = variant.solve(InputText::readFile(dir / "input.txt"), dialect, dir);
                job.cases.push_back({"generated", g.name, dir / "input.txt", dir, written, defaultPointsPerCase(variant.name)});
            } catch (const std::exception& e) {
                cl.error("judge error: the generated case " + g.name + " is not solvable: " + e.what());
                return kExitUsage;
            }
        }
        if (generated > 0 && generatedCases.empty()) {
            std::cerr << "note: no case generator for " << variant.name << " yet: published cases only\n";
        }
        if (job.cases.empty()) {
            cl.error("no published case for " + std::string(variant.name) + " in " + bundledCasesDir().string());
            return kExitUsage;
        }
        if (!sandbox::isolationSupport().available) {
            std::cerr << "note: runs are not isolated with bubblewrap here (" << sandbox::isolationSupport().reason << ")\n";
        }

        // Results arrive in completion order; show them in case order.
        std::vector<std::optional<CaseResult>> byCase(job.cases.size());
        runGrading(job, [&](const std::string&, const CaseResult& r) {
            for (std::size_t i = 0; i < job.cases.size(); ++i) {
                if (job.cases[i].suite == r.suite && job.cases[i].name == r.name) byCase[i] = r;
            }
        });
        StudentResults results{who, {}};
        for (auto& r : byCase) {
            if (r) results.cases.push_back(std::move(*r));
        }
        printCaseReport(std::cout, results, !vm->count("brief"));
        if (vm->count("json")) {
            try {
                writeJsonResults((*vm)["json"].as<std::string>(), variant.name, "check", {results});
            } catch (const std::exception& e) {
                cl.error(e.what());
                return kExitFailed;
            }
        }
        if (!reportFormats.empty()) {
            std::filesystem::path out = vm->count("report-output") ? std::filesystem::path((*vm)["report-output"].as<std::string>())
                                                                    : std::filesystem::path("check-reports");
            if (!vm->count("report-output")) std::filesystem::create_directories(out);
            // A student's own check: every case it ran is theirs to see in full.
            std::vector<reports::CaseSource> sources;
            for (const CaseSpec& c : job.cases) sources.push_back(reports::caseSourceOf(c, reports::Visibility::Published));
            std::vector<std::pair<std::string, CaseResult>> rows;
            for (const CaseResult& r : results.cases) rows.emplace_back(who, r);
            if (reports::writeGradingReports(reportFormats, out, "check " + who, std::string(variant.name), sources, {who}, rows,
                                             std::cerr) != 0 &&
                results.count(Verdict::JudgeError) == 0) {
                return kExitFailed;
            }
        }
        if (results.count(Verdict::JudgeError) > 0) return kExitUsage;
        return results.count(Verdict::Ok) == static_cast<int>(results.cases.size()) ? kExitOk : kExitFailed;
    });
}

}  // namespace plyjudge::cli
