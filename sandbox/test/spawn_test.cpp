// How a run is started (launch.cpp:spawn): by vfork, so the grader's memory is not copied for each run. A fork marks
// every page of the grader copy-on-write, and the grader then takes a page fault for each page it writes again; a
// vforked child borrows the memory until it execs and leaves it as it was.
#include <gtest/gtest.h>

#include <cstring>
#include <sys/mman.h>
#include <sys/resource.h>

#include "sandbox/isolation.hpp"
#include "sandbox/sandbox.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::sandbox {
namespace {

long minorFaultsOfThisThread() {
    rusage usage{};
    ::getrusage(RUSAGE_THREAD, &usage);
    return usage.ru_minflt;
}

class Spawn : public ::testing::TestWithParam<bool> {
protected:
    void SetUp() override {
        if (GetParam() && !isolationSupport().available) GTEST_SKIP() << isolationSupport().reason;
    }
    testing::TempDir dir;
};

TEST_P(Spawn, StartingARunLeavesTheGradersMemoryUncopied) {
    constexpr std::size_t kBytes = 64 << 20;  // 16,384 small pages
    void* memory = ::mmap(nullptr, kBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    ASSERT_NE(memory, MAP_FAILED);
    ::madvise(memory, kBytes, MADV_NOHUGEPAGE);  // one fault per 4 KiB page, whatever the host's THP setting
    std::memset(memory, 1, kBytes);
    RunSpec spec;
    spec.argv = {"/bin/true"};
    spec.workDir = dir.path();
    spec.isolate = GetParam();
    const RunOutcome r = runSandboxed(spec);
    ASSERT_TRUE(r.ok()) << r.detail << r.judgeFaultText();
    const long before = minorFaultsOfThisThread();
    std::memset(memory, 2, kBytes);  // after a fork, each page written is copied first
    const long faults = minorFaultsOfThisThread() - before;
    ::munmap(memory, kBytes);
    EXPECT_LT(faults, 1000) << "the grader's pages were made copy-on-write by starting the run";
}

INSTANTIATE_TEST_SUITE_P(Isolation, Spawn, ::testing::Bool(),
                         [](const auto& info) { return info.param ? "bubblewrap" : "plain"; });

}  // namespace
}  // namespace plyjudge::sandbox
