// Malformed reversi inputs of the spec's list: rejected with the line and what was expected.
#include <gtest/gtest.h>

#include "reference/reversi/problem.hpp"
#include "testsupport/bad_inputs.hpp"

namespace plyjudge::reversi {
namespace {

TEST(ReversiBadInput, EachMalformedInputNamesItsLine) {
    const std::string board = "********\n********\n********\n***OX***\n***XO***\n********\n********\n********\n";
    const std::vector<plyjudge::testing::BadInput> cases = {
        {"unknown player letter", "B\n2\n" + board, 1, "X (black) or O (white)"},
        {"depth 0", "X\n0\n" + board, 2, "whole number"},
        {"depth not a number", "X\ntwo\n" + board, 2, "whole number"},
        {"short board line", "X\n2\n*******\n" + board.substr(9), 3, "expected 8 cells"},
        {"bad cell", "X\n2\n" + board.substr(0, 27) + "***o*X**\n" + board.substr(36), 6, "expected *, X or O"},
        {"fewer than 8 board lines", "X\n2\n" + board.substr(0, 63), 10, "ends here"},
        {"empty file", "", 1, "ends here"},
    };
    ASSERT_NO_THROW(parseProblem(InputText("X\n2\n" + board, "input.txt")));
    plyjudge::testing::expectEachInputRefused(cases, [](const InputText& input) { return parseProblem(input); });
}

}  // namespace
}  // namespace plyjudge::reversi
