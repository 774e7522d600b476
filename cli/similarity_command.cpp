// `plyjudge similarity ASSIGNMENT SUBMISSIONS`: pairs of students with identical failures and similar code,
// ranked for a TA to review (grader/similarity/). Reads the results database `grade` wrote; changes nothing in it.
#include <fmt/format.h>

#include <iostream>

#include "cli/command_line.hpp"
#include "cli/exit_codes.hpp"
#include "common/escaping.hpp"
#include "common/file_io.hpp"
#include "grader/grade/class_grading.hpp"
#include "grader/results/results_loader.hpp"
#include "reports/similarity_report.hpp"

namespace plyjudge::cli {

namespace fs = std::filesystem;

namespace {

grader::SimilarityOptions similarityOptionsOf(const po::variables_map& vm) {
    grader::SimilarityOptions options;
    options.code = !vm.count("no-code");
    if (vm.count("dolos")) options.dolosPrefix = fs::path(vm["dolos"].as<std::string>());
    const int seconds = vm["code-time-limit"].as<int>();
    if (seconds < 1) throw UsageError("--code-time-limit must be at least 1 second");
    options.codeOptions.timeLimit = std::chrono::seconds(seconds);
    return options;
}

void writeOutput(const po::variables_map& vm, const char* option, const std::string& text) {
    if (!vm.count(option)) return;
    const fs::path path = vm[option].as<std::string>();
    writeFileAtomically(path, text);
    std::cerr << fmt::format("similarity: wrote {}\n", terminalSafe(path.string()));
}

}  // namespace

int runSimilarity(const std::vector<std::string>& args) {
    CommandLine cl("similarity", "similarity ASSIGNMENT.yaml SUBMISSIONS [--db RESULTS.db] [--json PATH] [--html PATH]",
                   "Ranks the pairs of students of a graded class whose submissions look alike, for a TA to review:\n"
                   "evidence, never a verdict (nothing is written into the grades). Behaviour: the cases both failed with\n"
                   "identical (normalised) outputs, or with the same runtime error raised at the same place, each\n"
                   "weighted by how rare that failure is in the class (log(N/k)), a tenth as much when a catalogued fault\n"
                   "reproduces it. Code: Dolos's similarity of the sources (tree-sitter; Python, C++, Java), when Node.js\n"
                   "and @dodona/dolos-lib are installed (scripts/setup-dolos). Pairs are ranked by behaviour strength +\n"
                   "code similarity (grader/similarity/README.md). The results database is grade's (default\n"
                   "./ASSIGNMENT-SUBMISSIONS.results.db); grade the class first.\n"
                   "Exit status: 0 done, 1 an output could not be written, 2 bad usage or an unreadable database.");
    cl.options()("db", po::value<std::string>(), "the results database grade wrote")(
        "json", po::value<std::string>(), "write every pair as JSON ({\"pairs\": [...]}, best first)")(
        "html", po::value<std::string>(), "write the top pairs as an HTML page (shared failures, shared code side by side)")(
        "top", po::value<int>()->default_value(20), "pairs shown in the table and the HTML page")(
        "no-code", "compare behaviour only (no Dolos)")("dolos", po::value<std::string>(),
                                                        "the folder Dolos was installed into (npm --prefix)")(
        "code-time-limit", po::value<int>()->default_value(600), "seconds Dolos may take per language")(
        "quiet,q", "no progress lines");
    cl.hidden()("assignment", po::value<std::string>())("submissions", po::value<std::string>());
    cl.positional("assignment", 1);
    cl.positional("submissions", 1);
    return runParsed(cl, args, [&](const po::variables_map* vm) -> int {
        if (!vm->count("assignment") || !vm->count("submissions")) throw UsageError("give ASSIGNMENT.yaml and SUBMISSIONS");
        const fs::path assignment = (*vm)["assignment"].as<std::string>();
        const fs::path submissions = (*vm)["submissions"].as<std::string>();
        const fs::path database = vm->count("db") ? fs::path((*vm)["db"].as<std::string>())
                                                  : grader::defaultDatabasePath(assignment, submissions, std::nullopt);
        const int top = (*vm)["top"].as<int>();
        if (top < 1) throw UsageError("--top must be at least 1");
        const grader::SimilarityOptions options = similarityOptionsOf(*vm);
        grader::RunResults run;
        try {
            run = grader::loadRunResults(database, assignment);
        } catch (const std::exception& e) {
            cl.error(e.what());
            return kExitUsage;
        }
        const bool quiet = vm->count("quiet") > 0;
        auto progress = [&](const std::string& line) {
            if (!quiet) std::cerr << "similarity: " << terminalSafe(line) << std::endl;
        };
        const grader::SimilarityReport report = grader::rankSimilarity(run, submissions, options, progress);
        std::cout << reports::renderSimilarityTable(report, top);
        try {
            writeOutput(*vm, "json", reports::renderSimilarityJson(report));
            writeOutput(*vm, "html", reports::renderSimilarityHtml(report, run, top));
        } catch (const std::exception& e) {
            cl.error(e.what());
            return kExitFailed;
        }
        return kExitOk;
    });
}

}  // namespace plyjudge::cli
