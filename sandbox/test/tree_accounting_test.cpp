// Whole-tree accounting and limits (cgroup.hpp): what a run's processes use is counted for the whole tree, including
// children that nobody reaps and memory that no process maps. Both tests failed before the run's cgroups (issue 25,
// break 7): the CPU of auto-reaped children was not counted (6 s graded OK against a 3 s limit, 0.21 s reported),
// and memory held in memfds was not seen (720 MiB under a 512 MiB limit reported a 12 MB peak).
#include <gtest/gtest.h>

#include <unistd.h>

#include "sandbox/cgroup.hpp"
#include "sandbox/sandbox.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::sandbox {
namespace {

class TreeAccountingTest : public ::testing::TestWithParam<bool> {
protected:
    void SetUp() override {
        if (GetParam() && !isolationSupport().available) GTEST_SKIP() << isolationSupport().reason;
        if (!detail::cgroupUnavailableReason().empty())
            GTEST_SKIP() << "no cgroups for the runs here (" << detail::cgroupUnavailableReason()
                         << "): the limits are per process (sandbox/README.md)";
    }
    RunSpec spec(std::vector<std::string> argv) {
        RunSpec s;
        s.argv = std::move(argv);
        s.workDir = dir.path();
        s.isolate = GetParam();
        s.limits.wallSeconds = 20;
        s.limits.cpuSeconds = 1;
        s.limits.memoryBytes = 256ULL << 20;
        return s;
    }
    testing::TempDir dir;
};

TEST_P(TreeAccountingTest, TheCpuOfChildrenNobodyReapsIsCounted) {
    // Short-lived busy children, auto-reaped (SIGCHLD ignored): none lives to a tick, none is waited for.
    const char* program =
        "import os, signal, time\n"
        "signal.signal(signal.SIGCHLD, signal.SIG_IGN)\n"
        "for i in range(40):\n"
        "    if os.fork() == 0:\n"
        "        end = time.process_time() + 0.08\n"
        "        while time.process_time() < end: pass\n"
        "        os._exit(0)\n"
        "    time.sleep(0.1)\n";
    const RunOutcome r = runSandboxed(spec({"/usr/bin/python3", "-c", program}));
    EXPECT_EQ(r.termination, Termination::CpuTimeout) << r.detail << " cpu " << r.cpuSeconds << r.stderrHead;
    EXPECT_GT(r.cpuSeconds, 1.0);
}

TEST_P(TreeAccountingTest, MemoryThatNoProcessMapsCountsAgainstTheLimit) {
    // 400 MiB written into memfds, never mapped: RLIMIT_AS never sees it.
    const char* program =
        "import os\n"
        "block = b'x' * (1 << 20)\n"
        "fds = [os.memfd_create('hold%d' % i) for i in range(4)]\n"
        "for i in range(400): os.write(fds[i % 4], block)\n"
        "print('held')\n";
    RunSpec s = spec({"/usr/bin/python3", "-c", program});
    s.limits.cpuSeconds = 10;
    s.limits.memoryBytes = 128ULL << 20;
    const RunOutcome r = runSandboxed(s);
    EXPECT_EQ(r.termination, Termination::MemoryLimit) << r.detail << " peak " << r.peakMemoryBytes << r.stdoutHead;
    EXPECT_EQ(r.stdoutHead.find("held"), std::string::npos);
}

TEST_P(TreeAccountingTest, APlainRunIsMeasuredAsBefore) {
    const RunOutcome r = runSandboxed(spec({"/bin/sh", "-c", "echo ok"}));
    EXPECT_TRUE(r.ok()) << r.detail << r.stderrHead;
    EXPECT_LT(r.cpuSeconds, 0.5);
    EXPECT_LT(r.peakMemoryBytes, 64ULL << 20);
}

INSTANTIATE_TEST_SUITE_P(Isolation, TreeAccountingTest, ::testing::Bool(),
                         [](const auto& info) { return info.param ? "bwrap" : "plain"; });

}  // namespace
}  // namespace plyjudge::sandbox
