#include "reference/starcircle/solver.hpp"

#include "reference/core/traverse_log.hpp"

namespace plyjudge::starcircle {

Solution solveProblem(const Problem& problem) {
    const Game game(problem.player, problem.rowValues);
    const State root = makeState(problem.board, problem.player);
    NullLog log;
    const auto result = search(game, root, SearchConfig{problem.algorithm, problem.depth}, log);
    // The input always has pieces of both sides, so the root is never a leaf and a move (maybe the pass) exists.
    State after = root;
    game.play(after, result.move);
    return Solution{std::string(game.moveName(result.move)), game.evaluate(after), result.value, result.nodes};
}

}  // namespace plyjudge::starcircle
