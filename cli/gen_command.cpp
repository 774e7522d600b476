// `plyjudge gen VARIANT --count N --seed S OUT/`: a generated case suite with its coverage report.
#include <chrono>
#include <iostream>

#include "fuzz/case_generator.hpp"
#include "reference/input_generator.hpp"
#include "cli/command_line.hpp"
#include "cli/exit_codes.hpp"
#include "cli/output_limit.hpp"
#include "cli/variant_argument.hpp"
#include "cli/seed.hpp"

namespace plyjudge::cli {

int runGen(const std::vector<std::string>& args) {
    CommandLine cl("gen", "gen VARIANT OUTDIR [--count N] [--seed S] [--max-case-bytes B] [--kill K] [--minimal] [--published] [--dialect KEY=VALUE]...",
                   "Writes a case suite into OUTDIR: one folder per case with input.txt and the expected output\n"
                   "files from the reference solver, and suite.yaml (visibility hidden, with the command that\n"
                   "made it). Inputs are random legal positions; cases that hit the variant's coverage targets\n"
                   "(passes, game ends, cut-offs, ties, ...) and cases that catch each of the variant's catalogued\n"
                   "mistakes K times (plyjudge faults VARIANT) are chosen first; coverage and the fault matrix are\n"
                   "reported. --minimal stops as soon as every target is met (a small self-check suite).\n"
                   "The same VARIANT, N, S and B give the same suite, byte for byte. Without --seed a random seed is\n"
                   "drawn and printed; suite.yaml records it (generated_by), so a TA's hidden suite cannot be\n"
                   "reproduced by anyone who does not know it.");
    cl.options()("count,n", po::value<int>()->default_value(50), "number of cases")(
        "seed,s", po::value<std::uint64_t>(), "random seed (default: a fresh one, printed)")(
        "max-case-bytes", po::value<std::size_t>()->default_value(fuzz::GenerateOptions{}.maxCaseBytes),
        "largest expected output of one case, in bytes (keeps traverse logs small)")(
        "kill", po::value<int>()->default_value(fuzz::GenerateOptions{}.kill), "cases wanted per catalogued fault (0: none)")(
        "minimal", "stop once every coverage target and fault is met, even below --count")(
        "published", "mark the suite published (run by plyjudge check) rather than hidden")(
        "dialect,d", po::value<std::vector<std::string>>()->composing(), "the convention KEY=VALUE of the expected files; repeatable");
    addOutputLimitOption(cl);
    addVariantArguments(cl, "out");

    return withUsageErrors(cl, [&] {
        const auto vm = cl.parse(args);
        if (!vm) return kExitOk;
        applyOutputLimit(*vm);
        const Variant& variant = requireVariant(*vm);
        const InputGenerator* generator = findInputGenerator(variant.name);
        if (!generator) throw UsageError(std::string(variant.name) + " has no case generator (it is played live)");
        if (!vm->count("out")) throw UsageError("missing OUTDIR");
        const int count = (*vm)["count"].as<int>();
        if (count < 1 || count > 100000) throw UsageError("--count must be 1 to 100000");
        const std::uint64_t seed = vm->count("seed") ? (*vm)["seed"].as<std::uint64_t>() : freshSeed();
        if (!vm->count("seed")) std::cout << "seed: " << seed << " (repeat with --seed " << seed << ")\n";
        fuzz::GenerateOptions options;
        options.maxCaseBytes = (*vm)["max-case-bytes"].as<std::size_t>();
        options.kill = (*vm)["kill"].as<int>();
        options.minimal = vm->count("minimal") > 0;
        options.dialect = dialectOf(*vm, variant);
        if (options.kill < 0) throw UsageError("--kill must be >= 0");
        std::string command = "plyjudge gen " + std::string(variant.name) + " --count " + std::to_string(count) +
                              " --seed " + std::to_string(seed);
        if (options.maxCaseBytes != fuzz::GenerateOptions{}.maxCaseBytes) {
            command += " --max-case-bytes " + std::to_string(options.maxCaseBytes);
        }
        if (options.kill != fuzz::GenerateOptions{}.kill) command += " --kill " + std::to_string(options.kill);
        if (options.minimal) command += " --minimal";
        const bool published = vm->count("published") > 0;
        if (published) command += " --published";
        for (const auto& [key, value] : options.dialect.settings()) command += " --dialect " + key + "=" + value;
        const std::filesystem::path out = (*vm)["out"].as<std::string>();
        try {
            const auto start = std::chrono::steady_clock::now();
            const fuzz::GeneratedSuite suite = fuzz::generateSuite(*generator, count, seed, options);
            fuzz::writeSuite(suite, out, command, published);
            const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            std::cout << "wrote " << suite.cases.size() << " " << variant.name << " cases to " << out.string() << " in "
                      << seconds << " s\n";
            std::cout << fuzz::coverageReport(suite);
            if (options.minimal) {
                std::cout << "minimal: " << suite.cases.size() << " cases meet every target they can\n";
            } else if (static_cast<int>(suite.cases.size()) < count) {
                std::cout << "note: only " << suite.cases.size() << " distinct inputs fit the size cap\n";
            }
        } catch (const std::exception& e) {
            cl.error(e.what());
            return kExitFailed;
        }
        return kExitOk;
    });
}

}  // namespace plyjudge::cli
