// A squirrel input file, parsed and checked (docs/variants/squirrel.md, "Input format"), and
// written back.
#pragma once

#include <array>
#include <string>

#include "reference/core/input_text.hpp"
#include "reference/core/search.hpp"
#include "reference/squirrel/rules.hpp"

namespace plyjudge::squirrel {

// The input's task numbers, also its algorithm codes in a battle (1 greedy, 2 minimax, 3 alpha-beta).
inline constexpr int kTaskBattle = 4;

// One searching player: who, with which algorithm, to which cut-off depth.
struct Side {
    Player player = Player::X;
    Algorithm algorithm = Algorithm::Greedy;
    int depth = 1;  // as given; a greedy search ignores it
    bool operator==(const Side&) const = default;
};

struct Problem {
    int task = 1;  // 1 greedy, 2 minimax, 3 alpha-beta, 4 battle
    // Tasks 1-3: the player to move, the task's algorithm and the depth. Task 4: the player moving first.
    Side first;
    // Task 4 only: the other player (left default-constructed for tasks 1-3).
    Side second;
    Values values{};
    std::array<Mask, 2> pieces{};  // the board, indexed by Player

    // The state the first player moves from.
    State root() const { return makeState(pieces, first.player, values); }
    bool operator==(const Problem&) const = default;
};

// Throws InputError naming the line and what was expected.
Problem parseProblem(const InputText& input);

// The input file text of a problem (LF, final newline): parseProblem(formatProblem(p)) == p.
std::string formatProblem(const Problem& problem);

// The 5 board lines of a state, '*' 'X' 'O', joined by '\n' (29 characters).
std::string boardText(const State& state);

Algorithm algorithmOfCode(int code);  // 1..3
int codeOf(Algorithm algorithm);

}  // namespace plyjudge::squirrel
