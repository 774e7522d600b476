// The assignment's five worked examples, byte for byte (cases/starcircle/published, see SOURCE.txt).
#include <gtest/gtest.h>

#include "testsupport/golden.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge {
namespace {

class StarcircleExample : public ::testing::TestWithParam<int> {};

TEST_P(StarcircleExample, ReproducesTheAssignmentOutputExactly) {
    const auto dir = testing::casesDir() / "starcircle" / "published" / ("example" + std::to_string(GetParam()));
    testing::expectGoldenCase(*findVariant("starcircle"), dir);
    // Byte for byte, not only modulo line ends: the text demands no newline after the node count.
    const std::string expected = testing::readFile(dir / "output.txt");
    EXPECT_EQ(testing::solveText(*findVariant("starcircle"), testing::readFile(dir / "input.txt"), "output.txt"), expected);
}

INSTANTIATE_TEST_SUITE_P(Published, StarcircleExample, ::testing::Range(1, 6));

}  // namespace
}  // namespace plyjudge
