// The referee against scripted players (players/scripted_player.py): each game ends with the exact
// end_game line, and no process of either player survives it.
#include <gtest/gtest.h>

#include <chrono>

#include "referee/game.hpp"
#include "referee/test/play_support.hpp"

namespace plyjudge::referee {
namespace {

namespace fs = std::filesystem;
using test::Played;
using test::play;
using test::scripted;

TEST(Referee, FiveOnTheLastColumnWins) {
    const Played p = play(scripted("x", {"O1", "O2", "O3", "O4", "O5"}), scripted("o", {"A1", "A2", "A3", "A4"}));
    EXPECT_EQ(p.result.endLine, "END: x WINS!  o LOSES!  5 in a row!");
    EXPECT_EQ(p.result.moves.size(), 9u);
    EXPECT_EQ(p.history, "x O 1\no A 1\nx O 2\no A 2\nx O 3\no A 3\nx O 4\no A 4\nx O 5\n");
}

TEST(Referee, FiveOnTheLastRowWins) {
    const Played p = play(scripted("x", {"A1", "B1", "C1", "D1", "L1"}), scripted("o", {"K15", "L15", "M15", "N15", "O15"}));
    EXPECT_EQ(p.result.endLine, "END: o WINS!  x LOSES!  5 in a row!");
}

TEST(Referee, FiveOnTheAntiDiagonalAtTheEdgeWins) {
    const Played p = play(scripted("x", {"A1", "A3", "A5", "A7"}), scripted("o", {"O1", "N2", "M3", "L4", "K5"}));
    EXPECT_EQ(p.result.endLine, "END: o WINS!  x LOSES!  5 in a row!");
}

TEST(Referee, AntiDiagonalDoesNotWrapAroundTheEdge) {
    // B1 A2 O2 N3 M4 are cells 1, 15, 29, 43, 57: a "five" only for a check that wraps around the edge.
    const Played p = play(scripted("x", {"B1", "A2", "O2", "N3", "M4", "H15"}), scripted("o", {"F10", "G10", "H10", "I10", "J10"}));
    EXPECT_EQ(p.result.endLine, "END: o WINS!  x LOSES!  5 in a row!");
    EXPECT_EQ(p.result.moves.size(), 10u);
}

TEST(Referee, TimeoutLoses) {
    const Played p = play(scripted("x", {"H8", "sleep"}), scripted("o", {"A1"}), 0.5);
    EXPECT_EQ(p.result.endLine, "END: o WINS!  x LOSES!  out of time");
}

TEST(Referee, GarbageLoses) {
    const Played p = play(scripted("x", {"H8"}), scripted("o", {"raw:hello world\\n  more"}));
    EXPECT_EQ(p.result.endLine, "END: x WINS!  o LOSES!  invalid move");
    // The exact bytes of what was rejected are in the record.
    EXPECT_NE(p.record.find("move_file as read (exact, C-escaped): \"hello world\\n  more\"\n"), std::string::npos) << p.record;
}

TEST(Referee, EmptyMoveFileLosesInsteadOfWinning) {
    const Played p = play(scripted("x", {"H8", "empty"}), scripted("o", {"A1"}));
    EXPECT_EQ(p.result.endLine, "END: o WINS!  x LOSES!  invalid move");
}

TEST(Referee, DeletedMoveFileLoses) {
    const Played p = play(scripted("x", {"H8"}), scripted("o", {"delete"}));
    EXPECT_EQ(p.result.endLine, "END: x WINS!  o LOSES!  invalid move");
}

TEST(Referee, MalformedPointsLose) {
    for (const std::string bad : {"raw:o P 1\\n", "raw:o A 16\\n", "raw:o A 0\\n", "raw:o AA 3\\n", "raw:o H eight\\n", "raw:o 8 H\\n",
                                  "raw:o H 8 9\\n", "raw:o H 8\\nmore\\n"}) {
        const Played p = play(scripted("x", {"A1"}), scripted("o", {bad}));
        EXPECT_EQ(p.result.endLine, "END: x WINS!  o LOSES!  invalid move") << bad;
    }
}

TEST(Referee, AnotherNameIsInvalid) {
    const Played p = play(scripted("x", {"H8"}), scripted("o", {"raw:somebody H 9\\n"}));
    EXPECT_EQ(p.result.endLine, "END: x WINS!  o LOSES!  invalid move");
}

TEST(Referee, OccupiedPointLoses) {
    const Played p = play(scripted("x", {"H8", "A2"}), scripted("o", {"A1", "A2"}));
    EXPECT_EQ(p.result.endLine, "END: x WINS!  o LOSES!  invalid move");
}

TEST(Referee, SwapOnMoveTwoTakesTheStone) {
    // O swaps H8 on move 2; its five H8-H12 includes the taken stone.
    const Played p = play(scripted("x", {"H8", "A1", "A2", "A3", "A4"}), scripted("o", {"H8", "H9", "H10", "H11", "H12"}));
    EXPECT_EQ(p.result.endLine, "END: o WINS!  x LOSES!  5 in a row!");
    ASSERT_GE(p.result.moves.size(), 2u);
    EXPECT_TRUE(p.result.moves[1].swap);
    EXPECT_EQ(p.result.moves.size(), 10u);
}

TEST(Referee, SwapOnMoveFourIsInvalid) {
    const Played p = play(scripted("x", {"H8", "B1"}), scripted("o", {"A1", "H8"}));
    EXPECT_EQ(p.result.endLine, "END: x WINS!  o LOSES!  invalid move");
}

TEST(Referee, SwapOnMoveThreeIsInvalid) {
    const Played p = play(scripted("x", {"H8", "A1"}), scripted("o", {"A1"}));
    EXPECT_EQ(p.result.endLine, "END: o WINS!  x LOSES!  invalid move");
}

TEST(Referee, WritingOutOfTurnLoses) {
    const Played p = play(scripted("x", {"slow:H8"}), scripted("o", {"early:A1"}));
    EXPECT_EQ(p.result.endLine, "END: x WINS!  o LOSES!  out of order move");
}

TEST(Referee, CrashLosesAtOnce) {
    const auto start = std::chrono::steady_clock::now();
    const Played p = play(scripted("x", {"H8", "crash"}), scripted("o", {"A1"}), 10.0);
    EXPECT_EQ(p.result.endLine, "END: o WINS!  x LOSES!  crashed");
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));  // not the 10 s limit
}

