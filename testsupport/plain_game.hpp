// Checking a variant's speed-ups against its plain rules: the same search through PlainGame, which
// hides the optional leafValues() and forEachMove() hooks so the core lists every node's moves with
// generateMoves() and builds every child by copy, play and evaluate, must log the very same tree and find the
// same result.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "reference/core/fault_catalogue.hpp"
#include "reference/core/dialect.hpp"
#include "reference/core/forwarded_rules.hpp"
#include "reference/core/search.hpp"

namespace plyjudge::testing {

// The rules of G, only the SearchGame members: no leafValues(), no forEachMove().
template <SearchGame G>
class PlainGame : public ForwardedRules<G> {
public:
    using ForwardedRules<G>::ForwardedRules;
};

// Every log line, kept as text.
struct LineRecorder {
    static constexpr bool enabled = true;
    std::vector<std::string> lines;
    void node(std::string_view name, int depth, Value value, Value alpha, Value beta) {
        lines.push_back(std::string(name) + "," + std::to_string(depth) + "," + std::to_string(value) + "," +
                        std::to_string(alpha) + "," + std::to_string(beta));
    }
};

// "" when searching `game` and PlainGame(game) from `root` logs the same lines and returns the same
// value, move and node count; else the first difference.
template <SearchGame G>
std::string plainSearchDifference(const G& game, const typename G::State& root, const SearchConfig& config) {
    LineRecorder fast, plain;
    const auto a = search(game, root, config, fast);
    const auto b = search(PlainGame<G>(game), root, config, plain);
    for (std::size_t i = 0; i < fast.lines.size() && i < plain.lines.size(); ++i) {
        if (fast.lines[i] != plain.lines[i]) return "line " + std::to_string(i + 1) + ": " + fast.lines[i] + " vs " + plain.lines[i];
    }
    if (fast.lines.size() != plain.lines.size()) {
        return std::to_string(fast.lines.size()) + " lines vs " + std::to_string(plain.lines.size());
    }
    if (a.value != b.value || a.hasMove != b.hasMove || a.move != b.move || a.nodes != b.nodes) return "different results";
    return "";
}

// The rule faults of `catalogue` (those FaultyGame wraps), each with its RuleFaults.
template <class RuleFaults>
auto ruleFaultsIn(const FaultCatalogue<RuleFaults>& catalogue) {
    std::vector<std::pair<std::string, RuleFaults>> out;
    for (const Fault& f : catalogue.faults()) {
        const RuleFaults faults = catalogue.ruleFaultsOf(Dialect().withFault(f.name));
        if (anyOn(faults)) out.emplace_back(std::string(f.name), faults);
    }
    return out;
}

}  // namespace plyjudge::testing
