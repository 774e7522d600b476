// starcircle's catalogue of students' mistakes (faultCatalogue, listed by `plyjudge faults starcircle`) and
// the rules with its rule-level mistakes switched on (FaultyGame); the search-level ones are the core's
// (reference/core/search_faults.hpp), the answer-level ones the solver's (solver.cpp).
#pragma once

#include <array>

#include "reference/core/fault_catalogue.hpp"
#include "reference/core/forwarded_rules.hpp"
#include "reference/starcircle/rules.hpp"

namespace plyjudge::starcircle {

struct RuleFaults {
    bool wrongPerspective = false;        // evaluates for the opponent of the side to move
    bool myopicOfRoot = false;            // the myopic utility of the root, not of the position after the move
    bool farsightedWrongSide = false;     // the farsighted utility negated
    bool rootNotCounted = false;          // the node count leaves the root out
    bool jumpsFirst = false;              // a piece's jumps before its steps (Circle's steps come first)
    bool stepsFirst = false;              // a piece's steps before its jumps (Star's jumps come first)
    bool destinationColumnOrder = false;  // a piece's moves by the destination's column only
    bool orderByDestination = false;      // all moves by destination square, whatever their from-square
    bool columnFirstOrder = false;        // from-squares column by column
    bool noStacking = false;              // no landing on one's own stack on the last row
    bool stackCountedOnce = false;        // a stack weighs as one piece
    bool circleWeightsNotMirrored = false;  // Circle's pieces weigh v1..v8 from row A up, like Star's
    bool swappedNames = false;            // squares written column letter, row digit
    bool operator==(const RuleFaults&) const = default;  // anyOn() (search_faults.hpp) compares with none on
};
const FaultCatalogue<RuleFaults>& faultCatalogue();  // faults.cpp
inline RuleFaults ruleFaultsOf(const Dialect& dialect) { return faultCatalogue().ruleFaultsOf(dialect); }

// The rules of `game` with `faults`, evaluating for `evaluator` with the input's row values.
class FaultyGame : public RulesWithFaults<Game, RuleFaults> {
public:
    FaultyGame(const Game& game, RuleFaults faults, Player evaluator, const std::array<int, 8>& rowValues);

    int generateMoves(const State& state, MoveBuffer<FaultyGame>& out) const;
    Value evaluate(const State& state) const;
    std::string_view moveName(Move move) const;

private:
    Player evaluator_;
    std::array<int, 8> rowValues_;
};

}  // namespace plyjudge::starcircle
