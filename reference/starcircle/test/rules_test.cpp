// Move generation and evaluation on hand-made positions (docs/variants/starcircle.md, "Rules", "Expansion order").
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "reference/starcircle/rules.hpp"
#include "testsupport/move_names.hpp"

namespace plyjudge::starcircle {
namespace {

// Builds a board from "square:cell" items, e.g. {"F4:S1", "H2:S2"}.
Board board(const std::vector<std::string>& items) {
    Board b;
    for (const std::string& item : items) {
        const int row = item[0] - 'A' + 1, column = item[1] - '0';
        const int count = std::stoi(item.substr(4));
        b.cells[squareOf(row, column)] = static_cast<std::int8_t>(item[3] == 'S' ? count : -count);
    }
    return b;
}

std::vector<std::string> moves(const Board& b, Player p) {
    return testing::moveNames(Game(p, {1, 2, 3, 4, 5, 6, 7, 8}), makeState(b, p));
}

TEST(StarcircleRules, SpecOrderingExample) {
    // "C3-D2 before C3-D4; E5-F4 before both".
    EXPECT_EQ(moves(board({"C3:S1", "E5:S1", "A1:C1"}), Player::Star),
              (std::vector<std::string>{"E5-F4", "E5-F6", "C3-D2", "C3-D4"}));
}

TEST(StarcircleRules, StarJumpsComeBeforeStepsOfTheSamePieceCircleStepsBeforeJumps) {
    // Star on C3 with a circle on D4: jump to E5 (upper row) first, then the step to D2.
    EXPECT_EQ(moves(board({"C3:S1", "D4:C1"}), Player::Star), (std::vector<std::string>{"C3-E5", "C3-D2"}));
    // Circle on F4 with a star on E5: step to E3 (upper row), then the jump to D6.
    EXPECT_EQ(moves(board({"F4:C1", "E5:S1"}), Player::Circle), (std::vector<std::string>{"F4-E3", "F4-D6"}));
}

TEST(StarcircleRules, JumpNeedsAnEmptyLandingOrOwnStackOnTheLastRow) {
    // Example 1's position: F4 jumps G3 onto H2 where a star already stands.
    EXPECT_EQ(moves(board({"H2:S1", "G3:C1", "F4:S1"}), Player::Star), (std::vector<std::string>{"F4-H2", "F4-G5"}));
    // Landing square held by the opponent: no jump; by the mover off its last row: no jump either.
    EXPECT_EQ(moves(board({"C3:S1", "D4:C1", "E5:C1", "D2:S1"}), Player::Star), (std::vector<std::string>{"D2-E1", "D2-E3"}));
}

TEST(StarcircleRules, PiecesOnTheirLastRowNeverMoveAndStacksGrow) {
    EXPECT_EQ(moves(board({"H2:S3", "A1:C1"}), Player::Star), (std::vector<std::string>{"pass"}));
    const Game game(Player::Star, {1, 2, 3, 4, 5, 6, 7, 8});
    State s = makeState(board({"H2:S2", "G1:S1", "A1:C1"}), Player::Star);
    game.play(s, makeMove(squareOf(7, 1), squareOf(8, 2)));
    EXPECT_EQ(s.board.cells[squareOf(8, 2)], 3);
    EXPECT_EQ(s.board.cells[squareOf(7, 1)], 0);
}

TEST(StarcircleRules, AJumpCapturesExactlyOnePieceAndWipingOutEndsTheGame) {
    const Game game(Player::Star, {1, 2, 3, 4, 5, 6, 7, 8});
    State s = makeState(board({"C3:S1", "D4:C1"}), Player::Star);
    EXPECT_FALSE(game.isTerminal(s));
    game.play(s, makeMove(squareOf(3, 3), squareOf(5, 5)));
    EXPECT_EQ(s.board.cells[squareOf(4, 4)], 0);
    EXPECT_EQ(s.circlePieces, 0);
    EXPECT_TRUE(game.isTerminal(s));
}

TEST(StarcircleRules, TwoConsecutivePassesEndTheGameButOnePassDoesNot) {
    const Game game(Player::Star, {1, 2, 3, 4, 5, 6, 7, 8});
    State s = makeState(board({"H2:S1", "A1:C1"}), Player::Star);
    game.play(s, kPass);
    EXPECT_FALSE(game.isTerminal(s));
    game.play(s, kPass);
    EXPECT_TRUE(game.isTerminal(s));
}

TEST(StarcircleRules, EvaluationCountsStackedPiecesWithEachSidesRowWeights) {
    // Example 4 from Circle's side: Circle F8 weighs v3 = 30; stars: H2 x2 at 80, G1 70, E7 50, D6 40.
    const Game game(Player::Circle, {10, 20, 30, 40, 50, 60, 70, 80});
    const State s = makeState(board({"H2:S2", "G1:S1", "F8:C1", "E7:S1", "D6:S1"}), Player::Circle);
    EXPECT_EQ(game.evaluate(s), 30 - (160 + 70 + 50 + 40));
}

}  // namespace
}  // namespace plyjudge::starcircle
