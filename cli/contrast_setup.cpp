#include "cli/contrast_setup.hpp"

#include <map>
#include <memory>

#include "fuzz/contrast_inputs.hpp"

namespace plyjudge::cli {

grader::ContrastInputs contrastInputsOf(const InputGenerator& generator) {
    const InputGenerator* g = &generator;
    grader::ContrastInputs inputs;
    inputs.featuresOf = [g](const std::string& input) { return fuzz::featuresOfInput(*g, input); };
    inputs.draw = [g](const std::vector<std::string>& features, bool on, int count, std::uint64_t seed) {
        return fuzz::inputsWithFeatures(*g, features, on, count, seed);
    };
    // Both ways: a contrast says "A or B" of the cases lacking one of {not A, not B}.
    auto negations = std::make_shared<std::map<std::string, std::string>>();
    for (std::string_view f : generator.features) {
        (*negations)[std::string(f)] = fuzz::negationOf(f);
        (*negations)[fuzz::negationOf(f)] = std::string(f);
    }
    inputs.negationOf = [negations](const std::string& feature) {
        const auto it = negations->find(feature);
        return it != negations->end() ? it->second : "not (" + feature + ")";
    };
    inputs.sizeOf = [g](const std::string& input) {
        try {
            return g->sizeOf(input).total();
        } catch (const std::exception&) {
            return static_cast<int>(input.size());  // CRLF or another dialect of the text: its length
        }
    };
    return inputs;
}

void addContrastOption(CommandLine& cl) {
    cl.options()("contrast-cases", po::value<int>()->default_value(8),
                 "failures no mistake reproduces: new cases run with and without the feature that separates them, "
                 "each (0: no explanation by contrast)")(
        "no-explain", "do not explain failures (no experiment, reproduction, log shape or contrast): faster; the "
                      "results keep the first difference and its diagnosis");
}

std::optional<grader::ContrastOptions> contrastOptionsOf(const po::variables_map& vm, std::uint64_t seed) {
    const int perSide = vm["contrast-cases"].as<int>();
    if (perSide < 0) throw UsageError("--contrast-cases must be >= 0");
    if (perSide == 0) return std::nullopt;
    grader::ContrastOptions options;
    options.newCasesPerSide = perSide;
    options.seed = seed;
    return options;
}

}  // namespace plyjudge::cli
