// Every malformed input of the spec's "Bad input" list is rejected with the line and what was expected.
#include <gtest/gtest.h>

#include "reference/starcircle/problem.hpp"
#include "testsupport/bad_inputs.hpp"

namespace plyjudge::starcircle {
namespace {

const std::string kGood =
    "Star\nMINIMAX\n2\n"
    "0,S1,0,0,0,0,0,0\n0,0,C1,0,0,0,0,0\n0,0,0,S1,0,0,0,0\n0,0,0,0,0,0,0,0\n"
    "0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n"
    "10,20,30,40,50,60,70,80\n";

// Replaces line n (1-based) of kGood.
std::string withLine(int n, const std::string& replacement) {
    return plyjudge::testing::withLine(kGood, n, replacement);
}

TEST(StarcircleBadInput, EachMalformedInputNamesItsLine) {
    const std::vector<plyjudge::testing::BadInput> cases = {
        {"wrong player word", withLine(1, "Square"), 1, "Star or Circle"},
        {"unknown algorithm", withLine(2, "ALPHA-BETA"), 2, "MINIMAX or ALPHABETA"},
        {"depth 0", withLine(3, "0"), 3, "1 to 10"},
        {"depth 11", withLine(3, "11"), 3, "1 to 10"},
        {"row with 7 cells", withLine(5, "0,0,C1,0,0,0,0"), 5, "expected 8"},
        {"row with 9 cells", withLine(5, "0,0,C1,0,0,0,0,0,0"), 5, "expected 8"},
        {"stack off its last row", withLine(6, "0,0,0,S2,0,0,0,0"), 6, "stack"},
        {"circle stack on row H", withLine(4, "0,C2,0,0,0,0,0,0"), 4, "stack"},
        {"piece on a light square", withLine(6, "0,0,S1,S1,0,0,0,0"), 6, "light square"},
        {"garbage cell", withLine(6, "0,0,0,X1,0,0,0,0"), 6, "S{k}"},
        {"Circle has no piece", withLine(5, "0,0,0,0,0,0,0,0"), 11, "Circle has no piece"},
        {"non-increasing values", withLine(12, "10,20,30,30,50,60,70,80"), 12, "strictly increasing"},
        {"7 values", withLine(12, "10,20,30,40,50,60,70"), 12, "expected 8"},
        {"truncated file", "Star\nMINIMAX\n2\n0,S1,0,0,0,0,0,0\n0,0,C1,0,0,0,0,0\n0,0,0,S1,0,0,0,0\n0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n", 9, "ends here"},
    };
    ASSERT_NO_THROW(parseProblem(InputText(kGood, "input.txt")));
    plyjudge::testing::expectEachInputRefused(cases, [](const InputText& input) { return parseProblem(input); });
}

}  // namespace
}  // namespace plyjudge::starcircle
