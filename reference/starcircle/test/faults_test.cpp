// Some faults of starcircle's catalogue (faults.cpp) change its outputs exactly as worked out by hand (that every
// fault changes some committed case is reference/test/catalogues_test.cpp).
#include <gtest/gtest.h>

#include "reference/variant.hpp"
#include "testsupport/fault_cases.hpp"

namespace plyjudge {
namespace {

TEST(StarcircleFaults, AnswersOfSomeFaultsWorkedOutByHand) {
    const Variant& v = *findVariant("starcircle");
    // Example 1 (minimax, depth 2): F4-H2 160 160 5; example 4 (alpha-beta, Circle passes): pass -290 -300 5.
    EXPECT_EQ(testing::solveCaseWithFault(v, "published/example1", "", "output.txt"), "F4-H2\n160\n160\n5");
    EXPECT_EQ(testing::solveCaseWithFault(v, "published/example1", "root-not-counted", "output.txt"), "F4-H2\n160\n160\n4");
    EXPECT_EQ(testing::solveCaseWithFault(v, "published/example1", "swapped-square-names", "output.txt"), "D6-B8\n160\n160\n5");
    EXPECT_EQ(testing::solveCaseWithFault(v, "published/example1", "farsighted-wrong-side", "output.txt"), "F4-H2\n160\n-160\n5");
    EXPECT_EQ(testing::solveCaseWithFault(v, "published/example4", "pass-capitalised", "output.txt"), "Pass\n-290\n-300\n5");
    // The pass child at the cut-off (depth 2) is expanded into a second pass: one more node.
    EXPECT_EQ(testing::solveCaseWithFault(v, "published/example4", "pass-expanded-at-cutoff", "output.txt"), "pass\n-290\n-300\n6");
    // Without stacking, F4-H2 (onto Star's own piece on H2) is no move: F4-G5 is the only one.
    EXPECT_EQ(testing::solveCaseWithFault(v, "published/example1", "no-stacking", "output.txt").substr(0, 5), "F4-G5");
}

}  // namespace
}  // namespace plyjudge
