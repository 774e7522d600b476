// gomoku561's catalogue of students' mistakes (faultCatalogue, listed by `plyjudge faults gomoku561`) and the
// rules with its rule-level mistakes switched on (FaultyGame); the search-level ones are the core's
// (reference/core/search_faults.hpp). A faulty move score is computed by a plain scan of the lines through
// the move, written from the spec (scoreWithFaults), never by the solver's tables.
#pragma once

#include <array>
#include <set>

#include "reference/core/fault_catalogue.hpp"
#include "reference/core/forwarded_rules.hpp"
#include "reference/gomoku561/rules.hpp"

namespace plyjudge::gomoku561 {

struct RuleFaults {
    bool wrongPerspective = false;      // evaluates for the opponent of the side to move (the Game's root player)
    bool edgeNotBlocking = false;       // the board's edge counts as an open end
    bool categoryOnce = false;          // each category scores at most once per move
    bool exactFive = false;             // only exactly five wins; six or more scores nothing
    bool blockOpenFourScored = false;   // an opponent four is worth blockClosedFour whatever its far end
    bool alphanumericOrder = false;     // moves ordered by their names as text (A1, A10, A11, ..., A2)
    bool rowFirstOrder = false;         // moves ordered row by row (A1, B1, C1, ...)
    bool rowsFromTop = false;           // rows numbered from the top, and ordered by that number
    bool swappedNames = false;          // points written row letter, column number
    bool scoring() const { return edgeNotBlocking || categoryOnce || exactFive || blockOpenFourScored; }
    bool operator==(const RuleFaults&) const = default;  // anyOn() (search_faults.hpp) compares with none on
};
const FaultCatalogue<RuleFaults>& faultCatalogue();  // faults.cpp
inline RuleFaults ruleFaultsOf(const Dialect& dialect) { return faultCatalogue().ruleFaultsOf(dialect); }

// The spec's categories that a stone of `mover` at the empty `point` makes, as their values (one per occurrence;
// no two categories have the same value), with the scoring faults of `faults`.
std::multiset<Value> categoriesWithFaults(const Game& game, const State& state, int point, Player mover,
                                          const RuleFaults& faults);
// The score of a stone of `mover` at the empty `point` by the spec's categories, with the scoring faults of
// `faults` (none: the same as Game::score).
MoveScore scoreWithFaults(const Game& game, const State& state, int point, Player mover, const RuleFaults& faults);

// The rules of `game` with `faults`: a SearchGame like Game.
class FaultyGame : public RulesWithFaults<Game, RuleFaults> {
public:
    FaultyGame(const Game& game, RuleFaults faults);

    int generateMoves(const State& state, MoveBuffer<FaultyGame>& out) const;
    void play(State& state, Move move) const;
    std::string_view moveName(Move move) const;

private:
    std::array<PointName, kMaxPoints> names_{};
};

}  // namespace plyjudge::gomoku561
