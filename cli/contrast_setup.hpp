// What explanation by contrast (grader/explain/contrast.hpp) gets from the variant's generator: the grader does
// not link the generators, so the command line builds it here from fuzz/contrast_inputs.hpp.
#pragma once

#include "cli/command_line.hpp"
#include "grader/explain/contrast.hpp"
#include "reference/input_generator.hpp"

namespace plyjudge::cli {

grader::ContrastInputs contrastInputsOf(const InputGenerator& generator);

// --contrast-cases N: new cases with and without a separating feature, each (0: no explanation by contrast);
// --no-explain: no explanation at all (explainOf).
void addContrastOption(CommandLine& cl);
// The options it asks for, nullopt for 0; throws UsageError below 0.
std::optional<grader::ContrastOptions> contrastOptionsOf(const po::variables_map& vm, std::uint64_t seed);
inline bool explainOf(const po::variables_map& vm) { return vm.count("no-explain") == 0; }

}  // namespace plyjudge::cli
