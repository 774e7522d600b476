// reversi's catalogue of students' mistakes (faultCatalogue, listed by `plyjudge faults reversi`) and the
// rules with its rule-level mistakes switched on (FaultyGame); the search-level ones are the core's
// (reference/core/search_faults.hpp). The default rules (rules.hpp) never see a fault.
#pragma once

#include "reference/core/fault_catalogue.hpp"
#include "reference/core/forwarded_rules.hpp"
#include "reference/reversi/rules.hpp"

namespace plyjudge::reversi {

struct RuleFaults {
    bool wrongPerspective = false;   // evaluates for the opponent of the side to move (the Game's root player)
    bool depthFirstDigit = false;    // the depth line read by its first character only
    bool movePerDirection = false;   // a cell is listed once per direction in which it flips
    bool flipsOneDirection = false;  // only the first flipping direction (clockwise from up) flips
    bool flipsLastDirection = false; // a neighbour: only the last flipping direction (clockwise from up) flips
    bool transposedNames = false;    // cells named with row and column swapped
    bool columnFirstOrder = false;   // moves ordered column by column
    bool operator==(const RuleFaults&) const = default;  // anyOn() (search_faults.hpp) compares with none on
};
const FaultCatalogue<RuleFaults>& faultCatalogue();  // faults.cpp
inline RuleFaults ruleFaultsOf(const Dialect& dialect) { return faultCatalogue().ruleFaultsOf(dialect); }

// The rules of `game` with `faults`: a SearchGame like Game.
class FaultyGame : public RulesWithFaults<Game, RuleFaults> {
public:
    static constexpr int kMaxMoves = 64 * 8;  // a cell once per direction at most

    using RulesWithFaults::RulesWithFaults;

    int generateMoves(const State& state, MoveBuffer<FaultyGame>& out) const;
    void play(State& state, Move move) const;
    std::string_view moveName(Move move) const;
};

}  // namespace plyjudge::reversi
