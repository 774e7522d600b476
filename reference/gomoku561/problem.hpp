// A gomoku561 input file, parsed and checked (docs/variants/gomoku561.md, "Input format"),
// and written back (formatProblem) for generated cases.
#pragma once

#include <string>

#include "reference/core/input_text.hpp"
#include "reference/core/search.hpp"
#include "reference/gomoku561/rules.hpp"

namespace plyjudge::gomoku561 {

struct Problem {
    Algorithm algorithm = Algorithm::Greedy;  // task 1 greedy, 2 minimax, 3 alpha-beta
    Player player = Player::Black;            // the root player (max), also the side to move
    long long depth = 1;                      // 1..4 for tasks 2-3; any whole number for greedy (ignored)
    int size = kMinSize;                      // N
    PointSet black;
    PointSet white;

    bool operator==(const Problem&) const = default;
};

int taskOf(Algorithm algorithm);  // 1, 2 or 3

// Throws InputError naming the line and what was expected.
Problem parseProblem(const InputText& input);

// The input file's text for `problem` (LF line ends, final newline): parseProblem reads it back equal.
std::string formatProblem(const Problem& problem);

// The search game and the root state of a problem.
Game gameOf(const Problem& problem);
State rootOf(const Problem& problem, const Game& game);

// The N board lines of a state, top row (row N) first, `b` `w` `.`, joined by '\n'.
std::string boardText(const Game& game, const State& state);

// The problem whose board is the position `s` of an N x N game, `s`'s side to move (the rest as Problem's defaults).
inline Problem problemAt(int size, const State& s) {
    Problem p;
    p.size = size;
    p.black = s.stonesOf(Player::Black);
    p.white = s.stonesOf(Player::White);
    p.player = s.toMove;
    return p;
}

}  // namespace plyjudge::gomoku561
