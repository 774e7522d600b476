// Opening books and the balanced-opening generator (openings.hpp): only legal gomoku4341 positions pass.
#include <gtest/gtest.h>

#include <set>

#include "referee/tournament/openings.hpp"
#include "reference/gomoku4341/engine.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::referee {
namespace {

using plyjudge::testing::TempDir;
using plyjudge::testing::writeFile;

TEST(OpeningBook, ReadsMovesCommentsAndBlankLines) {
    TempDir temp;
    writeFile(temp / "book.txt", "# a book\n\nH8 I9 g7   # lower case and a comment\nA1,O15\r\n");
    const auto book = loadOpeningBook(temp / "book.txt");
    ASSERT_EQ(book.size(), 2u);
    EXPECT_EQ(book[0].text(), "H8 I9 G7");
    EXPECT_EQ(book[1].moves[1], (gomoku4341::Point{14, 14}));
    EXPECT_EQ(parseOpening(book[0].text()).text(), book[0].text());  // the book form reads back
}

TEST(OpeningBook, RefusesIllegalPositions) {
    EXPECT_THROW(parseOpening("H8 H8"), std::invalid_argument);              // a repeated point (no swap in an opening)
    EXPECT_THROW(parseOpening("P1"), std::invalid_argument);                 // off the board
    EXPECT_THROW(parseOpening("H0"), std::invalid_argument);
    EXPECT_THROW(parseOpening("H"), std::invalid_argument);
    EXPECT_THROW(parseOpening("A1 A15 B1 B15 C1 C15 D1 D15 E1"), std::invalid_argument);  // X has five
    EXPECT_NO_THROW(parseOpening("A1 A15 B1 B15 C1 C15 D1 D15"));             // four each: legal
    TempDir temp;
    writeFile(temp / "bad.txt", "H8 I9\nH8 Z3\n");
    try {
        loadOpeningBook(temp / "bad.txt");
        FAIL() << "a bad line was accepted";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("bad.txt:2:"), std::string::npos) << e.what();
    }
    writeFile(temp / "empty.txt", "# nothing\n");
    EXPECT_THROW(loadOpeningBook(temp / "empty.txt"), std::invalid_argument);
}

// Generated openings: distinct, legal, the stones asked for near the centre, balanced by the reference evaluation,
// and the same for the same seed.
TEST(OpeningGenerator, BalancedLegalAndReproducible) {
    OpeningGenerator g;
    g.count = 12;
    g.stones = 4;
    g.seed = 7;
    const auto openings = generateOpenings(g);
    ASSERT_EQ(openings.size(), 12u);
    std::set<std::string> texts;
    for (const Opening& o : openings) {
        texts.insert(o.text());
        ASSERT_EQ(o.moves.size(), 4u);
        EXPECT_NO_THROW(parseOpening(o.text()));
        for (const auto& p : o.moves) {
            EXPECT_LE(std::abs(p.column - 7), g.radius);
            EXPECT_LE(std::abs(p.row - 7), g.radius);
        }
        EXPECT_LE(std::llabs(openingBalance(o)), g.maxImbalance) << o.text();
    }
    EXPECT_EQ(texts.size(), openings.size());
    const auto again = generateOpenings(g);
    ASSERT_EQ(again.size(), openings.size());
    for (std::size_t i = 0; i < again.size(); ++i) EXPECT_EQ(again[i].text(), openings[i].text());
    g.seed = 8;
    EXPECT_NE(generateOpenings(g).front().text(), openings.front().text());
}

// The balance test is a real filter: a lopsided position (X with an open three, O scattered) fails it.
TEST(OpeningGenerator, BalanceRejectsALopsidedPosition) {
    const Opening lopsided = parseOpening("G8 A1 H8 O15 I8 A15");
    EXPECT_GT(std::llabs(openingBalance(lopsided)), OpeningGenerator{}.maxImbalance);
    const Opening even = parseOpening("H8 I9");
    EXPECT_LE(std::llabs(openingBalance(even)), OpeningGenerator{}.maxImbalance);
}

}  // namespace
}  // namespace plyjudge::referee
