// Some faults of reversi's catalogue (faults.cpp) change its outputs exactly as worked out by hand (that every
// fault changes some committed case is reference/test/catalogues_test.cpp).
#include <gtest/gtest.h>

#include "reference/variant.hpp"
#include "testsupport/fault_cases.hpp"

namespace plyjudge {
namespace {

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
