// The five official re-issued cases (default dialect) and the assignment's worked example (bound-first).
#include <gtest/gtest.h>

#include "testsupport/golden.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge {
namespace {

class ReversiOfficialCase : public ::testing::TestWithParam<int> {};

TEST_P(ReversiOfficialCase, ReproducesTheOfficialOutput) {
    testing::expectGoldenCase(*findVariant("reversi"),
                              testing::casesDir() / "reversi" / "published" / ("case" + std::to_string(GetParam())));
}

INSTANTIATE_TEST_SUITE_P(Updated, ReversiOfficialCase, ::testing::Range(1, 6));

TEST(ReversiWorkedExample, ReproducesTheTextUnderTheBoundFirstDialect) {
    const auto dir = testing::casesDir() / "reversi" / "pdf_example" / "worked_example";
    testing::expectGoldenCase(*findVariant("reversi"), dir, {"cutoff_log=bound-first"});
}

TEST(ReversiWorkedExample, DefaultDialectDiffersExactlyOnTheTwoCutLines) {
    const auto dir = testing::casesDir() / "reversi" / "pdf_example" / "worked_example";
    const std::string input = testing::readFile(dir / "input.txt");
    const std::string aima = testing::solveText(*findVariant("reversi"), input, "output.txt");
    EXPECT_NE(aima.find("\nc4,1,-3,-3,Infinity\n"), std::string::npos);
    EXPECT_NE(aima.find("\nf5,1,-3,-3,0\n"), std::string::npos);
    EXPECT_EQ(aima.find("c4,1,-3,-3,-3"), std::string::npos);
}

}  // namespace
}  // namespace plyjudge
