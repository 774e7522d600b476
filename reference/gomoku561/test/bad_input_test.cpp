// Malformed gomoku561 inputs of the spec's list: a clear message naming the line and what was expected,
// through the parser and through `plyjudge solve gomoku561 FILE` (exit status 2, one line, no output).
#include <gtest/gtest.h>

#include "reference/gomoku561/test/positions.hpp"
#include "testsupport/bad_inputs.hpp"
#include "testsupport/run_command.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::gomoku561 {
namespace {

// An N x N board text (N lines with final newlines), empty but for `stones` like "bE9".
std::string board(int n, const std::vector<std::string>& stones = {}) {
    std::vector<std::string> rows(n, std::string(n, '.'));
    for (const std::string& s : stones) {
        const int column = s[1] - 'A', row = std::stoi(s.substr(2));
        rows[n - row][column] = s[0];
    }
    std::string text;
    for (const std::string& r : rows) text += r + "\n";
    return text;
}

using plyjudge::testing::BadInput;

std::vector<BadInput> badCases() {
    const std::string b15 = board(15);
    std::string shortLine = b15, longLine = b15, badChar = b15, upper = b15;
    shortLine.erase(2 * 16, 1);        // line 7 has 14 characters
    longLine.insert(0, ".");           // line 5 has 16
    badChar[4 * 16 + 3] = 'x';         // line 9, D11
    upper[10 * 16 + 0] = 'B';          // line 15, A5
    return {
        {"task 0", "0\n1\n2\n15\n" + b15, 1, "expected 1 (greedy), 2 (minimax) or 3 (alpha-beta)"},
        {"task 4", "4\n1\n2\n15\n" + b15, 1, "expected 1 (greedy)"},
        {"task not a number", "minimax\n1\n2\n15\n" + b15, 1, "task is 'minimax'"},
        {"player 0", "2\n0\n2\n15\n" + b15, 2, "expected 1 (black) or 2 (white)"},
        {"player 3", "2\n3\n2\n15\n" + b15, 2, "player is '3'"},
        {"player b", "2\nb\n2\n15\n" + b15, 2, "expected 1 (black) or 2 (white)"},
        {"depth 0 for minimax", "2\n1\n0\n15\n" + b15, 3, "expected a whole number from 1 to 4"},
        {"depth 5 for alpha-beta", "3\n1\n5\n15\n" + b15, 3, "depth is '5'"},
        {"depth not a number for greedy", "1\n1\ntwo\n15\n" + b15, 3, "expected a whole number"},
        {"N 14", "2\n1\n2\n14\n" + board(14), 4, "expected a whole number from 15 to 25"},
        {"N 26", "2\n1\n2\n26\n" + board(26), 4, "board size is '26'"},
        {"N missing", "2\n1\n2\n", 4, "ends here"},
        {"board line too short", "2\n1\n2\n15\n" + shortLine, 7, "board row 13 has 14 characters, expected 15"},
        {"board line too long", "2\n1\n2\n15\n" + longLine, 5, "board row 15 has 16 characters, expected 15"},
        {"another character", "2\n1\n2\n15\n" + badChar, 9, "point D11 is 'x', expected '.', 'b' or 'w'"},
        {"upper-case stone", "2\n1\n2\n15\n" + upper, 15, "point A5 is 'B'"},
        {"too few board lines", "2\n1\n2\n15\n" + b15.substr(16), 19, "ends here, expected board row 1"},
        {"board lines for another N", "2\n1\n2\n20\n" + b15, 5, "board row 20 has 15 characters, expected 20"},
        {"extra line", "2\n1\n2\n15\n" + b15 + "2\n", 20, "unexpected extra line"},
        {"black five in a row", "2\n1\n2\n15\n" + board(15, {"bC3", "bD3", "bE3", "bF3", "bG3", "wC4"}), 17,
         "black already has five in a row through C3"},
        {"white five in a column", "2\n1\n2\n15\n" + board(15, {"wO11", "wO12", "wO13", "wO14", "wO15"}), 5,
         "white already has five in a row through O15"},
        {"black six on a diagonal", "3\n2\n2\n25\n" + board(25, {"bA1", "bB2", "bC3", "bD4", "bE5", "bF6"}), 24,
         "black already has five in a row through F6"},
        {"white five on an anti-diagonal at the corner",
         "1\n1\n1\n15\n" + board(15, {"wK5", "wL4", "wM3", "wN2", "wO1"}), 15, "white already has five in a row through K5"},
        {"empty file", "", 1, "ends here"},
    };
}

TEST(Gomoku561BadInput, EachMalformedInputNamesItsLine) {
    plyjudge::testing::expectEachInputRefused(badCases(), [](const InputText& input) { return parseProblem(input); });
}

TEST(Gomoku561BadInput, WellFormedEdgeCasesAreAccepted) {
    // Greedy ignores the depth; CRLF and a missing final newline are fine; four in a row is not five;
    // every size from 15 to 25; the empty board; white to move.
    EXPECT_NO_THROW(parseProblem(InputText("1\n1\n9\n15\n" + board(15), "input.txt")));
    EXPECT_NO_THROW(parseProblem(InputText("1\n2\n0\n15\n" + board(15), "input.txt")));
    std::string crlf = "3\r\n2\r\n4\r\n15\r\n" + board(15, {"bA1", "bA2", "bA3", "bA4", "wB1"});
    for (std::size_t at = crlf.find('\n', 12); at != std::string::npos; at = crlf.find('\n', at + 2)) crlf.insert(at, "\r");
    crlf.pop_back();
    crlf.pop_back();
    EXPECT_NO_THROW(parseProblem(InputText(crlf, "input.txt")));
    for (int n = 15; n <= 25; ++n) {
        const Problem p = parseProblem(InputText("2\n1\n1\n" + std::to_string(n) + "\n" + board(n), "input.txt"));
        EXPECT_EQ(p.size, n);
    }
}

TEST(Gomoku561BadInput, ThroughTheCommandLineExitTwoOneLineNoOutputFile) {
    plyjudge::testing::expectSolveRefusesEach(badCases(), "case.txt", "solve gomoku561 'case.txt'");
}

TEST(Gomoku561BadInput, AGoodInputThroughTheCommandLine) {
    plyjudge::testing::TempDir dir;
    plyjudge::testing::writeFile(dir / "case.txt", "3\n1\n2\n15\n" + board(15, {"bE9"}));
    const plyjudge::testing::CommandRun run = plyjudge::testing::runPlyjudge(dir.path(), "solve gomoku561 'case.txt'");
    EXPECT_EQ(run.status, 0) << run.output;
    EXPECT_TRUE(std::filesystem::exists(dir / "next_state.txt"));
    EXPECT_TRUE(std::filesystem::exists(dir / "traverse_log.txt"));
}

}  // namespace
}  // namespace plyjudge::gomoku561
