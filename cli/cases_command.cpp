// `plyjudge cases init DIR`: suite.yaml from the case folders in DIR. `plyjudge cases fill SUITE_DIR...`: expected
// outputs come from the reference solver, never by hand.
#include <fmt/format.h>

#include <iostream>

#include "common/escaping.hpp"
#include "grader/config/yaml_support.hpp"
#include "grader/suite/fill.hpp"
#include "grader/suite/suite_init.hpp"
#include "reference/core/input_text.hpp"
#include "reference/variant.hpp"
#include "cli/command_line.hpp"
#include "cli/exit_codes.hpp"
#include "cli/output_limit.hpp"

namespace plyjudge::cli {

namespace {

void declareCasesOptions(CommandLine& cl) {
    cl.options()("variant", po::value<std::string>(), "init: the cases' variant (default: the one whose parser reads every input)")(
        "visibility", po::value<std::string>()->default_value("hidden"),
        "init: hidden (students read a case's verdict only) or published (in full)")(
        "force", "init: replace an existing suite.yaml");
    addOutputLimitOption(cl);
    cl.hidden()("action", po::value<std::string>())("suites", po::value<std::vector<std::string>>());
    cl.positional("action", 1);
    cl.positional("suites", -1);
}

grader::SuiteInitRequest initRequestOf(const po::variables_map& vm, const std::vector<std::string>& dirs) {
    if (dirs.size() != 1) throw UsageError("cases init takes one DIR");
    grader::SuiteInitRequest request;
    request.dir = dirs.front();
    if (vm.count("variant")) {
        request.variant = findVariant(vm["variant"].as<std::string>());
        if (!request.variant || !request.variant->solve)
            throw UsageError("--variant: no variant with a solver called '" + vm["variant"].as<std::string>() + "' (see plyjudge variants)");
    }
    const std::string visibility = vm["visibility"].as<std::string>();
    if (visibility != "hidden" && visibility != "published") throw UsageError("--visibility must be hidden or published");
    request.visibility = visibility == "published" ? grader::Visibility::Published : grader::Visibility::Hidden;
    request.overwrite = vm.count("force") > 0;
    return request;
}

int runInit(const po::variables_map& vm, const std::vector<std::string>& dirs) {
    const grader::SuiteInitRequest request = initRequestOf(vm, dirs);
    const grader::SuiteInitReport r = grader::initSuite(request);
    for (const std::string& why : r.passedOver) std::cout << "left out " << terminalSafe(why) << "\n";
    std::cout << fmt::format("{}: {} case(s) of {}{}, {}\n", terminalSafe(r.manifest.string()), r.cases.size(), r.variantName,
                             r.variantInferred ? " (every input reads as " + r.variantName + ")" : "",
                             request.visibility == grader::Visibility::Hidden ? "hidden" : "published");
    std::cout << "next: plyjudge cases fill " << terminalSafe(dirs.front()) << "\n";
    return kExitOk;
}

int runFill(const std::vector<std::string>& dirs) {
    int status = kExitOk;
    for (const std::string& dir : dirs) {
        std::error_code ec;
        if (!std::filesystem::is_directory(dir, ec)) throw CommandFailure{kExitUsage, dir + ": no such folder"};
        if (!std::filesystem::exists(std::filesystem::path(dir) / "suite.yaml", ec))
            throw CommandFailure{kExitUsage, "no suite.yaml in " + dir + ": run `plyjudge cases init " + dir + "` first"};
        try {
            const grader::FillReport r = grader::fillSuite(dir, std::cout);
            std::cout << fmt::format("{}: {} case(s), {} file(s) written, {} already right, {} differing\n", dir,
                                     r.casesSolved, r.filesWritten, r.filesKept, r.filesDiffering);
            if (r.casesTooLarge > 0) std::cout << fmt::format("{}: {} case(s) over --max-output-mb, not filled\n", dir, r.casesTooLarge);
            if (r.filesDiffering > 0 || r.casesTooLarge > 0) status = std::max(status, kExitFailed);
        } catch (const InputError& e) {
            throw CommandFailure{kExitUsage, e.what()};
        } catch (const OutputTooLarge& e) {
            throw CommandFailure{kExitFailed, dir + ": " + e.what()};
        }
    }
    return status;
}

}  // namespace

int runCases(const std::vector<std::string>& args) {
    CommandLine cl("cases", "cases init|fill DIR... [--variant VARIANT] [--visibility hidden|published] [--force]",
                   "init DIR: writes DIR/suite.yaml listing every folder in DIR that holds an input.txt (a case), for the\n"
                   "variant whose parser reads every input (or --variant); an existing suite.yaml is left alone unless\n"
                   "--force. fill SUITE_DIR...: solves every case of each suite (a folder with suite.yaml) with the reference solver\n"
                   "and writes the expected output files that are missing. Existing files are never overwritten; those\n"
                   "that disagree with the reference are listed (exit status 1).\n"
                   "Example, a folder mine/ holding mine/case1/input.txt, mine/case2/input.txt:\n"
                   "  plyjudge cases init mine            # writes mine/suite.yaml (variant: reversi, cases: [case1, case2])\n"
                   "  plyjudge cases fill mine            # writes mine/case1/output.txt, ... from the reference\n"
                   "then list mine in an assignment's suites:.");
    declareCasesOptions(cl);
    return runParsed(cl, args, [&](const po::variables_map* vm) -> int {
        applyOutputLimit(*vm);
        const std::string action = vm->count("action") ? (*vm)["action"].as<std::string>() : "";
        if (action != "fill" && action != "init") throw UsageError("expected the action 'init' or 'fill'");
        if (!vm->count("suites")) throw UsageError(action == "init" ? "give the DIR of case folders" : "give at least one SUITE_DIR");
        const auto dirs = (*vm)["suites"].as<std::vector<std::string>>();
        try {
            return action == "init" ? runInit(*vm, dirs) : runFill(dirs);
        } catch (const grader::ConfigError& e) {
            throw CommandFailure{kExitUsage, e.what()};
        }
    });
}

}  // namespace plyjudge::cli
