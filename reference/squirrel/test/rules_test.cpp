// Raid and sneak, 4-adjacency, conversions, evaluation and expansion order on hand-made positions
// (docs/variants/squirrel.md, "Rules", "Search conventions").
#include <gtest/gtest.h>

#include <bit>
#include <string>
#include <vector>

#include "reference/squirrel/test/positions.hpp"
#include "reference/core/traverse_log.hpp"
#include "testsupport/move_names.hpp"

namespace plyjudge::squirrel {
namespace {

using test::kOnes;
using test::problemOf;

Mask maskOf(const std::vector<std::string>& names) {
    Mask m = 0;
    for (const std::string& n : names) m |= bitOf(squareOf(n[1] - '0', n[0] - 'A' + 1));
    return m;
}

State stateOf(const std::string& board, Player toMove, const std::string& values = kOnes) {
    State s = problemOf("1\nX\n1\n", values, board).root();
    s.toMove = toMove;
    return s;
}

Move at(const char* name) { return static_cast<Move>(squareOf(name[1] - '0', name[0] - 'A' + 1)); }

TEST(SquirrelRules, NeighboursAreTheFourOrthogonalSquaresOnlyWithoutWrapping) {
    EXPECT_EQ(kNeighbours[at("A1")], maskOf({"B1", "A2"}));
    EXPECT_EQ(kNeighbours[at("C3")], maskOf({"C2", "B3", "D3", "C4"}));
    EXPECT_EQ(kNeighbours[at("E1")], maskOf({"D1", "E2"}));  // not A2, the next index
    EXPECT_EQ(kNeighbours[at("A2")], maskOf({"A1", "B2", "A3"}));  // not E1, the previous index
    EXPECT_EQ(kNeighbours[at("E5")], maskOf({"E4", "D5"}));
}

TEST(SquirrelRules, RaidConvertsEveryFourAdjacentEnemyAndNothingElse) {
    // X on C4 makes C3 a raid; O pieces on C2, B3, D3 are 4-adjacent, those on the diagonals and at distance 2 are not.
    const State before = stateOf("**O**\n*OOO*\nOO*O*\n*OXO*\n*****\n", Player::X);
    EXPECT_TRUE(isRaid(before, at("C3")));
    EXPECT_EQ(conversionsOf(before, at("C3")), maskOf({"C2", "B3", "D3"}));
    State after = before;
    Game(Player::X, Values{}).play(after, at("C3"));
    EXPECT_EQ(boardText(after), "**O**\n*OXO*\nOXXX*\n*OXO*\n*****");
    EXPECT_EQ(after.toMove, Player::O);
}

TEST(SquirrelRules, DiagonalOwnPieceMakesASneakWhichConvertsNothing) {
    // X's only piece, B4, is diagonal to C3: a sneak, so the adjacent O pieces stay O.
    const State before = stateOf("**O**\n*OOO*\nOO*O*\n*XOO*\n*****\n", Player::X);
    EXPECT_FALSE(isRaid(before, at("C3")));
    EXPECT_EQ(conversionsOf(before, at("C3")), Mask{0});
    State after = before;
    Game(Player::X, Values{}).play(after, at("C3"));
    EXPECT_EQ(boardText(after), "**O**\n*OOO*\nOOXO*\n*XOO*\n*****");
}

TEST(SquirrelRules, AMoveNextToOnlyEnemiesIsASneak) {
    const State before = stateOf("*****\n**O**\n*O*O*\n**O**\n*****\n", Player::X);
    EXPECT_FALSE(isRaid(before, at("C3")));
    State after = before;
    Game(Player::X, Values{}).play(after, at("C3"));
    EXPECT_EQ(boardText(after), "*****\n**O**\n*OXO*\n**O**\n*****");
}

TEST(SquirrelRules, OPlaysByTheSameRules) {
    const State before = stateOf("*X***\nXO***\n*****\n*****\n*****\n", Player::O);
    State after = before;
    Game(Player::O, Values{}).play(after, at("A1"));  // a sneak: B1 and A2 are X, O's B2 is diagonal: nothing converted
    EXPECT_EQ(boardText(after), "OX***\nXO***\n*****\n*****\n*****");
    State raid = before;
    Game(Player::O, Values{}).play(raid, at("C2"));  // touches O's B2: converts nothing (C1, D2, C3 empty)
    Game(Player::X, Values{}).play(raid, at("E5"));
    Game(Player::O, Values{}).play(raid, at("B3"));  // touches B2: raid, but no X is 4-adjacent to B3
    Game(Player::X, Values{}).play(raid, at("E4"));
    Game(Player::O, Values{}).play(raid, at("C1"));  // touches C2: raid, converts B1
    EXPECT_EQ(boardText(raid), "*OO**\nXOO**\n*O***\n****X\n****X");
}

TEST(SquirrelRules, EvaluationIsTheRootPlayersTotalMinusTheOpponentsAndFollowsConversions) {
    // Sample values: X holds C1 (1), D1 (32), C2 (2), E2 (8) = 43; O holds D2 (11), D3 (1), C4 (10), D4 (6) = 28.
    const State s = stateOf(test::kSampleBoard, Player::X, test::kSampleValues);
    const Values values = problemOf("1\nX\n1\n", test::kSampleValues, test::kSampleBoard).values;
    EXPECT_EQ(Game(Player::X, values).evaluate(s), 43 - 28);
    EXPECT_EQ(Game(Player::O, values).evaluate(s), 28 - 43);
    // X takes C3 (9): a raid from C2 converting D3 (1) and C4 (10): X 43 + 9 + 1 + 10 = 63, O 28 - 1 - 10 = 17.
    State after = s;
    Game(Player::X, values).play(after, at("C3"));
    EXPECT_EQ(Game(Player::X, values).evaluate(after), 63 - 17);
    EXPECT_EQ(after, makeState(after.pieces, after.toMove, values));  // the kept score equals a recount
}

TEST(SquirrelRules, MovesAreTheEmptySquaresInRowMajorOrderFromTheTopLeft) {
    const Game game(Player::X, Values{});
    EXPECT_EQ(testing::moveNames(game, stateOf(test::kSampleBoard, Player::X)),
              (std::vector<std::string>{"A1", "B1", "E1", "A2", "B2", "A3", "B3", "C3", "E3", "A4", "B4", "E4", "A5",
                                        "B5", "C5", "D5", "E5"}));
}

// play() takes a move's gain from a table by which of the square's 4 neighbours it converts: for every square
// and every way of filling its neighbours with X, O or nothing, it converts what the rule says and keeps
// the score equal to a recount (distinct values per square, so a wrong table entry shows).
TEST(SquirrelRules, PlayConvertsAndScoresRightForEveryNeighbourhood) {
    Values values{};
    for (int sq = 0; sq < kSquares; ++sq) values[sq] = 1 + 4 * sq % 97;
    const Game game(Player::X, values);
    for (Player mover : {Player::X, Player::O}) {
        const int me = static_cast<int>(mover);
        for (int sq = 0; sq < kSquares; ++sq) {
            std::vector<int> near;
            for (Mask m = kNeighbours[sq]; m; m &= m - 1) near.push_back(std::countr_zero(m));
            int fillings = 1;
            for (std::size_t k = 0; k < near.size(); ++k) fillings *= 3;
            for (int f = 0; f < fillings; ++f) {
                std::array<Mask, 2> pieces{};
                for (int k = 0, rest = f; k < static_cast<int>(near.size()); ++k, rest /= 3) {
                    if (rest % 3 < 2) pieces[rest % 3] |= bitOf(near[k]);
                }
                const State before = makeState(pieces, mover, values);
                // The rule spelt out: on a raid (a neighbour of the mover's) every enemy neighbour turns.
                const bool raid = (kNeighbours[sq] & pieces[me]) != 0;
                const Mask expected = raid ? kNeighbours[sq] & pieces[1 - me] : 0;
                EXPECT_EQ(conversionsOf(before, static_cast<Move>(sq)), expected) << "square " << sq << ", filling " << f;
                State after = before;
                game.play(after, static_cast<Move>(sq));
                EXPECT_EQ(after.pieces[me], before.pieces[me] | expected | bitOf(sq)) << "square " << sq << ", filling " << f;
                EXPECT_EQ(after.pieces[1 - me], before.pieces[1 - me] & ~expected) << "square " << sq << ", filling " << f;
                EXPECT_EQ(after, makeState(after.pieces, opponent(mover), values)) << "square " << sq << ", filling " << f;
            }
        }
    }
}

TEST(SquirrelRules, TiesGoToTheFirstSquareInRowMajorOrder) {
    // Every move gains 1 (nothing to convert): greedy takes A1.
    const Problem flat = problemOf("1\nX\n1\n", kOnes, "*****\n*****\n**X**\n*****\n*****\n");
    NullLog log;
    const Game game(Player::X, flat.values);
    EXPECT_EQ(game.moveName(search(game, flat.root(), SearchConfig{Algorithm::Greedy, 1}, log).move), "A1");
    // D5 and E5 are both worth 5: the first of them wins.
    const Problem two = problemOf("1\nX\n1\n", "1 1 1 1 1\n1 1 1 1 1\n1 1 1 1 1\n1 1 1 1 1\n1 1 1 5 5\n",
                                  "*****\n*****\n**X**\n*****\n*****\n");
    EXPECT_EQ(game.moveName(search(Game(Player::X, two.values), two.root(), SearchConfig{Algorithm::Greedy, 1}, log).move), "D5");
}

TEST(SquirrelRules, OnlyACutoffBeyondTheEndOfTheGameIsLoweredAndNotUnderSearchFaults) {
    const State three = stateOf("XXXXX\nXXXXX\nXXXXX\nXXXXX\nXX***\n", Player::X);
    EXPECT_EQ(withCutoffAtGameEnd(SearchConfig{Algorithm::Minimax, 25}, three).depth, 3);
    EXPECT_EQ(withCutoffAtGameEnd(SearchConfig{Algorithm::AlphaBeta, 3}, three).depth, 3);
    EXPECT_EQ(withCutoffAtGameEnd(SearchConfig{Algorithm::AlphaBeta, 2}, three).depth, 2);
    SearchConfig faulty{Algorithm::Minimax, 25};
    faulty.faults.depthMinusOne = true;  // one ply short of the end: lowering first would cut two plies short
    EXPECT_EQ(withCutoffAtGameEnd(faulty, three).depth, 25);
}

TEST(SquirrelRules, OnlyAFullBoardIsTerminal) {
    const Game game(Player::X, Values{});
    EXPECT_FALSE(game.isTerminal(stateOf("XXXXX\nXXXXX\nXXXXX\nXXXXX\nXXXX*\n", Player::X)));
    State full = stateOf("XXXXX\nXXXXX\nXXXXX\nXXXXX\nXXXX*\n", Player::O);
    game.play(full, at("E5"));
    EXPECT_TRUE(game.isTerminal(full));
}

}  // namespace
}  // namespace plyjudge::squirrel
