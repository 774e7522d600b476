// gomoku561 rules against the spec: coordinates, expansion order, legal moves, and every category of
// the move evaluation on hand-built lines (all 4 directions, both ray orientations, edges, corners).
// Expected values are the spec's category values, worked out by hand for each pattern.
#include <gtest/gtest.h>

#include <algorithm>

#include "reference/gomoku561/test/positions.hpp"

namespace plyjudge::gomoku561 {
namespace {

using namespace testing;

TEST(Gomoku561Coordinates, ColumnsFromTheLeftRowsFromTheBottom) {
    const Game g15(15, Player::Black);
    EXPECT_EQ(g15.moveName(static_cast<Move>(g15.pointOf(0, 1))), "A1");
    EXPECT_EQ(g15.moveName(static_cast<Move>(g15.pointOf(14, 15))), "O15");
    EXPECT_EQ(g15.moveName(static_cast<Move>(g15.pointOf(4, 5))), "E5");
    const Game g25(25, Player::Black);
    EXPECT_EQ(g25.moveName(static_cast<Move>(g25.pointOf(24, 25))), "Y25");  // no letter skipped: 25th is Y
    EXPECT_EQ(g25.moveName(static_cast<Move>(g25.pointOf(8, 13))), "I13");

    // The input's first board line is row N: a stone at its first character is A15 on 15x15.
    std::string board(15 * 16, '.');
    for (int i = 0; i < 15; ++i) board[i * 16 + 15] = '\n';
    board[0] = 'b';             // line 5: A15
    board[14 * 16 + 14] = 'w';  // last line, last character: O1
    const Problem p = parseProblem(InputText("1\n1\n1\n15\n" + board, "input.txt"));
    EXPECT_TRUE(p.black.test(g15.pointOf(0, 15)));
    EXPECT_TRUE(p.white.test(g15.pointOf(14, 1)));
    EXPECT_EQ(p.black.count() + p.white.count(), 2);
    // And boardText writes it back the same way.
    const Game game = gameOf(p);
    EXPECT_EQ(boardText(game, rootOf(p, game)) + "\n", board);
}

TEST(Gomoku561Coordinates, EmptyBoardHasOnlyTheCentre) {
    const std::vector<std::pair<int, std::string>> centres = {{15, "H8"}, {16, "I9"}, {19, "J10"}, {24, "M13"}, {25, "M13"}};
    for (const auto& [n, name] : centres) {
        const Position pos = positionWith(n, {});
        EXPECT_EQ(moveNames(pos.game, pos.state), std::vector<std::string>{name}) << n << "x" << n;
    }
}

TEST(Gomoku561Order, AlphanumericByColumnThenRowNumber) {
    // Stones at B9 and B13: their neighbours, A9 before A13 (numeric, not text, order).
    const Position pos = positionWith(15, {"bB9", "wB13"});
    EXPECT_EQ(moveNames(pos.game, pos.state),
              (std::vector<std::string>{"A8", "A9", "A10", "A12", "A13", "A14", "B8", "B10", "B12", "B14", "C8", "C9",
                                        "C10", "C12", "C13", "C14"}));
}

TEST(Gomoku561Order, LegalMovesAreEmptyPointsNextToAStoneIncludingEdgesAndCorners) {
    const Position pos = positionWith(15, {"bA1", "wO15", "bO1", "wH8", "bH9"});
    EXPECT_EQ(moveNames(pos.game, pos.state),
              (std::vector<std::string>{"A2", "B1", "B2", "G7", "G8", "G9", "G10", "H7", "H10", "I7", "I8", "I9", "I10",
                                        "N1", "N2", "N14", "N15", "O2", "O14"}));
}

TEST(Gomoku561Order, CandidatesAreUpdatedByEachMove) {
    const Position pos = positionWith(15, {});
    State s = pos.state;
    pos.game.play(s, static_cast<Move>(pointNamed(pos.game, "H8")));
    EXPECT_EQ(moveNames(pos.game, s), (std::vector<std::string>{"G7", "G8", "G9", "H7", "H9", "I7", "I8", "I9"}));
    pos.game.play(s, static_cast<Move>(pointNamed(pos.game, "I9")));
    EXPECT_EQ(moveNames(pos.game, s), (std::vector<std::string>{"G7", "G8", "G9", "H7", "H9", "H10", "I7", "I8", "I10",
                                                                "J8", "J9", "J10"}));
}

// Scores a move of `mover` at the '*' of `pattern` laid along line direction d of an N x N board
// (points outside the pattern are empty). A leading '|' puts the pattern's first point on the edge
// (the point before it is off the board), a trailing '|' its last point.
MoveScore scoreLine(int n, int d, std::string pattern, Player mover = Player::Black) {
    const int dc = kLineDirections[d][0], dr = kLineDirections[d][1];
    const bool atStart = pattern.front() == '|', atEnd = pattern.back() == '|';
    pattern.erase(std::remove(pattern.begin(), pattern.end(), '|'), pattern.end());
    const int m = static_cast<int>(pattern.size());
    const int midColumn = n / 2, midRow = n / 2 + 1;
    int c0 = midColumn - dc * (m / 2), r0 = midRow - dr * (m / 2);
    if (atStart) {
        c0 = dc == 1 ? 0 : midColumn;
        r0 = dc == 1 ? midRow : 1;
    } else if (atEnd) {
        const int lastColumn = dc == 1 ? n - 1 : midColumn, lastRow = dc == 1 ? midRow : n;
        c0 = lastColumn - dc * (m - 1);
        r0 = lastRow - dr * (m - 1);
    }
    const Game game(n, Player::Black);
    PointSet black, white;
    int move = -1;
    for (int i = 0; i < m; ++i) {
        const int point = game.pointOf(c0 + i * dc, r0 + i * dr);
        if (pattern[i] == 'b') black.set(point);
        else if (pattern[i] == 'w') white.set(point);
        else if (pattern[i] == '*') move = point;
    }
    return game.score(game.makeState(black, white, mover), move, mover);
}

struct LineCase {
    const char* pattern;  // black moves at '*'
    Value expected;
};

void expectEverywhere(const std::vector<LineCase>& cases) {
    for (const LineCase& c : cases) {
        std::string reversed(c.pattern);
        std::reverse(reversed.begin(), reversed.end());
        for (int n : {15, 25}) {
            for (int d = 0; d < 4; ++d) {
                for (const std::string& pattern : {std::string(c.pattern), reversed}) {
                    EXPECT_EQ(scoreLine(n, d, pattern).points, c.expected)
                        << "pattern " << pattern << " direction " << d << " board " << n;
                    // The same pattern with the colours swapped, white moving, scores the same.
                    std::string swapped = pattern;
                    for (char& ch : swapped) ch = ch == 'b' ? 'w' : ch == 'w' ? 'b' : ch;
                    EXPECT_EQ(scoreLine(n, d, swapped, Player::White).points, c.expected)
                        << "swapped pattern " << swapped << " direction " << d << " board " << n;
                }
            }
        }
    }
}

TEST(Gomoku561Evaluation, CreateTwos) {
    expectEverywhere({
        {".*b.", kCreateOpenTwo},      // 5
        {"w*b.", kCreateClosedTwo},    // 1: one end an opponent stone
        {"|*b.", kCreateClosedTwo},    // 1: one end off the board
        {"w*bw", 0},                   // both ends blocked
        {"|*bw", 0},
        {".*b.b.", kCreateOpenTwo},    // the gap ends the run
        {".*.b.", 0},                  // not a run
    });
}

TEST(Gomoku561Evaluation, CreateThrees) {
    expectEverywhere({
        {".*bb.", kCreateOpenThree},    // 50
        {".b*b.", kCreateOpenThree},    // the new stone in the middle
        {"w*bb.", kCreateClosedThree},  // 10
        {"|b*b.", kCreateClosedThree},
        {"w*bbw", 0},
        {"|bb*w", 0},
    });
}

TEST(Gomoku561Evaluation, CreateFours) {
    expectEverywhere({
        {".*bbb.", kCreateOpenFour},     // 5000
        {".b*bb.", kCreateOpenFour},
        {"w*bbb.", kCreateClosedFour},   // 1000
        {"|bb*b.", kCreateClosedFour},
        {"wbb*bw", 0},
        {"|*bbbw", 0},
    });
}

TEST(Gomoku561Evaluation, FiveAndMoreThanFiveWin) {
    expectEverywhere({
        {".*bbbb.", kWin},
        {"w*bbbbw", kWin},            // blocked ends do not matter
        {"|bb*bb.", kWin},
        {".bb*bbb.", kWin},           // six
        {".bbbb*bbbb.", kWin},        // nine
    });
    EXPECT_TRUE(scoreLine(15, 0, ".*bbbb.").wins);
    EXPECT_TRUE(scoreLine(25, 3, ".bb*bbb.").wins);
    EXPECT_FALSE(scoreLine(15, 2, ".*bbb.").wins);
}

TEST(Gomoku561Evaluation, Blocks) {
    expectEverywhere({
        {".*wwwwb", kBlockClosedFour},  // 10000: the far end is the mover's stone
        {".*wwww|", kBlockClosedFour},  // ... or off the board
        {".*wwww.", 0},                 // an open four: no category in the text
        {"|*wwww.", 0},
        {".*www.", kBlockOpenThree},    // 500
        {".*wwwb", kBlockClosedThree},  // 100
        {".*www|", kBlockClosedThree},
        {".*ww.", 0},
        {".*ww|", 0},
        {".*w.ww.", 0},                 // the run starts next to the new stone
        {"..*.www.", 0},
    });
}

TEST(Gomoku561Evaluation, SumsOverBothRaysOfALineAndOverCreateAndBlock) {
    expectEverywhere({
        {".www*www.", 2 * kBlockOpenThree},                     // 1000
        {"bwww*www.", kBlockClosedThree + kBlockOpenThree},     // 600
        {"|www*www.", kBlockClosedThree + kBlockOpenThree},
        {"b*www.", kCreateClosedTwo + kBlockOpenThree},         // 501: b* is open at the left, blocked at the right
        {".bb*wwwb", kCreateClosedThree + kBlockClosedThree},   // 110
        {".wwww*wwww.", 0},
        {"bwwww*wwwwb", 2 * kBlockClosedFour},
    });
}

Value scoreAt(int n, const std::vector<std::string>& stones, const char* move, Player mover = Player::Black) {
    const Position pos = positionWith(n, stones, mover);
    return pos.game.score(pos.state, pointNamed(pos.game, move), mover).points;
}

TEST(Gomoku561Evaluation, Corners) {
    EXPECT_EQ(scoreAt(15, {"bB2", "bC3", "bD4"}, "A1"), kCreateClosedFour);
    EXPECT_EQ(scoreAt(15, {"bB1", "bC1"}, "A1"), kCreateClosedThree);
    EXPECT_EQ(scoreAt(15, {"bA2", "bA3", "bA4", "wA5"}, "A1"), 0);
    EXPECT_EQ(scoreAt(15, {"bN14", "bM13", "bL12", "bK11"}, "O15"), kWin);
    EXPECT_EQ(scoreAt(25, {"bX24", "bW23", "bV22", "bU21"}, "Y25"), kWin);
    EXPECT_EQ(scoreAt(25, {"bX24", "bW23", "bV22"}, "Y25"), kCreateClosedFour);
    EXPECT_EQ(scoreAt(15, {"wB2", "wC3", "wD4", "wE5"}, "A1"), 0);  // open four
    EXPECT_EQ(scoreAt(15, {"wB2", "wC3", "wD4", "wE5", "bF6"}, "A1"), kBlockClosedFour);
    EXPECT_EQ(scoreAt(15, {"wA2", "wA3", "wA4"}, "A1"), kBlockOpenThree);
    EXPECT_EQ(scoreAt(15, {"wB1", "wC1", "wD1", "bE1"}, "A1"), kBlockClosedThree);
    EXPECT_EQ(scoreAt(15, {"wN2", "wM3", "wL4", "wK5"}, "O1"), 0);
    EXPECT_EQ(scoreAt(15, {"wN2", "wM3", "wL4", "wK5", "bJ6"}, "O1"), kBlockClosedFour);
    EXPECT_EQ(scoreAt(25, {"wY24", "wY23", "wY22", "wY21"}, "Y25"), 0);
    EXPECT_EQ(scoreAt(25, {"wY24", "wY23", "wY22", "wY21", "bY20"}, "Y25"), kBlockClosedFour);
    // The five along an edge line towards a corner.
    EXPECT_EQ(scoreAt(25, {"wU1", "wV1", "wW1", "wX1"}, "Y1", Player::White), kWin);
}

TEST(Gomoku561Evaluation, SumOverAllFourLines) {
    // E5: horizontal open two (F5), vertical open three (E6, E7), diagonal open four (F6, G7, H8), and
    // the anti-diagonal ray to the north-west blocks an open three (D6, C7, B8; A9 empty).
    const std::vector<std::string> stones = {"bF5", "bE6", "bE7", "bF6", "bG7", "bH8", "wD6", "wC7", "wB8"};
    EXPECT_EQ(scoreAt(15, stones, "E5"), kCreateOpenTwo + kCreateOpenThree + kCreateOpenFour + kBlockOpenThree);
    EXPECT_EQ(scoreAt(15, stones, "E5"), 5555);
}

// The text's example: blockOpenThree + createClosedFour = 1500 for max, -1500 for min.
TEST(Gomoku561Evaluation, TheTextsExampleAndTheSignForMin) {
    const std::vector<std::string> stones = {"wC5", "bD5", "bE5", "bF5", "wG6", "wG7", "wG8"};
    EXPECT_EQ(scoreAt(15, stones, "G5"), 1500);
    // And with the colours swapped, white moving: +1500 when white is the root player, -1500 when black is.
    const std::vector<std::string> swapped = {"bC5", "wD5", "wE5", "wF5", "bG6", "bG7", "bG8"};
    for (const auto& [position, mover] : {std::pair{stones, Player::Black}, std::pair{swapped, Player::White}}) {
        for (Player root : {Player::Black, Player::White}) {
            const Position pos = positionWith(15, position, mover, root);
            State s = pos.state;
            pos.game.play(s, static_cast<Move>(pointNamed(pos.game, "G5")));
            EXPECT_EQ(s.value, root == mover ? 1500 : -1500);
            EXPECT_FALSE(s.won);
        }
    }
}

TEST(Gomoku561Evaluation, PositionValueIsThePathSum) {
    // From the empty board: H8 b (0), H9 w (0), I8 b (open two +5), J8 w (0), G8 b (closed three +10),
    // H10 w (closed two, -1 for min).
    const std::vector<std::pair<const char*, Value>> path = {{"H8", 0}, {"H9", 0}, {"I8", 5}, {"J8", 5}, {"G8", 15}, {"H10", 14}};
    for (Player root : {Player::Black, Player::White}) {
        const Position pos = positionWith(15, {}, Player::Black, root);
        State s = pos.state;
        EXPECT_EQ(s.value, 0);
        for (const auto& [move, value] : path) {
            pos.game.play(s, static_cast<Move>(pointNamed(pos.game, move)));
            EXPECT_EQ(s.value, root == Player::Black ? value : -value) << "after " << move;
            EXPECT_EQ(pos.game.evaluate(s), s.value);
        }
    }
}

TEST(Gomoku561Evaluation, WinningMoveEndsTheGameAndAFullBoardIsADraw) {
    const Position pos = positionWith(15, {"bE5", "bF5", "bG5", "bH5", "wE6", "wF6", "wG6"});
    State s = pos.state;
    EXPECT_FALSE(pos.game.isTerminal(s));
    pos.game.play(s, static_cast<Move>(pointNamed(pos.game, "D5")));
    EXPECT_TRUE(s.won);
    EXPECT_TRUE(pos.game.isTerminal(s));
    EXPECT_EQ(s.value, kWin);

    PointSet black, white;
    const Game game(15, Player::Black);
    for (int c = 0; c < 15; ++c) {
        for (int r = 1; r <= 15; ++r) (fillerIsBlack(c, r) ? black : white).set(game.pointOf(c, r));
    }
    const State full = game.makeState(black, white, Player::Black);
    EXPECT_TRUE(full.candidates.none());
    EXPECT_TRUE(game.isTerminal(full));
    EXPECT_FALSE(full.won);
}

}  // namespace
}  // namespace plyjudge::gomoku561
