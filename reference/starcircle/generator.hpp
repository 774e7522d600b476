// Random legal starcircle problems: pieces on dark squares only, stacks only on their owner's last row,
// at least one piece each, strictly increasing row values. Shrinks towards fewer pieces, smaller depth
// and simpler values.
#pragma once

#include <rapidcheck.h>

#include <algorithm>
#include <string>
#include <vector>

#include "reference/starcircle/problem.hpp"

namespace plyjudge::starcircle {

struct Placement {
    int square;      // 0..63, mapped to a dark square
    bool star;
    int stack;       // extra pieces when on the owner's last row
};

// maxDepth and maxPlacements bound the search cost of generated problems.
inline rc::Gen<Problem> problems(int maxDepth = 6, std::size_t maxPlacements = 14) {
    const auto placement = rc::gen::build<Placement>(rc::gen::set(&Placement::square, rc::gen::inRange(0, 64)),
                                                     rc::gen::set(&Placement::star, rc::gen::arbitrary<bool>()),
                                                     rc::gen::set(&Placement::stack, rc::gen::inRange(0, 3)));
    return rc::gen::map(
        rc::gen::tuple(rc::gen::container<std::vector<Placement>>(placement), rc::gen::inRange(0, 64),
                       rc::gen::inRange(0, 64), rc::gen::arbitrary<bool>(), rc::gen::arbitrary<bool>(),
                       rc::gen::inRange(1, maxDepth + 1),
                       rc::gen::container<std::vector<int>>(8, rc::gen::inRange(1, 30))),
        [maxPlacements](const auto& t) {
            const auto& [placements, firstStar, firstCircle, circleMoves, alphaBeta, depth, steps] = t;
            Problem p;
            p.player = circleMoves ? Player::Circle : Player::Star;
            p.algorithm = alphaBeta ? Algorithm::AlphaBeta : Algorithm::Minimax;
            p.depth = depth;
            // Any square index maps onto the dark square in the same row (column shifted if light).
            auto dark = [](int square) {
                int row = square / 8 + 1, column = square % 8 + 1;
                if (!isDark(row, column)) column = column == 8 ? 7 : column + 1;
                return squareOf(row, column);
            };
            // Places a piece (a stack on the owner's last row) on the first empty dark square from `square` on;
            // with `skipTaken`, not at all when that square is taken, so that each placement stands for one
            // square whatever the others do (removing one while shrinking moves no other piece).
            auto place = [&](int square, bool star, int extra, bool skipTaken) {
                const Player owner = star ? Player::Star : Player::Circle;
                for (int k = 0; k < (skipTaken ? 1 : 64); ++k) {
                    const int s = dark((square + 2 * k) % 64);
                    if (p.board.cells[s] != 0) continue;
                    const int count = rowOf(s) == lastRowOf(owner) ? 1 + extra : 1;
                    p.board.cells[s] = static_cast<std::int8_t>(star ? count : -count);
                    return;
                }
            };
            // One piece each first, so both sides always have one.
            place(firstStar, true, 0, false);
            place(firstCircle, false, 0, false);
            for (std::size_t i = 0; i < placements.size() && i < maxPlacements; ++i) {
                place(placements[i].square, placements[i].star, placements[i].stack, true);
            }
            int value = 0;
            for (int i = 0; i < 8; ++i) p.rowValues[i] = value += steps[i];
            return p;
        });
}

// Inputs one step simpler than `input`, for the fuzzer's shrinking (simplify.cpp; see InputGenerator::simpler).
std::vector<std::string> simplerInputs(const std::string& input);

}  // namespace plyjudge::starcircle