TEST(Referee, CpuOnTheOpponentsTurnIsMeasuredAndLimited) {
    // o burns CPU during x's slow turns (0.6 s each, 2.4 s in all: plenty even on a loaded machine).
    const Played p = play(scripted("x", {"H8", "slow:H9", "slow:H10", "slow:H11", "slow:H12"}),
                          scripted("o", {"spin:A1", "spin:A2", "spin:A3", "spin:A4"}), 3.0, 0.25);
    EXPECT_EQ(p.result.endLine, "END: x WINS!  o LOSES!  used the CPU on the opponent's turn");
    EXPECT_GT(p.result.offTurnCpuSeconds[1], 0.2);
    EXPECT_LT(p.result.offTurnCpuSeconds[0], 0.25);
}

TEST(Referee, ForkedChildThatOutlivesItsParentIsKilled) {
    const Played p = play(scripted("x", {"fork:H8", "crash"}), scripted("o", {"fork:A1"}));
    EXPECT_EQ(p.result.endLine, "END: o WINS!  x LOSES!  crashed");
    // play() asserted that no process is left in the game directory.
}

TEST(Referee, MoveWithoutNewlineIsReadWhenClosed) {
    const Played p = play(scripted("x", {"nonl:O1", "nonl:O2", "nonl:O3", "nonl:O4", "nonl:O5"}), scripted("o", {"nonl:A1", "A2", "A3", "A4"}));
    EXPECT_EQ(p.result.endLine, "END: x WINS!  o LOSES!  5 in a row!");
}

TEST(Referee, PollingFallbackPlaysTheSameGame) {
    const Played p = play(scripted("x", {"nonl:O1", "O2", "O3", "O4", "O5"}), scripted("o", {"A1", "nonl:A2", "A3", "A4"}), 3.0, std::nullopt, true);
    EXPECT_EQ(p.result.endLine, "END: x WINS!  o LOSES!  5 in a row!");
    EXPECT_EQ(p.result.moves.size(), 9u);
}

// A full board: colour (c + 2r) mod 4 < 2 has no five anywhere (runs of at most two in every direction).
struct FullBoard {
    std::vector<std::string> x, o;
};
FullBoard fullBoard(bool fiveOnTheLastPoint) {
    using namespace gomoku4341;
    std::array<Stone, kCells> colour{};
    for (int cell = 0; cell < kCells; ++cell) {
        const Point p = Point::ofCell(cell);
        colour[cell] = (p.column + 2 * p.row) % 4 < 2 ? Stone::X : Stone::O;
    }
    int lastX = -1;
    if (fiveOnTheLastPoint) {
        // Row 1, A-F all X (C1 and D1 were O); A11 and B11 become O to keep 113 X (no O five appears).
        colour[2] = colour[3] = Stone::X;
        colour[10 * kSize + 0] = Stone::O;
        colour[10 * kSize + 1] = Stone::O;
        lastX = 2;
    }
    FullBoard b;
    for (int cell = 0; cell < kCells; ++cell) {
        if (cell == lastX) continue;
        const std::string name = std::string(1, static_cast<char>('A' + cell % kSize)) + std::to_string(cell / kSize + 1);
        (colour[cell] == Stone::X ? b.x : b.o).push_back(name);
    }
    if (lastX >= 0) b.x.push_back("C1");
    return b;
}

TEST(Referee, FullBoardIsATie) {
    const FullBoard b = fullBoard(false);
    ASSERT_EQ(b.x.size(), 113u);
    const Played p = play(scripted("x", b.x), scripted("o", b.o));
    EXPECT_EQ(p.result.endLine, "END: TIE! board full!") << p.result.detail;
    EXPECT_EQ(p.result.moves.size(), 225u);
}

TEST(Referee, FiveOnTheLastEmptyPointWinsOverTheFullBoard) {
    const FullBoard b = fullBoard(true);
    ASSERT_EQ(b.x.size(), 113u);
    const Played p = play(scripted("x", b.x), scripted("o", b.o));
    EXPECT_EQ(p.result.endLine, "END: x WINS!  o LOSES!  5 in a row!");
    EXPECT_EQ(p.result.moves.size(), 225u);
}

TEST(Referee, ReferencePlayerBeatsGreedyWithBothColours) {
    const std::string plyjudge = PLYJUDGE_BINARY;
    for (int game = 0; game < 2; ++game) {
        PlayerSpec ref{"ref", {plyjudge, "play", "ref", "--move-time", "0.15", "--seed", std::to_string(game + 1)}, {}, {}, {}};
        PlayerSpec greedy{"greedy", {plyjudge, "play", "greedy", "--greedy", "--seed", std::to_string(game + 7)}, {}, {}, {}};
        const Played p = game == 0 ? play(ref, greedy, 2.0) : play(greedy, ref, 2.0);
        EXPECT_EQ(p.result.endLine, "END: ref WINS!  greedy LOSES!  5 in a row!") << "game " << game + 1;
    }
}

}  // namespace
}  // namespace plyjudge::referee
