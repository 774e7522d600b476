// What a program writes reaches the results bounded (common/report_text.hpp): one 20 MiB output line or a flood of
// stderr gives a result of a few KiB, saying how much was left out.
#include <gtest/gtest.h>

#include "common/report_text.hpp"
#include "grader/results/results_loader.hpp"
#include "grader/test/grader_test_support.hpp"
#include "reports/report_formats.hpp"

using namespace plyjudge::grader;
using namespace plyjudge::grader::testing;

namespace {

CaseResult starcircleRun(const std::string& pythonCode) {
    plyjudge::sandbox::SandboxLimits limits = quickLimits();
    limits.maxFileBytes = 64ULL << 20;  // the long line is within the limits: only the report must stay small
    return runCommandOnCase("starcircle", "published", "example1", pythonPath() + " -c " + quoted(pythonCode), limits);
}

std::string jsonOf(const CaseResult& r) {
    return plyjudge::reports::renderJson(assembleRunResults("t", "starcircle", {}, {"s"}, {{"s", r}}));
}

}  // namespace

TEST(BoundedReports, OneOutputLineOf20MiBGivesAResultOfAFewKiB) {
    constexpr std::size_t kLine = 20u << 20;
    const CaseResult r =
        starcircleRun("open('output.txt', 'w').write(chr(10).join(['A' * " + std::to_string(kLine) + ", '160', '160', '5', '']))");
    ASSERT_EQ(r.verdict, Verdict::WrongAnswer) << verdictName(r.verdict) << ": " << r.message.substr(0, 500) << "\n" << r.detail();
    ASSERT_TRUE(r.difference && r.difference->actual);
    const std::string& actual = *r.difference->actual;
    EXPECT_LE(actual.size(), plyjudge::kReportLineBytes);
    const std::size_t kept = actual.find(' ');
    ASSERT_NE(kept, std::string::npos) << actual;
    EXPECT_NE(actual.find("[" + std::to_string(kLine - kept) + " more bytes]"), std::string::npos) << actual;
    EXPECT_LE(r.message.size(), plyjudge::kReportMessageBytes);
    EXPECT_NE(r.message.find("move differs"), std::string::npos) << r.message.substr(0, 500);
    EXPECT_LT(jsonOf(r).size(), 64u << 10);
}

TEST(BoundedReports, AFloodOfStderrKeepsAFewKiBAndSaysHowMuchMore) {
    const CaseResult r = starcircleRun("import sys; sys.stderr.write('E' * (1 << 20)); sys.exit(3)");
    ASSERT_EQ(r.verdict, Verdict::RuntimeError) << r.message;
    EXPECT_LE(r.stderrHead.size(), plyjudge::kReportStderrBytes);
    EXPECT_GT(r.stderrHead.size(), plyjudge::kReportStderrBytes / 2);
    EXPECT_NE(r.stderrHead.find(" more bytes]"), std::string::npos) << r.stderrHead.substr(r.stderrHead.size() - 100);
    EXPECT_LT(jsonOf(r).size(), 64u << 10);
}
