#include "reference/starcircle/solver.hpp"

#include "reference/core/traverse_log.hpp"
#include "reference/starcircle/faults.hpp"

namespace plyjudge::starcircle {

namespace {

template <class G>
Solution solveWith(const G& game, const Problem& problem, const Dialect& dialect, const RuleFaults& faults) {
    const State root = makeState(problem.board, problem.player);
    NullLog log;
    const SearchConfig config = searchConfigOf(dialect, problem.algorithm, problem.depth);
    const auto result = search(game, root, config, log);
    // The input always has pieces of both sides, so the root is never a leaf and a move (maybe the pass) is
    // chosen; only a fault that ends the game early makes the root a leaf, and then it passes.
    State after = root;
    Solution s;
    if (result.hasMove) {
        game.play(after, result.move);
        s.move = game.moveName(result.move);
    }
    if (!result.hasMove || s.move == "pass") s.move = passNameUnder(config.faults);
    s.myopicUtility = game.evaluate(faults.myopicOfRoot ? root : after);
    s.farsightedUtility = faults.farsightedWrongSide ? -result.value : result.value;
    s.nodes = result.nodes - (faults.rootNotCounted ? 1 : 0);
    return s;
}

}  // namespace

Solution solveProblem(const Problem& problem, const Dialect& dialect) {
    const RuleFaults faults = ruleFaultsOf(dialect);
    const Player evaluator = faults.wrongPerspective ? opponent(problem.player) : problem.player;
    const Game game(evaluator, problem.rowValues);
    if (anyOn(faults)) return solveWith(FaultyGame(game, faults, evaluator, problem.rowValues), problem, dialect, faults);
    return solveWith(game, problem, dialect, faults);
}

std::string answerText(const Solution& s) {
    return s.move + "\n" + std::to_string(s.myopicUtility) + "\n" + std::to_string(s.farsightedUtility) + "\n" +
           std::to_string(s.nodes);
}

}  // namespace plyjudge::starcircle
