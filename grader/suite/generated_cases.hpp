// The hook through which generated cases join the published ones in `plyjudge check --generated N`.
// The case generator is issue 6: until it lands, generateCases returns no case.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace plyjudge {
struct Variant;
}

namespace plyjudge::grader {

struct GeneratedCase {
    std::string name;   // e.g. "gen-17"
    std::string input;  // the input file's text; the expected files come from the reference at check time
};

// n random legal inputs for the variant, reproducible from the seed.
std::vector<GeneratedCase> generateCases(const Variant& variant, int n, std::uint64_t seed);

}  // namespace plyjudge::grader
