// `plyjudge cases fill SUITE_DIR...`: expected outputs come from the reference solver, never by hand.
#include <fmt/format.h>

#include <iostream>

#include "grader/config/yaml_support.hpp"
#include "grader/suite/fill.hpp"
#include "reference/core/input_text.hpp"
#include "cli/command_line.hpp"
#include "cli/exit_codes.hpp"
#include "cli/output_limit.hpp"

namespace plyjudge::cli {

int runCases(const std::vector<std::string>& args) {
    CommandLine cl("cases", "cases fill SUITE_DIR...",
                   "fill: solves every case of each suite (a folder with suite.yaml) with the reference solver and\n"
                   "writes the expected output files that are missing. Existing files are never overwritten; those\n"
                   "that disagree with the reference are listed (exit status 1).");
    addOutputLimitOption(cl);
    cl.hidden()("action", po::value<std::string>())("suites", po::value<std::vector<std::string>>());
    cl.positional("action", 1);
    cl.positional("suites", -1);
    return runParsed(cl, args, [&](const po::variables_map* vm) -> int {
        applyOutputLimit(*vm);
        if (!vm->count("action") || (*vm)["action"].as<std::string>() != "fill") throw UsageError("expected the action 'fill'");
        if (!vm->count("suites")) throw UsageError("give at least one SUITE_DIR");
        int status = kExitOk;
        for (const std::string& dir : (*vm)["suites"].as<std::vector<std::string>>()) {
            try {
                const grader::FillReport r = grader::fillSuite(dir, std::cout);
                std::cout << fmt::format("{}: {} case(s), {} file(s) written, {} already right, {} differing\n", dir,
                                         r.casesSolved, r.filesWritten, r.filesKept, r.filesDiffering);
                if (r.casesTooLarge > 0) std::cout << fmt::format("{}: {} case(s) over --max-output-mb, not filled\n", dir, r.casesTooLarge);
                if (r.filesDiffering > 0 || r.casesTooLarge > 0) status = std::max(status, kExitFailed);
            } catch (const grader::ConfigError& e) {
                cl.error(e.what());
                return kExitUsage;
            } catch (const InputError& e) {
                cl.error(e.what());
                return kExitUsage;
            } catch (const OutputTooLarge& e) {
                cl.error(dir + ": " + e.what());
                return kExitFailed;
            }
        }
        return status;
    });
}

}  // namespace plyjudge::cli
