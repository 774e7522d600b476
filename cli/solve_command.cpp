// `plyjudge solve VARIANT …`: the reference solver, invoked the way a student's program is.
#include <fstream>
#include <iostream>

#include "reference/variant.hpp"
#include "cli/command_line.hpp"
#include "cli/exit_codes.hpp"
#include "cli/variant_argument.hpp"

namespace plyjudge::cli {

int runSolve(const std::vector<std::string>& args) {
    CommandLine cl("solve", "solve VARIANT [INPUTFILE] [-i INPUTFILE] [-o DIR] [--dialect KEY=VALUE]... [--fault NAME]...",
                   "Solves INPUTFILE with the reference solver of VARIANT and writes the files a student's program\n"
                   "writes (e.g. output.txt), into the working directory or DIR. The input is found as the\n"
                   "variant's own program finds it (see plyjudge variants): ./input.txt, -i INPUTFILE or\n"
                   "INPUTFILE; either form is accepted for every variant.\n"
                   "--fault NAME makes the reference commit one of the variant's catalogued mistakes (plyjudge\n"
                   "faults VARIANT lists them), e.g. to see what a program with that mistake writes.\n"
                   "Bad input: one line naming the file, the line and what was expected; exit status 2.");
    cl.options()("input,i", po::value<std::string>(), "the input file")(
        "output-dir,o", po::value<std::string>()->default_value("."), "where to write the output files")(
        "dialect,d", po::value<std::vector<std::string>>()->composing(),
        "a convention switch KEY=VALUE (see plyjudge variants); repeatable")(
        "fault", po::value<std::vector<std::string>>()->composing(),
        "solve with a catalogued mistake NAME (see plyjudge faults VARIANT); repeatable")(
        "print,p", "also print the files written to standard output");
    addVariantArguments(cl, "positional-input");

    return withUsageErrors(cl, [&] {
        const auto vm = cl.parse(args);
        if (!vm) return kExitOk;
        const Variant& variant = requireVariant(*vm);
        if (!variant.solve) throw UsageError(std::string(variant.name) + " is played live, not solved: see plyjudge referee");
        const std::filesystem::path inputPath = inputPathOf(*vm, variant);
        const Dialect dialect = dialectOf(*vm, variant);
        const std::filesystem::path outDir = (*vm)["output-dir"].as<std::string>();
        try {
            const InputText input = InputText::readFile(inputPath);
            std::filesystem::create_directories(outDir);
            const std::vector<std::string> written = variant.solve(input, dialect, outDir);
            if (vm->count("print")) {
                for (const std::string& name : written) {
                    std::ifstream in(outDir / name, std::ios::binary);
                    std::cout << "== " << (outDir / name).string() << "\n" << in.rdbuf() << "\n";
                }
            }
        } catch (const InputError& e) {
            cl.error(e.what());
            return kExitUsage;
        } catch (const std::exception& e) {
            cl.error(e.what());
            return kExitFailed;
        }
        return kExitOk;
    });
}

}  // namespace plyjudge::cli
