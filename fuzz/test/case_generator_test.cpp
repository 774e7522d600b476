// The case generator: reproducible from its seed, hits the coverage targets, writes suites the grader
// loads, and `plyjudge gen` reports coverage and writes the same bytes twice.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdio>

#include "fuzz/case_generator.hpp"
#include "grader/suite/case_suite.hpp"
#include "testsupport/run_command.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::fuzz {
namespace {

const std::vector<std::string_view> kVariants = {"reversi", "starcircle", "squirrel", "gomoku561"};

TEST(CaseGenerator, SameSeedSameCasesOtherSeedOtherCases) {
    for (std::string_view v : kVariants) {
        const InputGenerator& t = *findInputGenerator(v);
        GenerateOptions small;
        small.minCandidates = 40;
        const GeneratedSuite a = generateSuite(t, 12, 7, small), b = generateSuite(t, 12, 7, small),
                             c = generateSuite(t, 12, 8, small);
        ASSERT_EQ(a.cases.size(), 12u) << v;
        ASSERT_EQ(b.cases.size(), 12u) << v;
        bool differs = false;
        for (std::size_t i = 0; i < a.cases.size(); ++i) {
            EXPECT_EQ(a.cases[i].name, b.cases[i].name);
            EXPECT_EQ(a.cases[i].input, b.cases[i].input) << v << " case " << i;
            EXPECT_EQ(a.cases[i].expected, b.cases[i].expected) << v << " case " << i;
            differs |= i < c.cases.size() && a.cases[i].input != c.cases[i].input;
        }
        EXPECT_TRUE(differs) << v << ": seeds 7 and 8 gave the same cases";
    }
}

TEST(CaseGenerator, FiftyCasesHitEveryTargetAndStaySmall) {
    for (std::string_view v : kVariants) {
        const GeneratedSuite s = generateSuite(*findInputGenerator(v), 50, 1);
        EXPECT_EQ(s.cases.size(), 50u) << v;
        for (const TargetCount& t : s.coverage) EXPECT_GT(t.cases, 0) << v << ": missed " << t.target;
        std::size_t bytes = 0;
        for (const GeneratedCase& c : s.cases) {
            std::size_t caseBytes = 0;
            for (const auto& f : c.expected) caseBytes += f.second.size();
            EXPECT_LE(caseBytes, GenerateOptions{}.maxCaseBytes) << v << " " << c.name;
            EXPECT_FALSE(c.expected.empty());
            bytes += caseBytes + c.input.size();
        }
        EXPECT_LT(bytes, 500u * 1024) << v;
    }
}

TEST(CaseGenerator, WrittenSuiteLoadsInTheGraderWithTheReferencesOutputs) {
    testing::TempDir dir;
    const GeneratedSuite s = generateSuite(*findInputGenerator("reversi"), 5, 3);
    writeSuite(s, dir / "suite", "plyjudge gen reversi --count 5 --seed 3");
    const grader::CaseSuite suite = grader::CaseSuite::load(dir / "suite");
    EXPECT_EQ(suite.variantName, "reversi");
    EXPECT_EQ(suite.visibility, grader::Visibility::Hidden);
    ASSERT_EQ(suite.cases.size(), 5u);
    for (std::size_t i = 0; i < 5; ++i) {
        EXPECT_EQ(testing::readFile(suite.cases[i].input()), s.cases[i].input);
        for (const auto& [name, content] : s.cases[i].expected) EXPECT_EQ(testing::readFile(suite.cases[i].dir / name), content);
        // The expected outputs are the reference's on the input as written.
        EXPECT_EQ(referenceOutputs(*suite.variant, testing::readFile(suite.cases[i].input())), s.cases[i].expected);
    }
    EXPECT_NE(testing::readFile(dir / "suite" / "suite.yaml").find("generated_by: \"plyjudge gen reversi --count 5 --seed 3\""),
              std::string::npos);
}

std::pair<int, std::string> shell(const std::string& command) {
    const testing::CommandRun r = testing::runShell(command);
    return {r.status, r.output};
}

TEST(PlyjudgeGen, WritesTheSameBytesTwiceAndReportsCoverage) {
    testing::TempDir dir;
    for (const char* out : {"a", "b"}) {
        const auto [status, output] = shell("'" PLYJUDGE_BINARY "' gen starcircle --count 20 --seed 5 '" + (dir / out).string() + "'");
        ASSERT_EQ(status, 0) << output;
        EXPECT_NE(output.find("wrote 20 starcircle cases"), std::string::npos) << output;
        EXPECT_NE(output.find("coverage: "), std::string::npos) << output;
        EXPECT_NE(output.find("jump"), std::string::npos) << output;
    }
    const auto [status, diff] = shell("diff -r '" + (dir / "a").string() + "' '" + (dir / "b").string() + "'");
    EXPECT_EQ(status, 0) << diff;
    EXPECT_NE(testing::readFile(dir / "a" / "suite.yaml").find("generated_by: \"plyjudge gen starcircle --count 20 --seed 5\""),
              std::string::npos);
}

TEST(PlyjudgeGen, BadUsageExitsTwo) {
    testing::TempDir dir;
    EXPECT_EQ(shell("'" PLYJUDGE_BINARY "' gen nosuch '" + (dir / "x").string() + "'").first, 2);
    EXPECT_EQ(shell("'" PLYJUDGE_BINARY "' gen reversi --count 0 '" + (dir / "x").string() + "'").first, 2);
    EXPECT_EQ(shell("'" PLYJUDGE_BINARY "' gen reversi").first, 2);
}

}  // namespace
}  // namespace plyjudge::fuzz
