// The VARIANT, input file and --dialect arguments that several subcommands share.
#pragma once

#include <filesystem>

#include "reference/variant.hpp"
#include "cli/command_line.hpp"

namespace plyjudge::cli {

// Declares the positional arguments: VARIANT, then one named `second` ("program", "positional-input", ...).
void addVariantArguments(CommandLine& cl, const char* second);
// The variant named by the "variant" option; throws UsageError listing the known ones.
const Variant& requireVariant(const po::variables_map& vm);
// -i FILE, or the positional file, or ./input.txt for variants whose programs read it.
std::filesystem::path inputPathOf(const po::variables_map& vm, const Variant& variant);
// The --dialect settings checked against the variant's options, with the --fault names (where the command
// has that option) checked against its fault catalogue.
Dialect dialectOf(const po::variables_map& vm, const Variant& variant);

}  // namespace plyjudge::cli
