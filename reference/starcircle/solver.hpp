// Solving a starcircle problem with the shared search core.
#pragma once

#include <cstdint>
#include <string>

#include "reference/core/dialect.hpp"
#include "reference/starcircle/problem.hpp"

namespace plyjudge::starcircle {

struct Solution {
    std::string move;          // "F4-H2" or "pass"
    Value myopicUtility = 0;   // E right after the chosen move
    Value farsightedUtility = 0;  // the root's backed-up value
    std::uint64_t nodes = 0;
};

// Under `dialect`'s faults (faults.hpp) the solution a program with those mistakes writes.
Solution solveProblem(const Problem& problem, const Dialect& dialect = {});

// output.txt: the four answer lines, LF-separated, no final newline.
std::string answerText(const Solution& solution);

}  // namespace plyjudge::starcircle
