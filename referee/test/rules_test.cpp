// gomoku4341 rules: parsing moves, fives at the edges without wrap-around, the swap.
#include <gtest/gtest.h>

#include "reference/gomoku4341/rules.hpp"

namespace plyjudge::gomoku4341 {
namespace {

Board boardWith(std::initializer_list<const char*> points, Stone s) {
    Board b;
    for (const char* p : points) {
        const std::string t(p);
        b.play(*parsePoint(t.substr(0, 1), t.substr(1)), s);
    }
    return b;
}

TEST(Gomoku4341Rules, ParsesMoveLines) {
    const auto m = splitMoveLine("groupX H 8\n");
    ASSERT_TRUE(m);
    EXPECT_EQ(m->name, "groupX");
    EXPECT_EQ(parsePoint(m->column, m->row), (Point{7, 7}));
    EXPECT_TRUE(splitMoveLine("a  h\t15\r\n"));
    EXPECT_FALSE(splitMoveLine(""));
    EXPECT_FALSE(splitMoveLine("a H"));
    EXPECT_FALSE(splitMoveLine("a H 8 9"));
    EXPECT_FALSE(splitMoveLine("a H 8\nb I 9\n"));
    EXPECT_EQ(parsePoint("o", "15"), (Point{14, 14}));
    EXPECT_EQ(parsePoint("H", "08"), (Point{7, 7}));
    for (auto [c, r] : std::vector<std::pair<const char*, const char*>>{{"P", "1"}, {"A", "0"}, {"A", "16"}, {"AA", "1"}, {"A", "x"}, {"", "1"}, {"A", "-1"}}) {
        EXPECT_FALSE(parsePoint(c, r)) << c << " " << r;
    }
}

TEST(Gomoku4341Rules, FivesAtEveryEdge) {
    EXPECT_TRUE(boardWith({"O1", "O2", "O3", "O4", "O5"}, Stone::X).fiveThrough(Point{14, 4}.cell()));
    EXPECT_TRUE(boardWith({"K15", "L15", "M15", "N15", "O15"}, Stone::X).fiveThrough(Point{14, 14}.cell()));
    EXPECT_TRUE(boardWith({"O1", "N2", "M3", "L4", "K5"}, Stone::X).fiveThrough(Point{14, 0}.cell()));
    EXPECT_TRUE(boardWith({"K11", "L12", "M13", "N14", "O15"}, Stone::X).fiveThrough(Point{14, 14}.cell()));
}

TEST(Gomoku4341Rules, NoWrapAroundAndFourIsNotFive) {
    // Flat-index neighbours across the edge: B1 A2 O2 N3 M4 (step 14) and N1 O1 A2 B2 C2 (step 1).
    const Board anti = boardWith({"B1", "A2", "O2", "N3", "M4"}, Stone::X);
    for (int cell = 0; cell < kCells; ++cell) EXPECT_FALSE(anti.fiveThrough(cell));
    const Board row = boardWith({"N1", "O1", "A2", "B2", "C2"}, Stone::X);
    for (int cell = 0; cell < kCells; ++cell) EXPECT_FALSE(row.fiveThrough(cell));
    EXPECT_FALSE(boardWith({"A1", "B1", "C1", "D1"}, Stone::X).fiveThrough(0));
    EXPECT_EQ(boardWith({"A1", "B1", "C1", "D1", "E1", "F1"}, Stone::X).longestLineThrough(0, Stone::X), 6);
}

TEST(Gomoku4341Rules, SwapOnlyOnMoveTwo) {
    Board b;
    b.play({7, 7}, Stone::X);
    EXPECT_TRUE(b.legal({7, 7}, 2));
    EXPECT_FALSE(b.legal({7, 7}, 3));
    b.play({7, 7}, Stone::O);
    EXPECT_EQ(b.at(Point{7, 7}), Stone::O);
    EXPECT_EQ(b.stones(), 1);
    b.play({0, 0}, Stone::X);
    EXPECT_FALSE(b.legal({0, 0}, 4));
    EXPECT_FALSE(b.legal({15, 0}, 3));
}

}  // namespace
}  // namespace plyjudge::gomoku4341
