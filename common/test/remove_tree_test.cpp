// Removing what a program left, whatever modes it set (issue 25, break 9): as an unprivileged user (nobody
// when the tests run as root), folders with every permission taken away, nested, with files inside, and the
// folder's own write bit removed; symbolic links removed, never followed; nesting deeper than PATH_MAX.
#include <fcntl.h>
#include <grp.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <optional>

#include "common/remove_tree.hpp"
#include "testsupport/temp_dir.hpp"

using plyjudge::removeTree;
using plyjudge::TempDir;
namespace fs = std::filesystem;

namespace {

constexpr uid_t kNobody = 65534;
constexpr int kCannotSwitch = 77;

// Runs `work` in a child process as an unprivileged user: nobody when we are root (it owns `home`), else
// ourselves. Its exit status, or nullopt when root cannot become nobody here.
std::optional<int> runUnprivileged(const fs::path& home, const std::function<int()>& work) {
    if (::geteuid() == 0 && ::chown(home.c_str(), kNobody, kNobody) != 0) return std::nullopt;
    const pid_t pid = ::fork();
    if (pid == 0) {
        if (::geteuid() == 0 && (::setgroups(0, nullptr) != 0 || ::setgid(kNobody) != 0 || ::setuid(kNobody) != 0)) ::_exit(kCannotSwitch);
        ::_exit(work());
    }
    int status = 0;
    if (pid < 0 || ::waitpid(pid, &status, 0) != pid || !WIFEXITED(status)) return -1;
    if (WEXITSTATUS(status) == kCannotSwitch) return std::nullopt;
    return WEXITSTATUS(status);
}

// What a hostile program leaves in its working directory `dir`: nested folders with files, every permission
// taken away from them (innermost first, as it must), and the directory's own write bit removed.
void lockedTree(const fs::path& dir) {
    fs::create_directories(dir / "a" / "b" / "c");
    for (const fs::path& f : {dir / "top.txt", dir / "a" / "f", dir / "a" / "b" / "g", dir / "a" / "b" / "c" / "h"}) std::ofstream(f) << "x";
    for (const fs::path& d : {dir / "a" / "b" / "c", dir / "a" / "b", dir / "a"}) ::chmod(d.c_str(), 0);
    ::chmod(dir.c_str(), 0500);
}

bool gone(const fs::path& p) {
    struct stat st {};
    return ::lstat(p.c_str(), &st) != 0 && errno == ENOENT;
}

}  // namespace

// Failed before removeTree: TempDir's std::filesystem::remove_all stopped at the first folder it could not
// list, leaving the whole scratch folder behind.
TEST(RemoveTree, ATempDirGoesWhateverModesWereSetInIt) {
    TempDir base;
    const auto status = runUnprivileged(base.path(), [&] {
        ::setenv("TMPDIR", base.path().c_str(), 1);
        fs::path made;
        {
            TempDir scratch("plyjudge-grade", 0711);
            made = scratch.path();
            lockedTree(scratch / "run-1");
        }
        return gone(made) ? 0 : 1;
    });
    if (!status) GTEST_SKIP() << "root cannot switch to uid 65534 here (no CAP_SETUID?): chmod 0 stops only an unprivileged user";
    EXPECT_EQ(*status, 0) << "the scratch folder was left behind";
    EXPECT_TRUE(fs::is_empty(base.path()));
}

TEST(RemoveTree, ARunDirectoryGoesWhateverModesWereSetInIt) {
    TempDir base;
    const fs::path run = base / "run-1";
    const auto status = runUnprivileged(base.path(), [&] {
        lockedTree(run);
        ::chmod(run.c_str(), 0);  // the run's own folder too
        return removeTree(run) && gone(run) ? 0 : 1;
    });
    if (!status) GTEST_SKIP() << "root cannot switch to uid 65534 here (no CAP_SETUID?): chmod 0 stops only an unprivileged user";
    EXPECT_EQ(*status, 0);
    EXPECT_TRUE(gone(run));
}

TEST(RemoveTree, LinksAreRemovedNeverFollowed) {
    TempDir base;
    const fs::path outside = base / "outside", tree = base / "tree";
    fs::create_directories(outside / "inner");
    std::ofstream(outside / "inner" / "keep") << "x";
    ::chmod((outside / "inner").c_str(), 0500);  // a folder removeTree would open up if it followed the link
    fs::create_directories(tree / "sub");
    fs::create_directory_symlink(outside, tree / "sub" / "link");
    fs::create_directory_symlink(outside / "inner", tree / "inner-link");
    fs::create_symlink(outside / "inner" / "keep", tree / "file-link");
    ::chmod((tree / "sub").c_str(), 0);
    EXPECT_TRUE(removeTree(tree));
    EXPECT_TRUE(gone(tree));
    EXPECT_TRUE(fs::exists(outside / "inner" / "keep"));
    struct stat st {};
    ASSERT_EQ(::lstat((outside / "inner").c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 07777, 0500u);
    ::chmod((outside / "inner").c_str(), 0700);
}

// Regression (std::filesystem::remove_all of GCC 12 also copes): a chain of folders far deeper than PATH_MAX,
// made with relative names as a program would (mkdir, chdir).
TEST(RemoveTree, FoldersDeeperThanPathMax) {
    TempDir base;
    const fs::path deep = base / "deep";
    fs::create_directory(deep);
    int fd = ::open(deep.c_str(), O_RDONLY | O_DIRECTORY);
    ASSERT_GE(fd, 0);
    for (int depth = 0; depth < 400 && fd >= 0; ++depth) {  // 400 x 21 bytes: 8,400 bytes of path
        ::mkdirat(fd, "aaaaaaaaaaaaaaaaaaaa", 0700);
        ::close(::openat(fd, "file", O_CREAT | O_WRONLY | O_CLOEXEC, 0600));
        const int child = ::openat(fd, "aaaaaaaaaaaaaaaaaaaa", O_RDONLY | O_DIRECTORY);
        ::fchmod(fd, 0);
        ::close(fd);
        fd = child;
    }
    ASSERT_GE(fd, 0);
    ::close(fd);
    EXPECT_TRUE(removeTree(deep));
    EXPECT_TRUE(gone(deep));
}

TEST(RemoveTree, AFileOrNothingAtThePath) {
    TempDir base;
    std::ofstream(base / "f") << "x";
    EXPECT_TRUE(removeTree(base / "f"));
    EXPECT_TRUE(gone(base / "f"));
    EXPECT_TRUE(removeTree(base / "never-made"));
    EXPECT_TRUE(removeTree(base / "never-made" / "below"));
}
