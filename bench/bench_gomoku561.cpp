// Go-Moku (gomoku561): alpha-beta at depths 3 and 4 and minimax at depth 3 on 19x19 and 25x25 mid-game
// positions (10-30 stones from seeded random legal play), through the real solver (parse, search,
// streamed traverse_log.txt, next_state.txt), plus the same search without a log to show the rules' cost.
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>

#include "reference/core/traverse_log.hpp"
#include "reference/gomoku561/problem.hpp"
#include "reference/variant.hpp"
#include "bench/bench_support.hpp"

using namespace plyjudge;
using namespace plyjudge::gomoku561;

namespace {

// `stones` alternating legal moves from the empty board, chosen by a fixed LCG, never making five.
Problem midGame(int size, int stones, std::uint64_t seed) {
    const Game game(size, Player::Black);
    State s = game.makeState({}, {}, Player::Black);
    MoveBuffer<Game> moves;
    for (int placed = 0; placed < stones;) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        const int n = game.generateMoves(s, moves);
        const Move m = moves[(seed >> 33) % static_cast<std::uint64_t>(n)];
        if (game.score(s, m, s.toMove).wins) continue;
        game.play(s, m);
        ++placed;
    }
    return problemAt(size, s);
}

void runCase(const Variant& variant, const std::filesystem::path& dir, int size, int stones, Algorithm algorithm, int depth) {
    Problem p = midGame(size, stones, 0x5eed0000ULL + static_cast<std::uint64_t>(size * 100 + stones));
    p.algorithm = algorithm;
    p.depth = depth;
    const std::string label = std::to_string(size) + "x" + std::to_string(size) + " " + std::to_string(stones) + "st " +
                              (algorithm == Algorithm::Minimax ? "minimax" : "alpha-beta") + " d" + std::to_string(depth);
    const Game game = gameOf(p);
    const State root = rootOf(p, game);
    MoveBuffer<Game> moves;
    const int legal = game.generateMoves(root, moves);

    bench::Row quiet;
    quiet.name = label + " (no log)";
    quiet.setSolve(bench::bestTimes([&] {
        NullLog log;
        quiet.nodes = search(game, root, SearchConfig{algorithm, depth}, log).nodes;
    }, 5));
    bench::printRow(quiet);

    bench::Row row;
    row.name = label + " (solve, " + std::to_string(legal) + " moves)";
    row.nodes = quiet.nodes;
    const InputText input(formatProblem(p), "input.txt");
    // Small solves take milliseconds: more repeats against the noise of a shared machine.
    row.setSolve(bench::bestTimes([&] { variant.solve(input, Dialect{}, dir); }, quiet.nodes > 1000000 ? 3 : 7));
    row.logBytes = std::filesystem::file_size(dir / "traverse_log.txt");
    row.setFloor(bench::floorTimes(dir / "floor.txt", row.logBytes));
    bench::printRow(row);
}

}  // namespace

int main() {
    const Variant& variant = *findVariant("gomoku561");
    const auto dir = bench::scratchDir();
    bench::printHeader();
    for (const auto& [size, stones] : {std::pair{19, 10}, std::pair{19, 20}, std::pair{25, 20}, std::pair{25, 30}}) {
        runCase(variant, dir, size, stones, Algorithm::Minimax, 3);
        runCase(variant, dir, size, stones, Algorithm::AlphaBeta, 3);
        runCase(variant, dir, size, stones, Algorithm::AlphaBeta, 4);
    }
    bench::printFooter();
}
