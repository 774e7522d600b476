// Task 4, the battle simulation: the two players alternate from the given state, each choosing its move
// with its own algorithm, depth and perspective through the shared search core, until the board is full.
#pragma once

#include <vector>

#include "reference/core/output_file.hpp"
#include "reference/squirrel/problem.hpp"

namespace plyjudge::squirrel {

// The state after every move, in order: exactly as many states as the input board has empty squares.
std::vector<State> playBattle(const Problem& problem);

// trace_state.txt: every state's 5 board lines, no separator between states.
void writeTrace(OutputFile& out, const std::vector<State>& states);

}  // namespace plyjudge::squirrel
