// squirrel's catalogue of students' mistakes (faultCatalogue, listed by `plyjudge faults squirrel`) and the
// rules with its rule-level mistakes switched on (FaultyGame); the search-level ones are the core's
// (reference/core/search_faults.hpp), the battle's perspective one battle.cpp's.
#pragma once

#include "reference/core/fault_catalogue.hpp"
#include "reference/core/forwarded_rules.hpp"
#include "reference/squirrel/rules.hpp"

namespace plyjudge::squirrel {

struct RuleFaults {
    bool wrongPerspective = false;         // every search evaluates for the opponent of its player (the Game's root player)
    bool battleSinglePerspective = false;  // a battle's searches all evaluate for the first player
    bool diagonalAdjacency = false;        // diagonal neighbours count for raids and conversions
    bool sneakConverts = false;            // a sneak converts the enemy pieces around it too
    bool ownScoreOnly = false;             // the evaluation counts the root player's squares only
    bool columnFirstOrder = false;         // moves column by column (A1, A2, ...)
    bool swappedNames = false;             // squares written row letter, column digit
    bool operator==(const RuleFaults&) const = default;  // anyOn() (search_faults.hpp) compares with none on
};

const FaultCatalogue<RuleFaults>& faultCatalogue();  // faults.cpp
inline RuleFaults ruleFaultsOf(const Dialect& dialect) { return faultCatalogue().ruleFaultsOf(dialect); }

// The rules of `game` with `faults`: a SearchGame like Game.
class FaultyGame : public RulesWithFaults<Game, RuleFaults> {
public:
    using RulesWithFaults::RulesWithFaults;

    int generateMoves(const State& state, MoveBuffer<FaultyGame>& out) const;
    void play(State& state, Move move) const;
    Value evaluate(const State& state) const;
    std::string_view moveName(Move move) const;
};

}  // namespace plyjudge::squirrel
