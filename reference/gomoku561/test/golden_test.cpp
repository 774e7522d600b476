// The hand-checked cases of cases/gomoku561/hand_checked (see its SOURCE.txt).
#include <gtest/gtest.h>

#include "testsupport/golden.hpp"

namespace plyjudge {
namespace {

class Gomoku561HandCheckedCase : public ::testing::TestWithParam<const char*> {};

TEST_P(Gomoku561HandCheckedCase, ReproducesTheCheckedOutput) {
    testing::expectGoldenCase(*findVariant("gomoku561"), testing::casesDir() / "gomoku561" / "hand_checked" / GetParam());
}

INSTANTIATE_TEST_SUITE_P(HandChecked, Gomoku561HandCheckedCase,
                         ::testing::Values("fragment_minimax_d2", "fragment_alphabeta_d2", "draw_two_corners_minimax_d3",
                                           "full_board_alphabeta_d2", "greedy_text_example_1500"));

}  // namespace
}  // namespace plyjudge
