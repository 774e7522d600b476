// Reversi rules on hand-made positions (docs/variants/reversi.md, "Rules").
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "reference/reversi/problem.hpp"
#include "reference/reversi/rules.hpp"
#include "testsupport/move_names.hpp"

namespace plyjudge::reversi {
namespace {

State parseBoard(const std::string& player, const std::string& rows) {
    return parseProblem(InputText(player + "\n1\n" + rows, "test")).root;
}

std::vector<std::string> moveNames(const State& s) { return testing::moveNames(Game(s.toMove), s); }

const std::string kStart = "********\n********\n********\n***OX***\n***XO***\n********\n********\n********\n";

TEST(ReversiRules, StartPositionMovesInPositionalOrder) {
    EXPECT_EQ(moveNames(parseBoard("X", kStart)), (std::vector<std::string>{"d3", "c4", "f5", "e6"}));
    EXPECT_EQ(moveNames(parseBoard("O", kStart)), (std::vector<std::string>{"e3", "f4", "c5", "d6"}));
}

TEST(ReversiRules, FlipsInAllEightDirectionsAtOnce) {
    // X plays d4, surrounded by O runs ending in X pieces in all 8 directions.
    const std::string rows =
        "X**X**X*\n"
        "*O*O*O**\n"
        "**OOO***\n"
        "XOO*OOX*\n"
        "**OOO***\n"
        "*O*O*O**\n"
        "X**X**X*\n"
        "********\n";
    State s = parseBoard("X", rows);
    const Game game(Player::Black);
    game.play(s, 3 * 8 + 3);  // d4
    const std::string after = boardText(s);
    EXPECT_EQ(after,
              "X**X**X*\n*X*X*X**\n**XXX***\nXXXXXXX*\n**XXX***\n*X*X*X**\nX**X**X*\n********");
}

TEST(ReversiRules, RunsMustBeBracketedAndNeverWrapAroundTheEdge) {
    // O at h4 followed by X at a5 (the next index): a move at g4 must not "wrap" to a5.
    const std::string rows =
        "********\n********\n********\n******OO\nX*******\n********\n********\n********\n";
    State s = parseBoard("X", rows);
    EXPECT_EQ(legalMoves(s, Player::Black), 0u);
    EXPECT_EQ(moveNames(s), (std::vector<std::string>{"pass"}));
}

TEST(ReversiRules, PassesAreMovesAndTwoConsecutivePassesEndTheGame) {
    const Game game(Player::Black);
    // One side wiped out: neither can move; the game ends only through two passes.
    State s = parseBoard("X", "********\n********\n********\n***XX***\n****XX**\n***XX***\n********\n********\n");
    EXPECT_FALSE(game.isTerminal(s));
    EXPECT_EQ(moveNames(s), (std::vector<std::string>{"pass"}));
    game.play(s, kPass);
    EXPECT_FALSE(game.isTerminal(s));
    EXPECT_EQ(s.toMove, Player::White);
    game.play(s, kPass);
    EXPECT_TRUE(game.isTerminal(s));
}

TEST(ReversiRules, AMoveResetsThePassCount) {
    const Game game(Player::Black);
    // X in the corner a1 cannot be bracketed by O; X brackets O's b1 from c1.
    State s = parseBoard("O", "XO******\n********\n********\n********\n********\n********\n********\n********\n");
    EXPECT_EQ(moveNames(s), (std::vector<std::string>{"pass"}));
    game.play(s, kPass);
    EXPECT_EQ(s.consecutivePasses, 1);
    EXPECT_EQ(moveNames(s), (std::vector<std::string>{"c1"}));
    game.play(s, 2);
    EXPECT_EQ(s.consecutivePasses, 0);
}

TEST(ReversiRules, EvaluationUsesPositionalWeightsFromTheRootPlayersSide) {
    const State s = parseBoard("X", "X******O\n********\n********\n********\n********\n********\n*X******\n********\n");
    EXPECT_EQ(Game(Player::Black).evaluate(s), 99 - 24 - 99);
    EXPECT_EQ(Game(Player::White).evaluate(s), 99 - (99 - 24));
}

}  // namespace
}  // namespace plyjudge::reversi
