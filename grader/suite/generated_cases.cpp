#include "grader/suite/generated_cases.hpp"

#include "fuzz/case_generator.hpp"

namespace plyjudge::grader {

// The case generator of fuzz/ (issue 6): the same inputs `plyjudge gen VARIANT --count n --seed seed` writes.
std::vector<GeneratedCase> generateCases(const Variant& variant, int n, std::uint64_t seed) {
    std::vector<GeneratedCase> cases;
    for (fuzz::GeneratedCase& c : fuzz::generateCases(variant, n, seed)) cases.push_back({std::move(c.name), std::move(c.input)});
    return cases;
}

}  // namespace plyjudge::grader
