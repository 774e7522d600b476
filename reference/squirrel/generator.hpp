// Random legal squirrel problems: values 1..99, any mix of X, O and empty squares with at least one empty
// square, tasks 1-4 (a battle with two different players and algorithms 1-3). Shrinks towards fewer
// pieces (cells shrink to empty), greedy tasks, smaller depths and values of 1.
#pragma once

#include <rapidcheck.h>

#include <tuple>
#include <string>
#include <vector>

#include "reference/squirrel/problem.hpp"

namespace plyjudge::squirrel {

// maxDepth bounds the search cost of generated problems: a minimax node has at most 24 children, so
// tests keep it at 2-3.
inline rc::Gen<Problem> problems(int maxDepth = 3) {
    // 0 and 1 empty, 2 X, 3 O: half the squares empty on average, and a cell shrinks towards 0 (empty).
    const auto cell = rc::gen::inRange(0, 4);
    const auto depth = rc::gen::inRange(1, maxDepth + 1);
    return rc::gen::map(
        rc::gen::tuple(rc::gen::inRange(1, 5), rc::gen::arbitrary<bool>(), depth, rc::gen::inRange(1, 4),
                       rc::gen::inRange(1, 4), depth, rc::gen::container<std::vector<int>>(kSquares, cell),
                       rc::gen::inRange(0, kSquares), rc::gen::container<std::vector<int>>(kSquares, rc::gen::inRange(1, 100))),
        [](const auto& t) {
            const auto& [task, oFirst, firstDepth, firstCode, secondCode, secondDepth, cells, hole, values] = t;
            Problem p;
            p.task = task;
            p.first.player = oFirst ? Player::O : Player::X;
            p.first.depth = firstDepth;
            if (task == kTaskBattle) {
                p.first.algorithm = algorithmOfCode(firstCode);
                p.second = Side{opponent(p.first.player), algorithmOfCode(secondCode), secondDepth};
            } else {
                p.first.algorithm = algorithmOfCode(task);
            }
            for (int s = 0; s < kSquares; ++s) {
                p.values[s] = values[s];
                // `hole` stays empty, so there is always a move to make.
                if (s != hole && cells[s] >= 2) p.pieces[cells[s] - 2] |= bitOf(s);
            }
            return p;
        });
}

// Inputs one step simpler than `input`, for the fuzzer's shrinking (simplify.cpp; see InputGenerator::simpler).
std::vector<std::string> simplerInputs(const std::string& input);

}  // namespace plyjudge::squirrel
