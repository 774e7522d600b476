#include "referee/player/choose_move.hpp"

#include <cstdlib>

#include "reference/core/traverse_log.hpp"
#include "reference/gomoku4341/engine.hpp"

namespace plyjudge::live {

using namespace gomoku4341;
using Clock = std::chrono::steady_clock;

Choice chooseMove(const Board& board, Stone me, int moveNumber, const EngineOptions& options) {
    // The swap: on move 2, a first stone within two points of the centre is worth taking over.
    if (moveNumber == 2 && options.swap && board.stones() == 1) {
        for (int cell = 0; cell < kCells; ++cell) {
            const Point p = Point::ofCell(cell);
            if (board.at(cell) != Stone::Empty && std::abs(p.column - 7) <= 2 && std::abs(p.row - 7) <= 2) return {p, 0, 0};
        }
    }
    const auto start = Clock::now();
    SearchState root;
    root.board = board;
    root.toMove = me;
    SearchGameAdapter game(me, options.seed, options.breadth);
    NullLog log;
    Choice choice;
    // A legal fallback, should no search finish (it always does at depth 1 in practice).
    for (int cell = 0; cell < kCells; ++cell) {
        if (board.at(cell) == Stone::Empty) {
            choice.point = Point::ofCell(cell);
            break;
        }
    }
    if (options.greedy) {
        const auto r = search(game, root, SearchConfig{Algorithm::Greedy, 1, CutoffLog::Aima}, log);
        if (r.hasMove) choice = {Point::ofCell(r.move), 1, r.nodes};
        return choice;
    }
    const auto budget = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(options.moveSeconds));
    int best = -1;
    for (int depth = 1; depth <= options.maxDepth; ++depth) {
        game.setRootFirst(best);
        SearchConfig config{Algorithm::AlphaBeta, depth, CutoffLog::Aima};
        config.deadline = start + budget;
        const auto r = search(game, root, config, log);
        choice.nodes += r.nodes;
        if (r.aborted) break;
        if (r.hasMove) {
            best = r.move;
            choice.point = Point::ofCell(best);
            choice.depth = depth;
        }
        if (r.value >= kThreatWin - 1000 || r.value <= -kThreatWin + 1000) break;  // decided either way
        // The next iteration costs several times this one: do not start what cannot finish.
        if (Clock::now() - start > budget / 4) break;
    }
    return choice;
}

}  // namespace plyjudge::live
