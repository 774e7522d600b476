// Every fault of reversi's catalogue (faults.cpp) changes the outputs of the committed case named here, and a
// few of them change them exactly as worked out by hand.
#include <gtest/gtest.h>

#include "reference/variant.hpp"
#include "testsupport/fault_cases.hpp"

namespace plyjudge {
namespace {

// fault -> a case under cases/reversi/ it changes (the first in published, hand_checked, selfcheck order).
const std::map<std::string, std::string> kCaseOf = {
    {"strict-pruning", "published/case4"},
    {"reversed-tie-break", "published/case4"},
    {"fail-hard-init", "published/case4"},
    {"bounds-logged-before-update", "published/case1"},
    {"bounds-not-passed-down", "published/case3"},
    {"no-line-at-cutoff", "published/case3"},
    {"root-as-min", "published/case1"},
    {"wrong-perspective", "published/case1"},
    {"leaf-side-to-move", "published/case1"},
    {"depth-plus-one", "published/case3"},
    {"depth-minus-one", "published/case1"},
    {"depth-first-digit", "selfcheck/gen04"},
    {"terminal-not-leaf", "published/case2"},
    {"pass-expanded-at-cutoff", "published/case3"},
    {"game-ends-after-one-pass", "published/case1"},
    {"no-pass-nodes-at-end", "published/case1"},
    {"pass-node-missing", "published/case1"},
    {"pass-capitalised", "published/case1"},
    {"move-per-direction", "selfcheck/gen01"},
    {"flips-one-direction", "selfcheck/gen01"},
    {"transposed-names", "published/case1"},
    {"column-first-order", "published/case3"},
};

TEST(ReversiFaults, EveryFaultChangesItsCase) { testing::expectEveryFaultChangesItsCase(*findVariant("reversi"), kCaseOf); }

TEST(ReversiFaults, LogsOfSomeFaultsWorkedOutByHand) {
    const Variant& v = *findVariant("reversi");
    // Official case 1 (depth 3): c4, then two passes; the second pass is the leaf worth 4.
    const std::string right = testing::solveCaseWithFault(v, "published/case1", "", "output.txt");
    EXPECT_NE(right.find("c4,1,Infinity,-Infinity,Infinity\npass,2,-Infinity,-Infinity,Infinity\npass,3,4,-Infinity,Infinity\n"),
              std::string::npos) << right;
    const std::string once = testing::solveCaseWithFault(v, "published/case1", "game-ends-after-one-pass", "output.txt");
    EXPECT_NE(once.find("c4,1,4,-Infinity,Infinity\nroot,0,4,4,Infinity"), std::string::npos) << once;
    const std::string named = testing::solveCaseWithFault(v, "published/case1", "pass-capitalised", "output.txt");
    EXPECT_NE(named.find("Pass,2,-Infinity,-Infinity,Infinity\nPass,3,4"), std::string::npos) << named;
    const std::string transposed = testing::solveCaseWithFault(v, "published/case1", "transposed-names", "output.txt");
    EXPECT_NE(transposed.find("\nd3,1,Infinity"), std::string::npos) << transposed;  // c4 is row 4, column c
}

}  // namespace
}  // namespace plyjudge
