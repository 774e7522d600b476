// A thread's runs reuse one set of cgroups (cgroup.cpp, "Reuse"): the next run must see nothing of the last one —
// not its CPU time, not its peak, not its limits, not its memory-limit kill, not its files still charged — and a set
// that is not clean is never handed on. Each assertion on what a run sees failed with a reuse that skipped the step
// it names (tried while writing them). Skipped, saying why, where the runs get no cgroups or the host has cgroup v2
// (no reuse there).
#include <gtest/gtest.h>

#include <thread>

#include "sandbox/cgroup.hpp"
#include "sandbox/isolation.hpp"
#include "sandbox/sandbox.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::sandbox {
namespace {

using testing::TempDir;

// Whether a thread's next run may take the cgroups of its last: probed with a set taken and given back at once.
bool nextRunReuses() { return detail::RunCgroup::create("probe", SandboxLimits{}).reused(); }

class CgroupReuseTest : public ::testing::TestWithParam<bool> {
protected:
    void SetUp() override {
        if (GetParam() && !isolationSupport().available) GTEST_SKIP() << isolationSupport().reason;
        if (!detail::cgroupUnavailableReason().empty())
            GTEST_SKIP() << "no cgroups for the runs here (" << detail::cgroupUnavailableReason() << ")";
        if (!detail::runCgroupsReused()) GTEST_SKIP() << "runs do not reuse cgroups on this host (cgroup v2)";
    }
    // A run of argv in the test's folder, with 20 s of wall, 10 s of CPU and memoryMib MiB.
    RunSpec spec(std::vector<std::string> argv, std::uint64_t memoryMib = 512) {
        RunSpec s;
        s.argv = std::move(argv);
        s.workDir = dir.path();
        s.isolate = GetParam();
        s.limits = {.wallSeconds = 20, .cpuSeconds = 10, .memoryBytes = memoryMib << 20};
        s.readOnlyPaths = {SANDBOX_TEST_ALLOCATE};  // named inside an sh -c string too: declared, as a grader declares
        return s;
    }
    RunOutcome run(std::vector<std::string> argv) { return runSandboxed(spec(std::move(argv))); }
    TempDir dir;
};

TEST_P(CgroupReuseTest, TheNextRunReusesTheSetAndSeesNeitherTheCpuNorThePeakOfTheLast) {
    // 64 MiB held, and over half a second of CPU burnt in a child nobody waits for (it counts only in the cgroup).
    const RunOutcome last = run({"/bin/sh", "-c", std::string(SANDBOX_TEST_ALLOCATE) + " 64 100 & "
                                 "/usr/bin/python3 -c 'import time\nend = time.process_time() + 0.6\n"
                                 "while time.process_time() < end: pass' & wait"});
    ASSERT_TRUE(last.ok()) << last.detail << last.stderrHead;
    ASSERT_GT(last.peakMemoryBytes, 64ULL << 20);
    ASSERT_GT(last.cpuSeconds, 0.6);
    {
        const detail::RunCgroup probe = detail::RunCgroup::create("probe", spec({}).limits);
        EXPECT_TRUE(probe.reused()) << "the run's set was not kept for the next run";
        EXPECT_LT(probe.cpuSeconds(), 0.01);
        EXPECT_LE(probe.peakBytes(), 2ULL << 20);  // what may be left of a clean run: the kernel's remainders
    }
    const RunOutcome next = run({"/bin/sh", "-c", "echo next"});
    ASSERT_TRUE(next.ok()) << next.detail;
    EXPECT_LT(next.cpuSeconds, 0.3);
    EXPECT_LT(next.peakMemoryBytes, 40ULL << 20);
}

TEST_P(CgroupReuseTest, ASetStillChargedWithTheLastRunsFilesIsNotHandedOn) {
    // 16 MiB written in the run's folder: its page cache stays charged to the set while the file exists.
    ASSERT_TRUE(run({"/bin/sh", "-c", "head -c 16777216 /dev/zero > kept.bin"}).ok());
    const detail::RunCgroup probe = detail::RunCgroup::create("probe", spec({}).limits);
    EXPECT_FALSE(probe.reused()) << "a set charged with 16 MiB of another run's files was handed on";
    EXPECT_LT(probe.peakBytes(), 2ULL << 20);
}

TEST_P(CgroupReuseTest, ASetWhereTheKernelKilledAtTheMemoryLimitIsNotHandedOn) {
    const RunOutcome killed = runSandboxed(spec({SANDBOX_TEST_ALLOCATE, "300"}, 64));
    ASSERT_EQ(killed.termination, Termination::MemoryLimit) << killed.detail;
    const detail::RunCgroup probe = detail::RunCgroup::create("probe", spec({}).limits);
    EXPECT_FALSE(probe.reused()) << "its count of kills cannot be reset";
    EXPECT_FALSE(probe.memoryLimitKilled());
}

TEST_P(CgroupReuseTest, AReusedSetTakesTheNextRunsLimitsUpAndDown) {
    runSandboxed(spec({"/bin/true"}, 64));  // the set is kept with 64 MiB
    EXPECT_TRUE(detail::RunCgroup::create("probe", spec({}, 256).limits).reused()) << "raising it made a new set";
    const RunOutcome grown = runSandboxed(spec({SANDBOX_TEST_ALLOCATE, "100"}, 256));
    EXPECT_TRUE(grown.ok()) << "100 MiB under a limit raised to 256 MiB: " << grown.detail;
    runSandboxed(spec({"/bin/true"}, 256));  // kept with 256 MiB, clean
    EXPECT_TRUE(detail::RunCgroup::create("probe", spec({}, 64).limits).reused()) << "lowering it made a new set";
    const RunOutcome stopped = runSandboxed(spec({SANDBOX_TEST_ALLOCATE, "100"}, 64));
    EXPECT_EQ(stopped.termination, Termination::MemoryLimit) << "100 MiB under a limit lowered to 64 MiB: "
                                                             << stopped.detail;
}

TEST_P(CgroupReuseTest, AnotherThreadsRunNeverTakesThisThreadsSet) {
    run({"/bin/true"});
    bool reusedThere = true;
    std::thread([&] { reusedThere = nextRunReuses(); }).join();
    EXPECT_FALSE(reusedThere);
    EXPECT_TRUE(nextRunReuses());
}

INSTANTIATE_TEST_SUITE_P(Isolation, CgroupReuseTest, ::testing::Values(false, true),
                         [](const auto& info) { return info.param ? "bwrap" : "plain"; });

}  // namespace
}  // namespace plyjudge::sandbox
