// Reports are private: files written atomically are 0600, the folders made for them 0700.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include "common/file_io.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge {
namespace {

using testing::fileMode;

TEST(PrivateFiles, AnAtomicWriteIsReadableByItsOwnerOnly) {
    TempDir dir("plyjudge-test");
    const mode_t old = ::umask(0022);  // the usual umask: it alone would give 0644
    writeFileAtomically(dir / "report.html", "<p>grades</p>");
    writeFileAtomically(dir / "report.html", "<p>grades again</p>");  // replacing keeps it private
    ::umask(old);
    EXPECT_EQ(fileMode(dir / "report.html"), 0600u);
    EXPECT_EQ(readWholeFile(dir / "report.html"), "<p>grades again</p>");
}

TEST(PrivateFiles, FoldersMadeForReportsAreTheOwnersOnly) {
    TempDir dir("plyjudge-test");
    std::filesystem::create_directories(dir / "existing");
    std::filesystem::permissions(dir / "existing", std::filesystem::perms(0755));
    const mode_t old = ::umask(0022);
    std::error_code ec;
    EXPECT_TRUE(createPrivateDirectories(dir / "existing" / "a" / "b", ec)) << ec.message();
    EXPECT_FALSE(ec) << ec.message();
    EXPECT_TRUE(createPrivateDirectories(dir / "existing" / "a" / "b", ec)) << "an existing folder is fine";
    EXPECT_FALSE(ec) << ec.message();
    ::umask(old);
    EXPECT_EQ(fileMode(dir / "existing" / "a"), 0700u);
    EXPECT_EQ(fileMode(dir / "existing" / "a" / "b"), 0700u);
    EXPECT_EQ(fileMode(dir / "existing"), 0755u) << "a folder that was there is left as it was";
    writeWholeFile(dir / "file", "x");
    EXPECT_FALSE(createPrivateDirectories(dir / "file" / "sub", ec));
    EXPECT_TRUE(ec);
}

}  // namespace
}  // namespace plyjudge
