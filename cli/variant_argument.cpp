#include "cli/variant_argument.hpp"

namespace plyjudge::cli {

void addVariantArguments(CommandLine& cl, const char* second) {
    cl.hidden()("variant", po::value<std::string>())(second, po::value<std::string>());
    cl.positional("variant", 1);
    cl.positional(second, 1);
}

const Variant& requireVariant(const po::variables_map& vm) {
    std::string known;
    for (const Variant* v : allVariants()) known += (known.empty() ? "" : ", ") + std::string(v->name);
    if (!vm.count("variant")) throw UsageError("missing VARIANT (one of: " + known + ")");
    const std::string name = vm["variant"].as<std::string>();
    const Variant* variant = findVariant(name);
    if (!variant) throw UsageError("unknown variant '" + name + "' (one of: " + known + ")");
    return *variant;
}

std::filesystem::path inputPathOf(const po::variables_map& vm, const Variant& variant) {
    if (vm.count("input") && vm.count("positional-input")) {
        throw UsageError("give the input file once, either as -i INPUTFILE or as INPUTFILE");
    }
    if (vm.count("input")) return vm["input"].as<std::string>();
    if (vm.count("positional-input")) return vm["positional-input"].as<std::string>();
    if (variant.convention == InputConvention::InputTxtInWorkingDir) return "input.txt";
    throw UsageError("missing the input file (" + std::string(variant.name) + " programs are run as " +
                     (variant.convention == InputConvention::DashI ? "PROGRAM -i INPUTFILE" : "PROGRAM INPUTFILE") + ")");
}

Dialect dialectOf(const po::variables_map& vm, const Variant& variant) {
    std::vector<std::string> settings;
    if (vm.count("dialect")) settings = vm["dialect"].as<std::vector<std::string>>();
    try {
        Dialect dialect = Dialect::parse(settings, variant.dialects);
        if (vm.count("fault")) {
            std::vector<Fault> known = variant.faults;  // a neighbour of a catalogued fault can be asked for by name too
            known.insert(known.end(), variant.neighbours.begin(), variant.neighbours.end());
            for (const std::string& fault : vm["fault"].as<std::vector<std::string>>()) dialect.addFault(fault, known);
        }
        return dialect;
    } catch (const std::invalid_argument& e) {
        throw UsageError(std::string(variant.name) + ": " + e.what());
    }
}

}  // namespace plyjudge::cli
