// gomoku561 searches through the real solver (parse, search, streamed log, output files), against logs
// worked out by hand from the spec: the hand-checked cases of cases/gomoku561/hand_checked (see its SOURCE.txt),
// the text's worked fragment (a board with one black stone at E9, black to move, is consistent with it),
// cut-offs at MIN and MAX, win leaves, draw leaves, greedy.
#include <gtest/gtest.h>

#include <algorithm>

#include "reference/gomoku561/test/positions.hpp"
#include "reference/input_generator.hpp"
#include "reference/presentation/text_lines.hpp"
#include "reference/variant.hpp"
#include "testsupport/golden.hpp"
#include "testsupport/log_checks.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::gomoku561 {
namespace {

using namespace gomoku561::testing;
namespace support = plyjudge::testing;

const Variant& gomoku() { return *findVariant("gomoku561"); }

class Gomoku561HandCheckedCase : public ::testing::TestWithParam<const char*> {};

TEST_P(Gomoku561HandCheckedCase, ReproducesTheCheckedOutput) {
    support::expectGoldenCase(gomoku(), support::casesDir() / "gomoku561" / "hand_checked" / GetParam());
}

INSTANTIATE_TEST_SUITE_P(HandChecked, Gomoku561HandCheckedCase,
                         ::testing::Values("fragment_minimax_d2", "fragment_alphabeta_d2", "draw_two_corners_minimax_d3",
                                           "full_board_alphabeta_d2", "greedy_text_example_1500"));

std::vector<std::string> solveLog(const Problem& p) {
    return textLines(support::solveText(gomoku(), formatProblem(p), "traverse_log.txt"));
}

// The root's value on the log's last line.
Value rootValueOf(const std::vector<std::string>& log) {
    const std::string& last = log.back();
    const auto start = last.find(',', 5) + 1;
    return std::stoll(last.substr(start, last.find(',', start) - start));
}

std::vector<std::string> prefix(const std::vector<std::string>& lines, std::size_t n) {
    return {lines.begin(), lines.begin() + static_cast<std::ptrdiff_t>(std::min(n, lines.size()))};
}

// The fragment's board, reconstructed: D8 is the root's first move only if E9 holds a stone and no stone
// makes an earlier point legal; one black stone at E9, black to move, gives the fragment's lines.
Problem fragmentBoard(Algorithm algorithm, int depth) { return problemWith(15, {"bE9"}, Player::Black, algorithm, depth); }

TEST(Gomoku561Search, TheTextsWorkedFragment) {
    const auto log = solveLog(fragmentBoard(Algorithm::Minimax, 3));
    EXPECT_EQ(prefix(log, 7), (std::vector<std::string>{"Move,Depth,Value", "root,0,-Infinity", "D8,1,Infinity",
                                                        "C7,2,-Infinity", "B6,3,5", "C7,2,5", "B7,3,5"}));
    // C7's children: the empty neighbours of C7, D8 and E9 in alphanumeric order; the text lists the
    // first nine (those around C7 and D8).
    std::vector<std::string> children;
    for (std::size_t i = 4; i < log.size() && log[i].find(",1,") == std::string::npos; ++i) {
        if (log[i].find(",3,") != std::string::npos) children.push_back(log[i].substr(0, log[i].find(',')));
    }
    const std::vector<std::string> text = {"B6", "B7", "B8", "C6", "C8", "C9", "D6", "D7", "D9"};
    ASSERT_GE(children.size(), text.size());
    EXPECT_EQ(prefix(children, text.size()), text);
    EXPECT_EQ(children, (std::vector<std::string>{"B6", "B7", "B8", "C6", "C8", "C9", "D6", "D7", "D9", "D10", "E7",
                                                  "E8", "E10", "F8", "F9", "F10"}));
}

// Depth 2 on the fragment's board: every black move makes one open two (+5) and no white reply scores,
// so D8's replies are all 5; every later root move is cut at its first reply (5 <= alpha 5).
TEST(Gomoku561Search, AlphaBetaDepthTwoWholeLog) {
    std::vector<std::string> expected = {"Move,Depth,Value,Alpha,Beta", "root,0,-Infinity,-Infinity,Infinity",
                                         "D8,1,Infinity,-Infinity,Infinity"};
    bool first = true;
    for (const char* reply : {"C7", "C8", "C9", "D7", "D9", "D10", "E7", "E8", "E10", "F8", "F9", "F10"}) {
        expected.push_back(std::string(reply) + (first ? ",2,5,-Infinity,Infinity" : ",2,5,-Infinity,5"));
        expected.push_back("D8,1,5,-Infinity,5");
        first = false;
    }
    expected.push_back("root,0,5,5,Infinity");
    const std::vector<std::pair<const char*, const char*>> cut = {{"D9", "C8"}, {"D10", "C9"}, {"E8", "D7"},
                                                                  {"E10", "D8"}, {"F8", "D8"}, {"F9", "D8"},
                                                                  {"F10", "D8"}};
    for (const auto& [move, reply] : cut) {
        expected.push_back(std::string(move) + ",1,Infinity,5,Infinity");
        expected.push_back(std::string(reply) + ",2,5,5,Infinity");
        expected.push_back(std::string(move) + ",1,5,5,Infinity");  // cut: v <= alpha, bounds unchanged
        expected.push_back("root,0,5,5,Infinity");
    }
    EXPECT_EQ(solveLog(fragmentBoard(Algorithm::AlphaBeta, 2)), expected);
    const std::string next = support::solveText(gomoku(), formatProblem(fragmentBoard(Algorithm::AlphaBeta, 2)), "next_state.txt");
    EXPECT_EQ(textLines(next)[15 - 8], "...b...........");  // D8 played (row 8 is the 8th line from the bottom)
    EXPECT_EQ(textLines(next)[15 - 9], "....b..........");
}

// Depth 3: C7's black replies are worth 5 (nothing), 10 (an open two) or 15 (two open twos, or the
// closed three F10-E9-D8 blocked by C7); then under C8 the reply C7 makes the open three C7-D8-E9
// (5 + 50 = 55 >= beta 15): a cut at MAX, logged with the bounds unchanged.
TEST(Gomoku561Search, AlphaBetaDepthThreeCutAtMax) {
    const std::vector<std::string> expected = {
        "Move,Depth,Value,Alpha,Beta", "root,0,-Infinity,-Infinity,Infinity", "D8,1,Infinity,-Infinity,Infinity",
        "C7,2,-Infinity,-Infinity,Infinity", "B6,3,5,-Infinity,Infinity", "C7,2,5,5,Infinity",
        "B7,3,5,5,Infinity", "C7,2,5,5,Infinity", "B8,3,5,5,Infinity", "C7,2,5,5,Infinity",
        "C6,3,5,5,Infinity", "C7,2,5,5,Infinity", "C8,3,10,5,Infinity", "C7,2,10,10,Infinity",
        "C9,3,10,10,Infinity", "C7,2,10,10,Infinity", "D6,3,5,10,Infinity", "C7,2,10,10,Infinity",
        "D7,3,10,10,Infinity", "C7,2,10,10,Infinity", "D9,3,15,10,Infinity", "C7,2,15,15,Infinity",
        "D10,3,10,15,Infinity", "C7,2,15,15,Infinity", "E7,3,10,15,Infinity", "C7,2,15,15,Infinity",
        "E8,3,15,15,Infinity", "C7,2,15,15,Infinity", "E10,3,10,15,Infinity", "C7,2,15,15,Infinity",
        "F8,3,10,15,Infinity", "C7,2,15,15,Infinity", "F9,3,10,15,Infinity", "C7,2,15,15,Infinity",
        "F10,3,15,15,Infinity", "C7,2,15,15,Infinity", "D8,1,15,-Infinity,15",
        "C8,2,-Infinity,-Infinity,15", "B7,3,5,-Infinity,15", "C8,2,5,5,15", "B8,3,5,5,15", "C8,2,5,5,15",
        "B9,3,5,5,15", "C8,2,5,5,15", "C7,3,55,5,15", "C8,2,55,5,15", "D8,1,15,-Infinity,15",
    };
    const auto log = solveLog(fragmentBoard(Algorithm::AlphaBeta, 3));
    EXPECT_EQ(prefix(log, expected.size()), expected);
}

TEST(Gomoku561Search, MinimaxLogsHaveThreeColumnsAndAreWellFormed) {
    for (int depth = 1; depth <= 3; ++depth) {
        const std::string log = support::solveText(gomoku(), formatProblem(fragmentBoard(Algorithm::Minimax, depth)), "traverse_log.txt");
        EXPECT_EQ(textLines(log).front(), "Move,Depth,Value");
        EXPECT_EQ(support::checkTraverseLog(log, false, rootValueOf(textLines(log))), "") << depth;
    }
    const auto depthOne = solveLog(fragmentBoard(Algorithm::Minimax, 1));
    // Depth 1: the 8 neighbours of E9, each an open two (+5); the first, D8, is kept.
    EXPECT_EQ(depthOne.size(), 1u + 1 + 2 * 8);
    EXPECT_EQ(depthOne[2], "D8,1,5");
    EXPECT_EQ(depthOne.back(), "root,0,5");
}

TEST(Gomoku561Search, AWinningMoveIsALeafAboveTheCutOff) {
    // Black's open four E5-H5: D5 and I5 win at depth 1 (leaves although the cut-off is 3).
    const auto log = solveLog(problemWith(15, {"bE5", "bF5", "bG5", "bH5", "wE6", "wF6", "wG6", "wK10"},
                                          Player::Black, Algorithm::Minimax, 3));
    for (const char* win : {"D5,1,50000", "I5,1,50000"}) {
        const auto at = std::find(log.begin(), log.end(), win);
        ASSERT_NE(at, log.end()) << win;
        ASSERT_NE(at + 1, log.end());
        EXPECT_EQ((at + 1)->substr(0, 7), "root,0,") << "after " << win;
    }
    // White's open four: after black's D4, white's D5 wins at depth 2: a leaf, -50000 for min, and D4's
    // value becomes it.
    const auto whiteWins = solveLog(problemWith(15, {"wE5", "wF5", "wG5", "wH5", "bE6", "bF6", "bG6", "bK10"},
                                                Player::Black, Algorithm::Minimax, 3));
    const auto at = std::find(whiteWins.begin(), whiteWins.end(), "D5,2,-50000");
    ASSERT_NE(at, whiteWins.end());
    ASSERT_NE(at + 1, whiteWins.end());
    EXPECT_EQ(*(at + 1), "D4,1,-50000");
}

Problem fillerBoard(const std::vector<std::string>& empty, Algorithm algorithm, int depth) {
    std::vector<std::string> stones;
    const Game game(15, Player::Black);
    for (int c = 0; c < 15; ++c) {
        for (int r = 1; r <= 15; ++r) {
            const std::string name = std::string(1, static_cast<char>('A' + c)) + std::to_string(r);
            if (std::find(empty.begin(), empty.end(), name) == empty.end()) {
                stones.push_back((fillerIsBlack(c, r) ? "b" : "w") + name);
            }
        }
    }
    return problemWith(15, stones, Player::Black, algorithm, depth);
}

TEST(Gomoku561Search, AFullBoardIsADrawLeaf) {
    // Two empty corners: after both are filled (depth 2 < cut-off 3) the board is full: a leaf. Every
    // move there scores 0 (runs of at most 3 with both ends blocked, opponent runs of at most 2).
    EXPECT_EQ(solveLog(fillerBoard({"A1", "O15"}, Algorithm::Minimax, 3)),
              (std::vector<std::string>{"Move,Depth,Value", "root,0,-Infinity", "A1,1,Infinity", "O15,2,0", "A1,1,0",
                                        "root,0,0", "O15,1,Infinity", "A1,2,0", "O15,1,0", "root,0,0"}));
    // A full board at the root: the root is the leaf, and next_state repeats the board.
    const Problem full = fillerBoard({}, Algorithm::AlphaBeta, 2);
    EXPECT_EQ(solveLog(full), (std::vector<std::string>{"Move,Depth,Value,Alpha,Beta", "root,0,0,-Infinity,Infinity"}));
    const std::string input = formatProblem(full);
    EXPECT_EQ(support::solveText(gomoku(), input, "next_state.txt") + "\n", input.substr(input.find("\n15\n") + 4));
}

TEST(Gomoku561Search, GreedyWritesOnlyTheNextState) {
    // The text's 1500 example is the best move: G5 (createClosedFour + blockOpenThree).
    Problem p = problemWith(15, {"wC5", "bD5", "bE5", "bF5", "wG6", "wG7", "wG8", "bN14"}, Player::Black,
                            Algorithm::Greedy, 1);
    p.depth = 7;  // ignored by greedy
    support::TempDir dir;
    const auto written = gomoku().solve(InputText(formatProblem(p), "input.txt"), Dialect{}, dir.path());
    EXPECT_EQ(written, std::vector<std::string>{"next_state.txt"});
    EXPECT_FALSE(std::filesystem::exists(dir / "traverse_log.txt"));
    Problem after = problemWith(15, {"wC5", "bD5", "bE5", "bF5", "wG6", "wG7", "wG8", "bN14", "bG5"});
    const std::string expected = formatProblem(after);
    EXPECT_EQ(support::readFile(dir / "next_state.txt") + "\n", expected.substr(expected.find("\n15\n") + 4));

    p.algorithm = Algorithm::Minimax;
    p.depth = 1;
    const auto log = solveLog(p);
    EXPECT_NE(std::find(log.begin(), log.end(), "G5,1,1500"), log.end());
    EXPECT_EQ(log.back(), "root,0,1500");
}

TEST(Gomoku561Search, ValuesAreSignedForTheRootPlayer) {
    // White is the root player (max): I10 makes the open two I9-I10, +5.
    const auto white = solveLog(problemWith(15, {"bH8", "wI9"}, Player::White, Algorithm::Minimax, 1));
    EXPECT_NE(std::find(white.begin(), white.end(), "I10,1,5"), white.end());
    // Black is the root player: F6 makes the closed three F6-G7-H8 (I9 white), +10; white's first reply
    // E5 blocks it (a closed three of black's, blockClosedThree 100), -100 for min: 10 - 100 = -90.
    const auto black = solveLog(problemWith(15, {"bH8", "wI9", "bG7"}, Player::Black, Algorithm::Minimax, 2));
    EXPECT_EQ(prefix(black, 4), (std::vector<std::string>{"Move,Depth,Value", "root,0,-Infinity", "F6,1,Infinity", "E5,2,-90"}));
}

TEST(Gomoku561Search, EveryBoardSizeFrom15To25) {
    for (int n = 15; n <= 25; ++n) {
        const Problem p = problemWith(n, {"bH8", "wI9", "bI8", "wJ10"}, Player::Black, Algorithm::AlphaBeta, 2);
        support::TempDir dir;
        const auto written = gomoku().solve(InputText(formatProblem(p), "input.txt"), Dialect{}, dir.path());
        EXPECT_EQ(written, (std::vector<std::string>{"next_state.txt", "traverse_log.txt"}));
        const auto next = textLines(support::readFile(dir / "next_state.txt"));
        ASSERT_EQ(next.size(), static_cast<std::size_t>(n));
        for (const std::string& line : next) EXPECT_EQ(line.size(), static_cast<std::size_t>(n));
        const std::string log = support::readFile(dir / "traverse_log.txt");
        EXPECT_EQ(support::checkTraverseLog(log, true, rootValueOf(textLines(log))), "") << n;
    }
}

// Coverage (input_generator.cpp) names the evaluation categories of the moves the search plays. Worked out by hand,
// minimax depth 1, black to move: next to a lone black stone at E9 every move makes an open two (all worth 5: a tie);
// beside white's open three D5-F5, C5 and G5 block it (500 each: a tie) and nothing else scores.
TEST(Gomoku561Coverage, NamesTheCategoriesOfTheMovesSearched) {
    const InputGenerator& generator = *findInputGenerator("gomoku561");
    const auto coverageOf = [&](const std::vector<std::string>& stones) {
        const Problem p = problemWith(15, stones, Player::Black, Algorithm::Minimax, 1);
        const auto hits = generator.coverage(formatProblem(p));
        return std::vector<std::string>(hits.begin(), hits.end());
    };
    EXPECT_EQ(coverageOf({"bE9"}),
              (std::vector<std::string>{"createOpenTwo", "15x15 board", "minimax", "tie between root moves"}));
    EXPECT_EQ(coverageOf({"wD5", "wE5", "wF5"}),
              (std::vector<std::string>{"blockOpenThree", "15x15 board", "minimax", "tie between root moves"}));
}

}  // namespace
}  // namespace plyjudge::gomoku561
