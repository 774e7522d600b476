// The committed generated suites (cases/<variant>/generated): loadable by the grader, about 50 cases,
// every case reproduced exactly by the reference, the manifest naming the command that made it.
#include <gtest/gtest.h>

#include "grader/suite/case_suite.hpp"
#include "testsupport/golden.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge {
namespace {

void expectGeneratedSuite(const std::string& variant) {
    const auto dir = testing::casesDir() / variant / "generated";
    const grader::CaseSuite suite = grader::CaseSuite::load(dir);
    ASSERT_NE(suite.variant, nullptr);
    EXPECT_EQ(suite.cases.size(), 50u);
    EXPECT_NE(testing::readFile(dir / "suite.yaml").find("generated_by: \"plyjudge gen " + variant + " --count 50 --seed 1\""),
              std::string::npos);
    for (const grader::SuiteCase& c : suite.cases) testing::expectGoldenCase(*suite.variant, c.dir);
}

TEST(GeneratedSuites, Reversi) { expectGeneratedSuite("reversi"); }
TEST(GeneratedSuites, Starcircle) { expectGeneratedSuite("starcircle"); }
TEST(GeneratedSuites, Squirrel) { expectGeneratedSuite("squirrel"); }
TEST(GeneratedSuites, Gomoku561) { expectGeneratedSuite("gomoku561"); }

}  // namespace
}  // namespace plyjudge
