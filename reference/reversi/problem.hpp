// A reversi input file, parsed and checked (docs/variants/reversi.md, "Input format").
#pragma once

#include "reference/core/input_text.hpp"
#include "reference/reversi/rules.hpp"

namespace plyjudge::reversi {

struct Problem {
    Player player = Player::Black;
    int depth = 1;
    State root;
};

// Throws InputError naming the line and what was expected.
Problem parseProblem(const InputText& input);

// The input file text of a problem (LF, final newline): parseProblem(formatProblem(p)) == p.
std::string formatProblem(const Problem& problem);

// The 8 board lines of a state, '*' 'X' 'O', joined by '\n' (71 characters).
std::string boardText(const State& state);

}  // namespace plyjudge::reversi
