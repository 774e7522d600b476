// The run's working directory measured in the walks that hand it over (work_tree.hpp): the bytes of its regular
// files before and after the run, links never followed, the largest file (the evidence of a file at the size limit).
#include <gtest/gtest.h>

#include <filesystem>
#include <sys/stat.h>
#include <unistd.h>

#include "sandbox/isolation.hpp"
#include "sandbox/sandbox.hpp"
#include "sandbox/work_tree.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::sandbox {
namespace {

using testing::TempDir;

TEST(WorkTree, CountsRegularFilesBelowWithoutFollowingLinks) {
    TempDir dir, outside;
    testing::writeFile(outside / "big.txt", std::string(50000, 'x'));
    testing::writeFile(dir / "a.txt", std::string(100, 'a'));
    std::filesystem::create_directories(dir / "deep" / "er");
    testing::writeFile(dir / "deep" / "er" / "b.txt", std::string(3000, 'b'));
    std::filesystem::create_symlink(outside / "big.txt", dir / "link.txt");
    std::filesystem::create_directory_symlink(outside.path(), dir / "linked-folder");
    const detail::WorkTreeFigures f = detail::walkWorkTree(dir.path());
    EXPECT_EQ(f.bytes, 3100u);
    EXPECT_EQ(f.largestFile, 3000u);
}

TEST(WorkTree, GivesEveryEntryButWhatLinksPointToOwner) {
    if (::geteuid() != 0) GTEST_SKIP() << "changing owners needs root";
    TempDir dir, outside;
    testing::writeFile(outside / "theirs.txt", "x");
    std::filesystem::create_directories(dir / "sub");
    testing::writeFile(dir / "sub" / "f.txt", "12345");
    std::filesystem::create_symlink(outside / "theirs.txt", dir / "sub" / "link");
    detail::walkWorkTree(dir.path(), 61999, 61999);
    struct stat st {};
    for (const char* p : {"", "sub", "sub/f.txt", "sub/link"}) {
        ASSERT_EQ(::lstat((dir / p).c_str(), &st), 0) << p;
        EXPECT_EQ(st.st_uid, 61999u) << p;
    }
    ASSERT_EQ(::stat((outside / "theirs.txt").c_str(), &st), 0);
    EXPECT_EQ(st.st_uid, 0u) << "a link's target was given away";
    detail::walkWorkTree(dir.path(), 0, 0);
}

class MeasuredRun : public ::testing::TestWithParam<bool> {
protected:
    void SetUp() override {
        if (GetParam() && !isolationSupport().available) GTEST_SKIP() << isolationSupport().reason;
    }
    TempDir dir;
};

TEST_P(MeasuredRun, TheRunsFolderIsMeasuredBeforeAndAfter) {
    testing::writeFile(dir / "input.txt", std::string(76, 'i'));
    RunSpec spec;
    spec.argv = {"/bin/sh", "-c", "mkdir -p out/deeper && head -c 12345 /dev/zero > out/deeper/log && ln -s /etc/passwd p"};
    spec.workDir = dir.path();
    spec.isolate = GetParam();
    spec.measureWorkDir = true;
    const RunOutcome r = runSandboxed(spec);
    ASSERT_TRUE(r.ok()) << r.detail << r.judgeFaultText() << r.stderrHead;
    EXPECT_EQ(r.workDirBytesAtStart, 76u);
    EXPECT_EQ(r.workDirBytesAtEnd, 76u + 12345u);
}

INSTANTIATE_TEST_SUITE_P(Isolation, MeasuredRun, ::testing::Bool(),
                         [](const auto& info) { return info.param ? "bubblewrap" : "plain"; });

// A run's output is read whole only up to a cap (a flood is refused, not read), and never through a link.
TEST(RunOutput, IsReadUpToACapAndNeverThroughALink) {
    TempDir dir, outside;
    testing::writeFile(dir / "out.txt", std::string(1000, 'o'));
    testing::writeFile(outside / "secret.txt", "hidden");
    std::filesystem::create_symlink(outside / "secret.txt", dir / "link.txt");
    EXPECT_EQ(readRunOutput(openRunOutput(dir.path(), "out.txt"), 1000), std::string(1000, 'o'));
    EXPECT_FALSE(readRunOutput(openRunOutput(dir.path(), "out.txt"), 999));
    EXPECT_FALSE(readRunOutput(openRunOutput(dir.path(), "link.txt"), 1000));
    EXPECT_FALSE(readRunOutput(openRunOutput(dir.path(), "missing.txt"), 1000));
}

}  // namespace
}  // namespace plyjudge::sandbox
