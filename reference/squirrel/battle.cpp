#include "reference/squirrel/battle.hpp"

#include <bit>

#include "reference/core/traverse_log.hpp"

namespace plyjudge::squirrel {

std::vector<State> playBattle(const Problem& problem) {
    // Each side searches as the root player of its own game: it evaluates from its own perspective.
    const Game games[2] = {Game(problem.first.player, problem.values), Game(problem.second.player, problem.values)};
    const Side* sides[2] = {&problem.first, &problem.second};
    State state = problem.root();
    std::vector<State> states;
    states.reserve(static_cast<std::size_t>(kSquares - std::popcount(state.occupied())));
    NullLog log;
    for (int turn = 0; !games[0].isTerminal(state); turn ^= 1) {
        const Side& side = *sides[turn];
        state.toMove = side.player;
        const auto result = search(games[turn], state, SearchConfig{side.algorithm, side.depth}, log);
        // The board is not full, so the root is not a leaf and the search chose a move.
        games[turn].play(state, result.move);
        states.push_back(state);
    }
    return states;
}

void writeTrace(OutputFile& out, const std::vector<State>& states) {
    for (const State& s : states) writeBoard(out, s);
}

}  // namespace plyjudge::squirrel
