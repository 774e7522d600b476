// What the case generator and the differential fuzzer (fuzz/) know about a variant: a RapidCheck generator of
// legal input texts (shrinking as the variant's problem generator shrinks), the coverage targets a good
// suite hits, and how big a case is (pieces, depth) for reporting shrunk cases.
//
// Inputs travel as text (formatProblem's output) so that everything downstream (validate, solve, the
// program under test) sees exactly the bytes that get committed. A variant folder defines its target in
// fuzz_target.cpp (its generator of positions in generator.hpp) and points the Variant record at it.
#pragma once

#include <rapidcheck.h>

#include <string>
#include <string_view>
#include <vector>

#include "reference/variant.hpp"

namespace plyjudge::fuzz {

// How big a case is: the fuzzer shrinks towards fewer pieces and smaller depth and reports both.
struct CaseSize {
    int pieces = 0;
    int depth = 0;
    int algorithm = 0;  // 0 greedy, 1 minimax, 2 alpha-beta (a battle: its players' sum)

    int total() const { return pieces + depth + algorithm; }
};

// Which generator settings to use: case suites keep traverse logs small, fuzzing may go deeper.
enum class Purpose { Suite, Fuzz };

struct FuzzTarget {
    const Variant* variant = nullptr;
    // Coverage targets in report order; coverage() returns the subset an input hits.
    std::vector<std::string_view> targets;
    rc::Gen<std::string> (*inputs)(Purpose purpose) = nullptr;
    // Parses `input` (it is known to be valid) and names the targets hit by the reference's search on it.
    std::vector<std::string_view> (*coverage)(const std::string& input) = nullptr;
    CaseSize (*sizeOf)(const std::string& input) = nullptr;
    // Inputs one step simpler than `input` (valid ones only): a piece fewer, a ply less, a simpler algorithm
    // (alpha-beta, then minimax, then greedy where the variant has it), the position moved or mirrored. The
    // fuzzer tries them, after RapidCheck's own shrinking, while the program still disagrees. May be nullptr.
    std::vector<std::string> (*simpler)(const std::string& input) = nullptr;
};

// The fuzz target of a registered variant, or nullptr when it has none (live-play variants).
inline const FuzzTarget* findFuzzTarget(std::string_view variant) {
    const Variant* v = findVariant(variant);
    return v ? v->fuzzTarget : nullptr;
}

}  // namespace plyjudge::fuzz
