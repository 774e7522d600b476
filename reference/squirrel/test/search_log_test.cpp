// Logs worked out by hand from the spec for positions where the board fills up above the cut-off depth
// (docs/variants/squirrel.md, "Evaluation", "Traverse log").
#include <gtest/gtest.h>

#include "reference/squirrel/test/positions.hpp"
#include "reference/core/traverse_log.hpp"
#include "reference/variant.hpp"
#include "testsupport/golden.hpp"

namespace plyjudge::squirrel {
namespace {

const Variant& squirrelVariant() { return *findVariant("squirrel"); }

// Two empty squares, A1 (10) and B1 (20); O holds C1 (5); X holds the other 22 squares (1 each): E = 17.
// X takes A1 (raid from A2, nothing to convert): 27; then O takes B1, a raid from C1 converting A1 and B2:
//   27 - 20 - 2*10 - 2*1 = -15, a full board: a leaf at depth 2 although the cut-off is 5.
// X takes B1 (raid from B2 converting C1): 17 + 20 + 2*5 = 47; then O, with no piece left, sneaks into A1:
//   47 - 10 = 37, full. The root takes B1 with 37.
const std::string kValues = "10 20 5 1 1\n1 1 1 1 1\n1 1 1 1 1\n1 1 1 1 1\n1 1 1 1 1\n";
const std::string kBoard = "**OXX\nXXXXX\nXXXXX\nXXXXX\nXXXXX\n";
const std::string kNext = "*XXXX\nXXXXX\nXXXXX\nXXXXX\nXXXXX";

TEST(SquirrelSearchLog, MinimaxStopsAtAFullBoardAboveTheCutoff) {
    const std::string input = test::inputOf("2\nX\n5\n", kValues, kBoard);
    EXPECT_EQ(testing::solveText(squirrelVariant(), input, "traverse_log.txt"),
              "Node,Depth,Value\nroot,0,-Infinity\nA1,1,Infinity\nB1,2,-15\nA1,1,-15\nroot,0,-15\n"
              "B1,1,Infinity\nA1,2,37\nB1,1,37\nroot,0,37");
    EXPECT_EQ(testing::solveText(squirrelVariant(), input, "next_state.txt"), kNext);
}

TEST(SquirrelSearchLog, AlphaBetaStopsAtAFullBoardAboveTheCutoff) {
    const std::string input = test::inputOf("3\nX\n5\n", kValues, kBoard);
    EXPECT_EQ(testing::solveText(squirrelVariant(), input, "traverse_log.txt"),
              "Node,Depth,Value,Alpha,Beta\nroot,0,-Infinity,-Infinity,Infinity\nA1,1,Infinity,-Infinity,Infinity\n"
              "B1,2,-15,-Infinity,Infinity\nA1,1,-15,-Infinity,-15\nroot,0,-15,-15,Infinity\n"
              "B1,1,Infinity,-15,Infinity\nA1,2,37,-15,Infinity\nB1,1,37,-15,37\nroot,0,37,37,Infinity");
    EXPECT_EQ(testing::solveText(squirrelVariant(), input, "next_state.txt"), kNext);
}

TEST(SquirrelSearchLog, NodeCountIncludesOnlyTheStatesUpToTheFullBoard) {
    const Problem p = test::problemOf("2\nX\n5\n", kValues, kBoard);
    NullLog log;
    const auto r = search(Game(p.first.player, p.values), p.root(), SearchConfig{Algorithm::Minimax, 5}, log);
    EXPECT_EQ(r.nodes, 5u);  // root, A1, A1-B1, B1, B1-A1
    EXPECT_EQ(r.value, 37);
}

TEST(SquirrelSearchLog, OneEmptySquareIsALeafAtDepthOne) {
    // O holds A1, X the rest but E5 (all values 1): X takes E5, 24 - 1 = 23.
    const std::string input = test::inputOf("2\nX\n3\n", test::kOnes, "OXXXX\nXXXXX\nXXXXX\nXXXXX\nXXXX*\n");
    EXPECT_EQ(testing::solveText(squirrelVariant(), input, "traverse_log.txt"),
              "Node,Depth,Value\nroot,0,-Infinity\nE5,1,23\nroot,0,23");
}

TEST(SquirrelSearchLog, ORootEvaluatesFromOsSide) {
    // The same position with O to move, so E = O's total - X's total.
    // O takes A1, a sneak (O's C1 is not adjacent): O 5 + 10 = 15, X 22; X then takes B1 (raid from B2) converting A1 and C1:
    //   X 22 + 20 + 10 + 5 = 57, O 0: E_O = -57.
    // O takes B1: a raid from C1 converting B2 (1): O 5 + 20 + 1 = 26, X 21: then X takes A1, a raid from A2
    //   converting B1: X 21 + 10 + 20 = 51, O 6: E_O = -45. O prefers B1 (-45 > -57).
    const std::string input = test::inputOf("2\nO\n2\n", kValues, kBoard);
    EXPECT_EQ(testing::solveText(squirrelVariant(), input, "traverse_log.txt"),
              "Node,Depth,Value\nroot,0,-Infinity\nA1,1,Infinity\nB1,2,-57\nA1,1,-57\nroot,0,-57\n"
              "B1,1,Infinity\nA1,2,-45\nB1,1,-45\nroot,0,-45");
    EXPECT_EQ(testing::solveText(squirrelVariant(), input, "next_state.txt"), "*OOXX\nXOXXX\nXXXXX\nXXXXX\nXXXXX");
}

}  // namespace
}  // namespace plyjudge::squirrel
