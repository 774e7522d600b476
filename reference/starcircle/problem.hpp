// A starcircle input file, parsed and checked (docs/variants/starcircle.md, "Input format").
#pragma once

#include <array>
#include <string>

#include "reference/core/input_text.hpp"
#include "reference/core/search.hpp"
#include "reference/starcircle/rules.hpp"

namespace plyjudge::starcircle {

struct Problem {
    Player player = Player::Star;
    Algorithm algorithm = Algorithm::Minimax;
    int depth = 1;
    Board board;
    std::array<int, 8> rowValues{};
};

// Throws InputError naming the line and what was expected.
Problem parseProblem(const InputText& input);

// The input file text of a problem (LF, final newline): parseProblem(formatProblem(p)) == p.
std::string formatProblem(const Problem& problem);

}  // namespace plyjudge::starcircle
