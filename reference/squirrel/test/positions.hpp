// Hand-made squirrel positions for the tests, written as the input file's picture.
#pragma once

#include <string>

#include "reference/squirrel/problem.hpp"

namespace plyjudge::squirrel::test {

// 5 value lines with every value 1.
inline const std::string kOnes = "1 1 1 1 1\n1 1 1 1 1\n1 1 1 1 1\n1 1 1 1 1\n1 1 1 1 1\n";

// The official samples' values and board (cases/squirrel/published/sample1..5).
inline const std::string kSampleValues =
    "20 16 1 32 30\n20 12 2 11 8\n28 48 9 1 1\n20 12 10 6 2\n25 30 23 21 10\n";
inline const std::string kSampleBoard = "**XX*\n**XOX\n***O*\n**OO*\n*****\n";

// An input text: the header lines (task, players, depths…), then values and board, each ending in '\n'.
inline std::string inputOf(const std::string& header, const std::string& values, const std::string& board) {
    return header + values + board;
}

inline Problem problemOf(const std::string& header, const std::string& values, const std::string& board) {
    return parseProblem(InputText(inputOf(header, values, board), "input.txt"));
}

}  // namespace plyjudge::squirrel::test
