// The disk quota (disk_quota.hpp): what a run holds in its folder and its private temporary folders, together, is
// bounded, whatever each folder's own size limit allows; many empty files count too.
#include <gtest/gtest.h>

#include <csignal>
#include <thread>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sandbox/disk_quota.hpp"
#include "sandbox/sandbox.hpp"
#include "sandbox/stream_capture.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::sandbox {
namespace {

RunSpec shellRun(const std::filesystem::path& dir, const std::string& script) {
    RunSpec spec;
    spec.argv = {"/bin/sh", "-c", script};
    spec.workDir = dir;
    spec.limits.wallSeconds = 20;
    spec.limits.cpuSeconds = 20;
    spec.limits.maxFileBytes = 16ULL << 20;
    spec.limits.diskBytes = 24ULL << 20;
    return spec;
}

// 12 MiB in each temporary folder: each under its own size (16 MiB), 36 MiB together, over the quota (24 MiB).
constexpr const char* kFillTemporaryFolders =
    "for d in /tmp /var/tmp /dev/shm; do head -c 12582912 /dev/zero > $d/scratch || exit 9; done; sleep 1; echo kept";

TEST(DiskQuota, TheTemporaryFoldersCountTogether) {
    if (!isolationSupport().available) GTEST_SKIP() << "the private temporary folders need bubblewrap: " << isolationSupport().reason;
    plyjudge::testing::TempDir dir;
    const RunOutcome r = runSandboxed(shellRun(dir.path(), kFillTemporaryFolders));
    EXPECT_EQ(r.termination, Termination::OutputLimit) << terminationName(r.termination) << ": " << r.detail;
    EXPECT_NE(r.detail.find("disk quota 24 MiB"), std::string::npos) << r.detail;
    EXPECT_EQ(r.stdoutHead, "");
}

TEST(DiskQuota, WithoutAQuotaTheSameRunEnds) {
    if (!isolationSupport().available) GTEST_SKIP() << "the private temporary folders need bubblewrap: " << isolationSupport().reason;
    plyjudge::testing::TempDir dir;
    RunSpec spec = shellRun(dir.path(), kFillTemporaryFolders);
    spec.limits.diskBytes = 0;
    const RunOutcome r = runSandboxed(spec);
    EXPECT_TRUE(r.ok()) << terminationName(r.termination) << ": " << r.detail << " " << r.stderrHead;
    EXPECT_EQ(r.stdoutHead, "kept\n");
}

// 120,000 empty files in the run's folder: no bytes, but the disk's inodes.
TEST(DiskQuota, ManyEmptyFilesAreOverIt) {
    plyjudge::testing::TempDir dir;
    RunSpec spec = shellRun(dir.path(), "");
    spec.argv = {"/usr/bin/python3", "-c",
                 "import os, time\nos.mkdir('f')\nfor i in range(120000): open('f/%d' % i, 'w').close()\n"
                 "time.sleep(1)\nprint('done')"};
    spec.limits.wallSeconds = 120;
    spec.limits.cpuSeconds = 120;
    const RunOutcome r = runSandboxed(spec);
    EXPECT_EQ(r.termination, Termination::OutputLimit) << terminationName(r.termination) << ": " << r.detail;
    EXPECT_NE(r.detail.find("files and folders"), std::string::npos) << r.detail;
}

// bwrap reports its pid 1 before that process has entered the run's root: its /tmp and /var/tmp are then the host's,
// whose gigabytes are nobody's (on a loaded machine the canary was once stopped for "wrote 42903 MiB"). A process of the
// host's own root, reported as the namespace's, counts nothing, however full the host's folders are.
TEST(DiskQuota, AProcessNotYetInTheRunsRootCountsNothing) {
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        ::pause();
        ::_exit(0);
    }
    struct stat ns {};
    ASSERT_EQ(::stat(("/proc/" + std::to_string(child) + "/ns/mnt").c_str(), &ns), 0);
    int fds[2];
    ASSERT_EQ(::pipe(fds), 0);
    const std::string info = "{ \"child-pid\": " + std::to_string(child) + ", \"mnt-namespace\": " + std::to_string(ns.st_ino) + " }\n";
    ASSERT_EQ(::write(fds[1], info.data(), info.size()), ssize_t(info.size()));
    ::close(fds[1]);
    detail::StreamCapture bwrapInfo(fds[0], 4096);
    plyjudge::testing::TempDir dir;
    SandboxLimits limits;
    limits.diskBytes = 1;  // any byte of the host's /tmp, /var/tmp or /dev/shm would be over it
    detail::DiskQuota quota(limits, dir.path(), 0, true);
    EXPECT_FALSE(quota.over(bwrapInfo)) << quota.detail();
    ::kill(child, SIGKILL);
    ::waitpid(child, nullptr, 0);
}

}  // namespace
}  // namespace plyjudge::sandbox
