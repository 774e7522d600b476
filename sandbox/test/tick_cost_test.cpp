// The tick (every 100 ms of a run's life: CPU limit, process count, peak memory) of a run that has cgroups reads the
// run's cgroup, not every process of the machine (accounting.cpp:sampleCgroupTree). Each /proc walk read about 150
// processes' files here: a cost per tick of every run, which slow programs and a loaded machine pay many times over.
#include <gtest/gtest.h>

#include <csignal>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sandbox/cgroup.hpp"
#include "sandbox/sandbox.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::sandbox {
namespace {

double cpuOfThisThread() {
    rusage usage{};
    ::getrusage(RUSAGE_THREAD, &usage);
    return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + 1e-6 * double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
}

TEST(TickCost, ATickOfARunWithCgroupsReadsNoOtherProcess) {
    if (!detail::cgroupUnavailableReason().empty()) GTEST_SKIP() << "no cgroups: " << detail::cgroupUnavailableReason();
    // A machine with many processes, whatever the host: 300 idle grandchildren of the test, in a group of their own
    // (below one child, so that the run's cleanup, which looks at the grader's own children, has one to look at).
    const pid_t holder = ::fork();
    ASSERT_GE(holder, 0);
    if (holder == 0) {
        ::setpgid(0, 0);
        for (int i = 0; i < 300; ++i)
            if (::fork() == 0) {
                ::pause();
                ::_exit(0);
            }
        ::pause();
        ::_exit(0);
    }
    ::setpgid(holder, holder);
    ::usleep(300000);  // the 300 are started
    testing::TempDir dir;
    RunSpec spec;
    spec.argv = {"/bin/sleep", "1.5"};  // 15 ticks
    spec.workDir = dir.path();
    spec.isolate = false;  // the supervision alone (bwrap adds nothing to the tick)
    const double before = cpuOfThisThread();
    const RunOutcome r = runSandboxed(spec);  // supervised on this thread
    const double supervision = cpuOfThisThread() - before;
    ::kill(-holder, SIGKILL);
    while (::waitpid(-1, nullptr, 0) > 0) {  // the holder, and its children, which came back to the subreaper
    }
    ASSERT_TRUE(r.ok()) << r.detail << r.judgeFaultText();
    // Measured here: 4.2-4.7 ms for the whole supervision (start, 15 ticks, cleanup) with cgroup ticks; 213 ms when
    // every tick walked /proc and its 450 processes.
    EXPECT_LT(supervision, 0.020) << "the supervision of a 1.5 s run cost " << supervision * 1000 << " ms of CPU";
}

}  // namespace
}  // namespace plyjudge::sandbox
