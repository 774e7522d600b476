// Every item of the spec's "Bad input" list (and truncated or overlong files) is rejected with an InputError
// naming the line and what was expected, by the parser and through `plyjudge solve squirrel -i FILE` as a TA runs it
// in a fresh folder (exit status 2, one line naming the file and line, no file written).
#include <gtest/gtest.h>

#include "reference/squirrel/test/positions.hpp"
#include "testsupport/bad_inputs.hpp"

namespace plyjudge::squirrel {
namespace {

using plyjudge::testing::BadInput;
using plyjudge::testing::withLine;
using test::kSampleBoard;
using test::kSampleValues;

const std::string kSearchHeader = "2\nX\n2\n";           // values on lines 4-8, board on 9-13
const std::string kBattleHeader = "4\nX\n1\n1\nO\n2\n2\n";  // values on lines 8-12, board on 13-17

std::vector<BadInput> badCases() {
    const std::string search = kSearchHeader + kSampleValues + kSampleBoard;
    const std::string battle = kBattleHeader + kSampleValues + kSampleBoard;
    const std::string fullBoard = "XXXXX\nXOXXX\nXXOXX\nXXXXX\nXXXXX\n";
    return {
        {"task 0", withLine(search, 1, "0"), 1, "expected 1 (greedy), 2 (minimax), 3 (alpha-beta) or 4"},
        {"task 5", withLine(search, 1, "5"), 1, "expected 1 (greedy)"},
        {"task not a number", withLine(search, 1, "minimax"), 1, "expected 1 (greedy)"},
        {"player Y", withLine(search, 2, "Y"), 2, "expected X or O"},
        {"player lower-case x", withLine(search, 2, "x"), 2, "expected X or O"},
        {"depth 0", withLine(search, 3, "0"), 3, "expected a whole number from 1"},
        {"depth -2", withLine(search, 3, "-2"), 3, "expected a whole number from 1"},
        {"depth not a number", withLine(search, 3, "two"), 3, "expected a whole number from 1"},
        {"greedy depth 0", withLine(withLine(search, 1, "1"), 3, "0"), 3, "expected a whole number from 1"},
        {"value 0", withLine(search, 5, "20 12 0 11 8"), 5, "C2 is '0', expected a whole number from 1 to 99"},
        {"value 100", withLine(search, 4, "20 16 1 32 100"), 4, "E1 is '100', expected a whole number from 1 to 99"},
        {"value not a number", withLine(search, 8, "25 30 2x 21 10"), 8, "expected a whole number from 1 to 99"},
        {"value row of 4", withLine(search, 6, "28 48 9 1"), 6, "has 4 entries, expected 5"},
        {"value row of 6", withLine(search, 7, "20 12 10 6 2 1"), 7, "has 6 entries, expected 5"},
        {"board row of 4", withLine(search, 10, "**XO"), 10, "has 4 characters, expected 5"},
        {"board row of 6", withLine(search, 13, "******"), 13, "has 6 characters, expected 5"},
        {"board character .", withLine(search, 11, "**.O*"), 11, "C3 is '.', expected *, X or O"},
        {"board character x", withLine(search, 9, "**xX*"), 9, "C1 is 'x', expected *, X or O"},
        {"board row with spaces", withLine(search, 12, "* * O"), 12, "expected *, X or O"},
        {"full board", kSearchHeader + kSampleValues + fullBoard, 13, "board is full"},
        {"file ends inside the board", kSearchHeader + kSampleValues + "**XX*\n**XOX\n", 11, "the file ends here"},
        {"empty file", "", 1, "the file ends here"},
        {"extra line", search + "X\n", 14, "unexpected extra line"},
        {"battle: first player Z", withLine(battle, 2, "Z"), 2, "expected X or O"},
        {"battle: algorithm 4", withLine(battle, 3, "4"), 3, "expected 1 (greedy), 2 (minimax) or 3 (alpha-beta)"},
        {"battle: algorithm 0", withLine(battle, 6, "0"), 6, "expected 1 (greedy), 2 (minimax) or 3 (alpha-beta)"},
        {"battle: first depth 0", withLine(battle, 4, "0"), 4, "expected a whole number from 1"},
        {"battle: second depth 0", withLine(battle, 7, "0"), 7, "expected a whole number from 1"},
        {"battle: same players", withLine(battle, 5, "X"), 5, "expected O (the two players differ)"},
        {"battle: second player Q", withLine(battle, 5, "Q"), 5, "expected X or O"},
        {"battle: value 0", withLine(battle, 10, "28 48 9 0 1"), 10, "D3 is '0'"},
        {"battle: board character", withLine(battle, 14, "**X?X"), 14, "D2 is '?'"},
        {"battle: full board", kBattleHeader + kSampleValues + fullBoard, 17, "board is full"},
    };
}

TEST(SquirrelBadInput, TheWellFormedBaseInputsAreAccepted) {
    EXPECT_NO_THROW(parseProblem(InputText(kSearchHeader + kSampleValues + kSampleBoard, "input.txt")));
    EXPECT_NO_THROW(parseProblem(InputText(kBattleHeader + kSampleValues + kSampleBoard, "input.txt")));
}

TEST(SquirrelBadInput, EachMalformedInputNamesItsLineAndWhatWasExpected) {
    plyjudge::testing::expectEachInputRefused(badCases(), [](const InputText& input) { return parseProblem(input); });
}

TEST(SquirrelCli, EveryBadInputExits2WithOneLineAndNoOutputFile) {
    plyjudge::testing::expectSolveRefusesEach(badCases(), "input.txt", "solve squirrel -i input.txt");
}

}  // namespace
}  // namespace plyjudge::squirrel
