// Some faults of squirrel's catalogue (faults.cpp) change its outputs exactly as worked out by hand (that every
// fault changes some committed case is reference/test/catalogues_test.cpp).
#include <gtest/gtest.h>

#include "reference/variant.hpp"
#include "testsupport/fault_cases.hpp"

namespace plyjudge {
namespace {

TEST(SquirrelFaults, LogsOfSomeFaultsWorkedOutByHand) {
    const Variant& v = *findVariant("squirrel");
    // Sample 2 (minimax depth 1, X): A1 35, B1 31, E1 45, ...; in column-first order A2 comes right after A1.
    const std::string right = testing::solveCaseWithFault(v, "published/sample2", "", "traverse_log.txt");
    EXPECT_EQ(right.find("Node,Depth,Value\nroot,0,-Infinity\nA1,1,35\nroot,0,35\nB1,1,31\n"), 0u) << right;
    const std::string columns = testing::solveCaseWithFault(v, "published/sample2", "column-first-order", "traverse_log.txt");
    EXPECT_EQ(columns.find("root,0,35\nB1"), std::string::npos) << columns;
    const std::string swapped = testing::solveCaseWithFault(v, "published/sample2", "swapped-square-names", "traverse_log.txt");
    EXPECT_NE(swapped.find("\nA2,1,31\n"), std::string::npos) << swapped;  // B1 is row 1, column 2
}

}  // namespace
}  // namespace plyjudge
