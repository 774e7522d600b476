// Some faults of gomoku561's catalogue (faults.cpp) change its outputs exactly as worked out by hand (that every
// fault changes some committed case is reference/test/catalogues_test.cpp).
#include <gtest/gtest.h>

#include "reference/variant.hpp"
#include "testsupport/fault_cases.hpp"

namespace plyjudge {
namespace {

TEST(Gomoku561Faults, ScoresOfSomeFaultsWorkedOutByHand) {
    const Variant& v = *findVariant("gomoku561");
    // The text's greedy example: black at G5 scores createClosedFour 1000 + blockOpenThree 500.
    EXPECT_EQ(testing::solveCaseWithFault(v, "hand_checked/greedy_text_example_1500", "", "next_state.txt"),
              testing::solveCaseWithFault(v, "hand_checked/greedy_text_example_1500", "category-once", "next_state.txt"));
    // Alpha-beta depth 2 from one black stone at E9: D8 first, D10 after D9 (numeric rows) ...
    const std::string right = testing::solveCaseWithFault(v, "hand_checked/fragment_alphabeta_d2", "", "traverse_log.txt");
    EXPECT_NE(right.find("\nD8,1,Infinity,-Infinity,Infinity\nC7,2,5,-Infinity,Infinity\n"), std::string::npos);
    // ... rows counted from the top of the 15x15 board (row r written 16 - r, and ordered so): D10 comes
    // first, written D6, and its first reply C11 is written C5.
    const std::string top = testing::solveCaseWithFault(v, "hand_checked/fragment_alphabeta_d2", "rows-from-top", "traverse_log.txt");
    EXPECT_NE(top.find("\nD6,1,Infinity,-Infinity,Infinity\nC5,2,5,-Infinity,Infinity\n"), std::string::npos) << top.substr(0, 300);
}

}  // namespace
}  // namespace plyjudge
