#include "reference/squirrel/battle.hpp"

#include <bit>

#include "reference/core/traverse_log.hpp"
#include "reference/squirrel/faults.hpp"

namespace plyjudge::squirrel {

void playBattle(const Problem& problem, const Dialect& dialect, const std::function<void(const State&)>& onState) {
    // Each side searches as the root player of its own game: it evaluates from its own perspective (or, with
    // faults, from its opponent's or always the first player's).
    const RuleFaults faults = ruleFaultsOf(dialect);
    auto evaluator = [&](Player side) {
        const Player p = faults.battleSinglePerspective ? problem.first.player : side;
        return faults.wrongPerspective ? opponent(p) : p;
    };
    const Game games[2] = {Game(evaluator(problem.first.player), problem.values), Game(evaluator(problem.second.player), problem.values)};
    const Side* sides[2] = {&problem.first, &problem.second};
    State state = problem.root();
    NullLog log;
    // Each move fills a square, so a battle has at most as many turns as there are squares. A faulty search may choose
    // no move on a board that is not full (game-over-keeps-infinity): the battle ends there, as it would never end.
    for (int turn = 0, turns = 0; !games[0].isTerminal(state) && turns < kSquares; turn ^= 1, ++turns) {
        const Side& side = *sides[turn];
        state.toMove = side.player;
        bool moved = false;
        withRuleFaults<FaultyGame>(games[turn], faults, [&](const auto& game) {
            const auto result = search(game, state, withCutoffAtGameEnd(searchConfigOf(dialect, side.algorithm, side.depth), state), log);
            if (!result.hasMove) return;
            state = stateAfter(game, state, result);
            moved = true;
        });
        if (!moved) break;
        onState(state);
    }
}

std::vector<State> playBattle(const Problem& problem) {
    std::vector<State> states;
    states.reserve(static_cast<std::size_t>(kSquares - std::popcount(problem.root().occupied())));
    playBattle(problem, Dialect{}, [&](const State& s) { states.push_back(s); });
    return states;
}

}  // namespace plyjudge::squirrel
