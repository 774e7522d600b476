// `plyjudge validate VARIANT INPUTFILE`: is this a well-formed input for the variant?
#include <iostream>

#include "cli/command_line.hpp"
#include "cli/exit_codes.hpp"
#include "cli/variant_argument.hpp"

namespace plyjudge::cli {

int runValidate(const std::vector<std::string>& args) {
    CommandLine cl("validate", "validate VARIANT [INPUTFILE | -i INPUTFILE]",
                   "Checks INPUTFILE against VARIANT's input format and rules, as the reference solver does\n"
                   "before solving. Prints 'ok' (exit 0) or one line naming the file, the line and what was\n"
                   "expected (exit 2).");
    cl.options()("input,i", po::value<std::string>(), "the input file");
    addVariantArguments(cl, "positional-input");
    return withUsageErrors(cl, [&] {
        const auto vm = cl.parse(args);
        if (!vm) return kExitOk;
        const Variant& variant = requireVariant(*vm);
        if (!variant.validate) throw UsageError(std::string(variant.name) + " has no input files");
        const std::filesystem::path path = inputPathOf(*vm, variant);
        try {
            variant.validate(InputText::readFile(path));
        } catch (const InputError& e) {
            cl.error(e.what());
            return kExitUsage;
        }
        std::cout << path.string() << ": ok\n";
        return kExitOk;
    });
}

}  // namespace plyjudge::cli
