// Mistakes students make in the search itself, as switches the core can run with: one per declaration of
// search_faults.def, all off by default. The search runs a separate instantiation when any is on (search.hpp,
// Searcher<..., true>), so the default search is untouched.
//
// A variant offers the ones that can change its outputs in its fault catalogue (reference/<variant>/faults.cpp),
// naming the constant search_fault::NAME with the rule of its page the mistake breaks; `--fault NAME` switches one
// on (dialect.hpp).
#pragma once

#include <array>
#include <string_view>

namespace plyjudge {

struct SearchFaults {
#define PLYJUDGE_SEARCH_FAULT(field, name, sentence) bool field = false;
#include "reference/core/search_faults.def"
#undef PLYJUDGE_SEARCH_FAULT

    bool operator==(const SearchFaults&) const = default;
    bool any() const { return *this != SearchFaults{}; }
    // The cut-off depth moved by depth-plus-one or depth-minus-one.
    int depthOffset() const { return (depthPlusOne ? 1 : 0) - (depthMinusOne ? 1 : 0); }
};

// Whether any switch of a variant's RuleFaults (reference/<variant>/faults.hpp) is on.
template <class RuleFaults>
bool anyOn(const RuleFaults& faults) {
    return !(faults == RuleFaults{});
}

// One search fault as declared: its name, the sentence for the student, and the switch it sets.
struct SearchFault {
    std::string_view name;
    std::string_view sentence;
    bool SearchFaults::*field;

    void apply(SearchFaults& faults) const { faults.*field = true; }
};

namespace search_fault {
#define PLYJUDGE_SEARCH_FAULT(field, name, sentence) inline constexpr SearchFault field{name, sentence, &SearchFaults::field};
#include "reference/core/search_faults.def"
#undef PLYJUDGE_SEARCH_FAULT
}  // namespace search_fault

// Every search fault, in declaration order.
inline constexpr std::array kSearchFaults = {
#define PLYJUDGE_SEARCH_FAULT(field, name, sentence) &search_fault::field,
#include "reference/core/search_faults.def"
#undef PLYJUDGE_SEARCH_FAULT
};

// The name of the pass in logs and answers under `faults`.
inline std::string_view passNameUnder(const SearchFaults& faults) { return faults.passCapitalised ? "Pass" : "pass"; }

// Calls body(game), or body(FaultyGame(game, faults)) when one of a variant's rule faults is on: the variant's
// rules with its rule-level mistakes (reference/<variant>/faults.hpp).
template <class FaultyGame, class Game, class RuleFaults, class Body>
auto withRuleFaults(const Game& game, const RuleFaults& faults, Body&& body) {
    if (anyOn(faults)) return body(FaultyGame(game, faults));
    return body(game);
}

}  // namespace plyjudge
