#include "referee/player/choose_move.hpp"

#include <cstdlib>
#include <random>
#include <stdexcept>
#include <vector>

#include "reference/core/traverse_log.hpp"
#include "reference/gomoku4341/engine.hpp"

namespace plyjudge::referee {

using namespace gomoku4341;
using Clock = std::chrono::steady_clock;

void applyLevel(EngineOptions& options, int level) {
    if (level < 1 || level > 5) throw std::invalid_argument("--level must be 1 to 5");
    options.greedy = level <= 3;
    options.noise = level == 1 ? 1.0 : level == 2 ? 0.5 : 0.0;
    options.maxDepth = level == 4 ? 2 : 3;
    options.swap = level >= 4;
}

namespace {
// A random empty point within two of a stone (the centre on an empty board).
Point randomNearby(const Board& board, std::mt19937_64& random) {
    std::vector<int> near;
    for (int cell = 0; cell < kCells; ++cell) {
        if (board.at(cell) != Stone::Empty) continue;
        const Point p = Point::ofCell(cell);
        bool close = false;
        for (int dc = -2; dc <= 2 && !close; ++dc)
            for (int dr = -2; dr <= 2 && !close; ++dr)
                close = onBoard(p.column + dc, p.row + dr) && board.at(Point{p.column + dc, p.row + dr}.cell()) != Stone::Empty;
        if (close) near.push_back(cell);
    }
    if (near.empty()) return board.at(7 * kSize + 7) == Stone::Empty ? Point{7, 7} : Point::ofCell(0);
    return Point::ofCell(near[std::uniform_int_distribution<std::size_t>(0, near.size() - 1)(random)]);
}
}  // namespace

Choice chooseMove(const Board& board, Stone me, int moveNumber, const EngineOptions& options) {
    if (options.noise > 0) {
        std::mt19937_64 random(options.seed);
        if (std::uniform_real_distribution<double>(0, 1)(random) < options.noise) {
            const Point p = randomNearby(board, random);
            if (board.legal(p, moveNumber)) return {p, 0, 0};
        }
    }
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

}  // namespace plyjudge::referee
