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
    std::string text = kGood;
    std::size_t start = 0;
    for (int i = 1; i < n; ++i) start = text.find('\n', start) + 1;
    return text.replace(start, text.find('\n', start) - start, replacement);
}

struct BadCase {
    const char* what;
    int line;
    std::string input;
    const char* mentions;
};

TEST(StarcircleBadInput, EachMalformedInputNamesItsLine) {
    const std::vector<BadCase> cases = {
        {"wrong player word", 1, withLine(1, "Square"), "Star or Circle"},
        {"unknown algorithm", 2, withLine(2, "ALPHA-BETA"), "MINIMAX or ALPHABETA"},
        {"depth 0", 3, withLine(3, "0"), "1 to 10"},
        {"depth 11", 3, withLine(3, "11"), "1 to 10"},
        {"row with 7 cells", 5, withLine(5, "0,0,C1,0,0,0,0"), "expected 8"},
        {"row with 9 cells", 5, withLine(5, "0,0,C1,0,0,0,0,0,0"), "expected 8"},
        {"stack off its last row", 6, withLine(6, "0,0,0,S2,0,0,0,0"), "stack"},
        {"circle stack on row H", 4, withLine(4, "0,C2,0,0,0,0,0,0"), "stack"},
        {"piece on a light square", 6, withLine(6, "0,0,S1,S1,0,0,0,0"), "light square"},
        {"garbage cell", 6, withLine(6, "0,0,0,X1,0,0,0,0"), "S{k}"},
        {"Circle has no piece", 11, withLine(5, "0,0,0,0,0,0,0,0"), "Circle has no piece"},
        {"non-increasing values", 12, withLine(12, "10,20,30,30,50,60,70,80"), "strictly increasing"},
        {"7 values", 12, withLine(12, "10,20,30,40,50,60,70"), "expected 8"},
        {"truncated file", 9, "Star\nMINIMAX\n2\n0,S1,0,0,0,0,0,0\n0,0,C1,0,0,0,0,0\n0,0,0,S1,0,0,0,0\n0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n", "ends here"},
    };
    ASSERT_NO_THROW(parseProblem(InputText(kGood, "input.txt")));
    plyjudge::testing::expectEachInputRefused(cases, [](const InputText& input) { return parseProblem(input); });
}

}  // namespace
}  // namespace plyjudge::starcircle
