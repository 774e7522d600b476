// Every fault of gomoku561's catalogue (faults.cpp) changes the outputs of the committed case named here, and a
// few of them change them exactly as worked out by hand.
#include <gtest/gtest.h>

#include "reference/variant.hpp"
#include "testsupport/fault_cases.hpp"

namespace plyjudge {
namespace {

// fault -> a case under cases/gomoku561/ it changes (the first in published, hand_checked, selfcheck order).
const std::map<std::string, std::string> kCaseOf = {
    {"strict-pruning", "hand_checked/fragment_alphabeta_d2"},
    {"reversed-tie-break", "hand_checked/fragment_minimax_d2"},
    {"fail-hard-init", "selfcheck/gen01"},
    {"bounds-updated-before-cut-test", "hand_checked/fragment_alphabeta_d2"},
    {"bounds-logged-before-update", "hand_checked/fragment_alphabeta_d2"},
    {"bounds-not-passed-down", "hand_checked/fragment_alphabeta_d2"},
    {"no-line-at-cutoff", "hand_checked/fragment_alphabeta_d2"},
    {"root-as-min", "hand_checked/fragment_minimax_d2"},
    {"wrong-perspective", "hand_checked/fragment_minimax_d2"},
    {"leaf-side-to-move", "hand_checked/greedy_text_example_1500"},
    {"depth-plus-one", "hand_checked/fragment_minimax_d2"},
    {"depth-minus-one", "hand_checked/fragment_minimax_d2"},
    {"terminal-not-leaf", "selfcheck/gen03"},
    {"edge-not-blocking", "selfcheck/gen03"},
    {"category-once", "selfcheck/gen01"},
    {"exact-five", "selfcheck/gen03"},
    {"block-open-four-scored", "selfcheck/gen01"},
    {"alphanumeric-order", "hand_checked/fragment_minimax_d2"},
    {"row-first-order", "hand_checked/fragment_minimax_d2"},
    {"rows-from-top", "hand_checked/fragment_minimax_d2"},
    {"swapped-point-names", "hand_checked/fragment_minimax_d2"},
};

TEST(Gomoku561Faults, EveryFaultChangesItsCase) { testing::expectEveryFaultChangesItsCase(*findVariant("gomoku561"), kCaseOf); }

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
