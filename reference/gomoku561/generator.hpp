// Random legal gomoku561 problems: positions reached by alternating legal play from the empty board
// (black first), never through a five, on 15x15 to 25x25 boards, with the side to move as the player;
// sometimes the empty board. Shrinks towards fewer stones, smaller depth and smaller boards.
#pragma once

#include <rapidcheck.h>

#include <tuple>
#include <string>
#include <vector>

#include "reference/gomoku561/problem.hpp"

namespace plyjudge::gomoku561 {

// Plays `choices` from the empty N x N board: each choice picks a legal move (modulo their number),
// skipping moves that would make five (a finished game is not an input). Returns the stones and the
// side to move.
inline Problem playOut(int size, const std::vector<unsigned>& choices) {
    const Game game(size, Player::Black);
    State s = game.makeState({}, {}, Player::Black);
    MoveBuffer<Game> moves;
    for (unsigned choice : choices) {
        const int n = game.generateMoves(s, moves);
        bool played = false;
        for (int k = 0; k < n && !played; ++k) {
            const Move m = moves[(choice + static_cast<unsigned>(k)) % static_cast<unsigned>(n)];
            if (game.score(s, m, s.toMove).wins) continue;
            game.play(s, m);
            played = true;
        }
        if (!played) break;  // every move wins (or none is left): stop before the game ends
    }
    return problemAt(size, s);
}

// Problems with depth 1..maxDepth (tests use 1-3; the searches grow fast with the stone count) and
// up to maxStones stones.
inline rc::Gen<Problem> problems(int maxDepth = 3, int maxStones = 30) {
    using Choices = std::vector<unsigned>;
    // One case in ten is the empty board (a lone centre move); otherwise 1..maxStones stones.
    const auto stones = rc::gen::weightedOneOf<int>({{1, rc::gen::just(0)}, {9, rc::gen::inRange(1, maxStones + 1)}});
    const auto choices = rc::gen::mapcat(stones, [](int count) {
        return rc::gen::container<Choices>(static_cast<std::size_t>(count), rc::gen::inRange(0u, 1024u));
    });
    return rc::gen::map(
        rc::gen::tuple(rc::gen::inRange(kMinSize, kMaxSize + 1), choices,
                       rc::gen::inRange(1, 4), rc::gen::inRange(1, maxDepth + 1)),
        [](const std::tuple<int, Choices, int, int>& t) {
            Problem p = playOut(std::get<0>(t), std::get<1>(t));
            const int task = std::get<2>(t);
            p.algorithm = task == 1 ? Algorithm::Greedy : task == 2 ? Algorithm::Minimax : Algorithm::AlphaBeta;
            p.depth = std::get<3>(t);
            return p;
        });
}

// Positions made for the evaluation's corner cases: a short pattern of stones along one line, starting at or
// near the board's edge (runs the edge blocks, a gap whose stone makes six, an opponent four with an open far
// end, a lone corner stone that keeps a depth-3 tree small). Never a five: stones that would make one are
// left out.
inline rc::Gen<Problem> patternProblems() {
    static const std::vector<std::string> kPatterns = {"bb.bbb", "bbb.b",  "b.bbb", ".bbbb", "bbbb.", "wwww.", ".wwww", "bwww.",
                                                      "bbb.",   ".bbb",   "bb.",   "wbbb.", "bw",    "b",     "bb",    "ww.b"};
    return rc::gen::map(
        rc::gen::tuple(rc::gen::inRange(kMinSize, kMaxSize + 1), rc::gen::inRange<std::size_t>(0, kPatterns.size()), rc::gen::inRange(0, 4),
                       rc::gen::inRange(0, 3), rc::gen::inRange(0, 25), rc::gen::arbitrary<bool>(), rc::gen::arbitrary<bool>(),
                       rc::gen::arbitrary<bool>(), rc::gen::inRange(1, 4), rc::gen::inRange(1, 4)),
        [](const auto& t) {
            const auto& [size, pattern, direction, offset, across, mirror, swapColours, white, task, depth] = t;
            constexpr int steps[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
            const std::string& text = kPatterns[pattern];
            const int length = static_cast<int>(text.size());
            const int dc = steps[direction][0], dr = steps[direction][1];
            // The start: `offset` from the left edge, or the bottom edge for a vertical line; `across` places the
            // line along the other coordinate, wherever the pattern still fits.
            int c = dc ? offset : across % size;
            int r = dr > 0 ? 1 + (dc ? across % (size - length) : offset) : dr < 0 ? size - across % (size - length) : 1 + across % size;
            Problem p;
            p.size = size;
            const Game game(size, Player::Black);
            for (int k = 0; k < length; ++k, c += dc, r += dr) {
                if (text[k] == '.' || c < 0 || c >= size || r < 1 || r > size) continue;
                const int point = game.pointOf(mirror ? size - 1 - c : c, r);
                PointSet& stones = (text[k] == 'b') != swapColours ? p.black : p.white;
                stones.set(point);
                if (game.hasFiveThrough(stones, point)) stones.reset(point);
            }
            p.player = white ? Player::White : Player::Black;
            p.algorithm = task == 1 ? Algorithm::Greedy : task == 2 ? Algorithm::Minimax : Algorithm::AlphaBeta;
            p.depth = depth;
            if (length <= 2 && offset == 0) {  // a corner: few candidates, so alpha-beta goes three plies deep
                p.black = p.white = PointSet{};
                (swapColours ? p.white : p.black).set(game.pointOf(mirror ? size - 1 : 0, 1));
                p.algorithm = Algorithm::AlphaBeta;
                p.depth = 3;
            }
            return p;
        });
}

// Inputs one step simpler than `input`, for the fuzzer's shrinking (simplify.cpp; see InputGenerator::simpler).
std::vector<std::string> simplerInputs(const std::string& input);

}  // namespace plyjudge::gomoku561
