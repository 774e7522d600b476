// A variant's input generator: what the case generator and the differential fuzzer (fuzz/) know about a
// variant. A RapidCheck generator of legal input texts (shrinking as the variant's problem generator shrinks),
// the coverage targets a good suite hits, how big a case is (pieces, depth) for reporting shrunk cases, and
// inputs one step simpler for the fuzzer's own shrinking.
//
// Inputs travel as text (formatProblem's output) so that everything downstream (validate, solve, the
// program under test) sees exactly the bytes that get committed. A variant folder defines its generator as
// `const InputGenerator inputGenerator` in input_generator.cpp (its generator of positions in generator.hpp,
// its simpler inputs in simplify.cpp). Those files are compiled into plyjudge_reference_generators, the one
// library that links RapidCheck; the solvers (plyjudge_reference, the Variant record) know nothing of them.
// findInputGenerator() is the generators' own registry (generator_registry.cpp), driven by variants.def like
// the variants' (registry.cpp).
#pragma once

#include <rapidcheck.h>

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "reference/variant.hpp"

namespace plyjudge {

// How big a case is: the fuzzer shrinks towards fewer pieces and smaller depth and reports both.
struct CaseSize {
    int pieces = 0;
    int depth = 0;
    int algorithm = 0;  // 0 greedy, 1 minimax, 2 alpha-beta (a battle: its players' sum)

    int total() const { return pieces + depth + algorithm; }
};

// Which generator settings to use: case suites keep traverse logs small, fuzzing may go deeper.
enum class InputPurpose { Suite, Fuzz };

struct InputGenerator {
    const Variant* variant = nullptr;
    // Coverage targets in report order; coverage() returns the subset an input hits.
    std::vector<std::string_view> targets;
    rc::Gen<std::string> (*inputs)(InputPurpose purpose) = nullptr;
    // Parses `input` (it is known to be valid) and names the targets hit by the reference's search on it.
    std::vector<std::string_view> (*coverage)(const std::string& input) = nullptr;
    CaseSize (*sizeOf)(const std::string& input) = nullptr;
    // Inputs one step simpler than `input` (valid ones only): a piece fewer, a ply less, a simpler algorithm
    // (alpha-beta, then minimax, then greedy where the variant has it), the position moved or mirrored. The
    // fuzzer tries them, after RapidCheck's own shrinking, while the program still disagrees. May be nullptr.
    std::vector<std::string> (*simpler)(const std::string& input) = nullptr;
    // Named yes/no features of an input and of the reference's search on it, each a phrase that reads after
    // "whenever" ("the board is nearly full (1-3 empty squares)", "the depth is odd"): what explanation by
    // contrast separates failed cases by. `boundaries` are the features the fuzz mix draws on purpose (one
    // case in three, see each input_generator.cpp); featuresOf() names those an input has. May be empty.
    std::vector<std::string_view> features;
    std::vector<std::string_view> boundaries;
    std::vector<std::string_view> (*featuresOf)(const std::string& input) = nullptr;
};

// The coverage targets an input hits, for a variant that names its targets in one array indexed by an enum
// (report order): coverage() sets what it saw and returns names(); InputGenerator::targets lists the array.
template <std::size_t N>
class CoverageHits {
public:
    explicit CoverageHits(const std::array<std::string_view, N>& names) : names_(names) {}
    void set(std::size_t target, bool hit = true) { hit_[target] = hit_[target] || hit; }
    std::vector<std::string_view> names() const {
        std::vector<std::string_view> out;
        for (std::size_t t = 0; t < N; ++t) {
            if (hit_[t]) out.push_back(names_[t]);
        }
        return out;
    }

private:
    const std::array<std::string_view, N>& names_;
    std::array<bool, N> hit_{};
};

// A variant's input generator, its coverage targets named by `names` (report order).
template <std::size_t N>
InputGenerator inputGeneratorOf(const Variant& variant, const std::array<std::string_view, N>& names,
                                decltype(InputGenerator::inputs) inputs, decltype(InputGenerator::coverage) coverage,
                                decltype(InputGenerator::sizeOf) sizeOf,
                                decltype(InputGenerator::simpler) simpler = nullptr) {
    return {.variant = &variant, .targets = {names.begin(), names.end()}, .inputs = inputs, .coverage = coverage,
            .sizeOf = sizeOf, .simpler = simpler, .features = {}, .boundaries = {}, .featuresOf = nullptr};
}

// `generator` with its features named by `names` (report order), the first `boundaryCount` of them drawn on
// purpose by the fuzz mix.
template <std::size_t N>
InputGenerator withFeatures(InputGenerator generator, const std::array<std::string_view, N>& names, std::size_t boundaryCount,
                            decltype(InputGenerator::featuresOf) featuresOf) {
    generator.features = {names.begin(), names.end()};
    generator.boundaries = {names.begin(), names.begin() + static_cast<std::ptrdiff_t>(boundaryCount)};
    generator.featuresOf = featuresOf;
    return generator;
}

// The input generator of a registered variant, or nullptr when it has none (live-play variants, unknown names).
const InputGenerator* findInputGenerator(std::string_view variant);

}  // namespace plyjudge
