// The disk quota (disk_quota.hpp): what a run holds in its folder and its private temporary folders, together, is
// bounded, whatever each folder's own size limit allows; many empty files count too.
#include <gtest/gtest.h>

#include "sandbox/sandbox.hpp"
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

}  // namespace
}  // namespace plyjudge::sandbox
