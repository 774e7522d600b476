// Task 4, the battle simulation: the two players alternate from the given state, each choosing its move
// with its own algorithm, depth and perspective through the shared search core, until the board is full.
#pragma once

#include <functional>
#include <vector>

#include "reference/core/dialect.hpp"
#include "reference/squirrel/problem.hpp"

namespace plyjudge::squirrel {

// Calls onState with the state after every move, in order: as many states as the input board has empty
// squares. Under `dialect` every search of both players has the dialect's faults.
void playBattle(const Problem& problem, const Dialect& dialect, const std::function<void(const State&)>& onState);

// The states of playBattle, collected.
std::vector<State> playBattle(const Problem& problem);

}  // namespace plyjudge::squirrel
