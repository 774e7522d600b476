// Basic behaviour of runSandboxed and SandboxedProcess, with and without bubblewrap (the hostile programs
// are in hostile/).
#include <gtest/gtest.h>

#include <csignal>

#include "grader/sandbox/sandbox.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::grader {
namespace {

using testing::TempDir;

class SandboxTest : public ::testing::TestWithParam<bool> {
protected:
    RunSpec spec(std::vector<std::string> argv) {
        RunSpec s;
        s.argv = std::move(argv);
        s.workDir = dir.path();
        s.isolate = GetParam();
        s.limits.wallSeconds = 2;
        s.limits.cpuSeconds = 2;
        s.limits.memoryBytes = 512ULL << 20;
        return s;
    }
    void SetUp() override {
        if (GetParam() && !isolationSupport().available) GTEST_SKIP() << isolationSupport().reason;
    }
    TempDir dir;
};

TEST_P(SandboxTest, CapturesStdoutStderrAndExitCode) {
    RunOutcome r = runSandboxed(spec({"/bin/sh", "-c", "echo out; echo err >&2; exit 3"}));
    EXPECT_EQ(r.termination, Termination::Exited) << r.detail << r.judgeError;
    EXPECT_EQ(r.exitCode, 3);
    EXPECT_EQ(r.stdoutHead, "out\n");
    EXPECT_EQ(r.stderrHead, "err\n");
    EXPECT_EQ(r.stdoutBytes, 4u);
    EXPECT_EQ(r.isolated, GetParam());
    EXPECT_FALSE(r.ok());
}

TEST_P(SandboxTest, RunsInWorkDirWithHomeThere) {
    testing::writeFile(dir / "input.txt", "abc");
    RunOutcome r = runSandboxed(spec({"sh", "-c", "cat input.txt; echo \" $HOME\" > home.txt; pwd"}));
    ASSERT_TRUE(r.ok()) << r.detail << r.stderrHead;
    EXPECT_EQ(r.stdoutHead, "abc" + dir.path().string() + "\n");
    EXPECT_EQ(testing::readFile(dir / "home.txt"), " " + dir.path().string() + "\n");
}

TEST_P(SandboxTest, KillsAtWallTimeLimit) {
    RunSpec s = spec({"sleep", "30"});
    s.limits.wallSeconds = 0.3;
    RunOutcome r = runSandboxed(s);
    EXPECT_EQ(r.termination, Termination::WallTimeout);
    EXPECT_LT(r.wallSeconds, 2.0);
}

TEST_P(SandboxTest, TruncatesCaptureAndStopsAFlood) {
    RunSpec s = spec({"yes"});
    s.limits.maxCapturedBytes = 100;
    s.limits.maxStreamBytes = 1 << 20;
    RunOutcome r = runSandboxed(s);
    EXPECT_EQ(r.termination, Termination::OutputLimit);
    EXPECT_EQ(r.stdoutHead.size(), 100u);
    EXPECT_GT(r.stdoutBytes, 1u << 20);
}

TEST_P(SandboxTest, MissingProgramIsAJudgeError) {
    RunOutcome r = runSandboxed(spec({"no-such-program-plyjudge"}));
    EXPECT_EQ(r.termination, Termination::JudgeError);
    EXPECT_NE(r.judgeError.find("no-such-program-plyjudge"), std::string::npos);
}

TEST_P(SandboxTest, ReportsTheSignal) {
    RunOutcome r = runSandboxed(spec({"sh", "-c", "kill -TERM $$"}));
    EXPECT_EQ(r.termination, Termination::Signaled) << r.detail;
    EXPECT_EQ(r.signal, SIGTERM);
}

TEST_P(SandboxTest, SandboxedProcessCanBeWaitedForAndKilled) {
    auto p = SandboxedProcess::start(spec({"sleep", "30"}));
    EXPECT_TRUE(p->running());
    EXPECT_FALSE(p->waitFor(std::chrono::milliseconds(50)).has_value());
    RunOutcome r = p->killTree();
    EXPECT_FALSE(p->running());
    EXPECT_EQ(r.termination, Termination::Signaled);
    EXPECT_EQ(r.signal, SIGKILL);
}

TEST_P(SandboxTest, SandboxedProcessMeasuresCpu) {
    auto p = SandboxedProcess::start(spec({"sh", "-c", "while :; do :; done"}));
    auto r = p->waitFor(std::chrono::milliseconds(400));
    EXPECT_FALSE(r.has_value());
    double cpu = p->cpuSeconds();
    EXPECT_GT(cpu, 0.1);
    EXPECT_LT(cpu, 1.0);
    p->killTree();
}

INSTANTIATE_TEST_SUITE_P(Isolation, SandboxTest, ::testing::Values(false, true),
                         [](const auto& info) { return info.param ? "bwrap" : "plain"; });

}  // namespace
}  // namespace plyjudge::grader
