#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "reference/core/output_file.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge {
namespace {

TEST(OutputFile, SeparatesLinesWithLfAndWritesNoFinalNewline) {
    testing::TempDir dir;
    OutputFile out(dir / "a.txt");
    out.line("one");
    out.beginLine();
    out.putValue(kMinusInfinity);
    out.put(',');
    out.putValue(-42);
    out.commit();
    EXPECT_EQ(testing::readFile(dir / "a.txt"), "one\n-Infinity,-42");
}

TEST(OutputFile, NothingAppearsUnderTheRealNameUntilCommit) {
    testing::TempDir dir;
    {
        OutputFile out(dir / "a.txt");
        out.line("partial");
        out.flush();
        EXPECT_FALSE(std::filesystem::exists(dir / "a.txt"));
    }  // destroyed without commit: the temporary file is gone too
    EXPECT_TRUE(std::filesystem::is_empty(dir.path()));
}

TEST(OutputFile, OverwriteFillsAReservedRegionAfterLargeStreamedOutput) {
    testing::TempDir dir;
    OutputFile out(dir / "a.txt");
    out.line("????");
    for (int i = 0; i < 100000; ++i) out.line("0123456789");  // more than the buffer
    out.overwrite(0, "head");
    out.commit();
    const std::string text = testing::readFile(dir / "a.txt");
    EXPECT_EQ(text.substr(0, 15), "head\n0123456789");
    EXPECT_EQ(text.size(), 4 + 100000 * 11u);
}

TEST(OutputFile, CommitReplacesAFileWithoutWritingIntoItAndLeavesNoOtherName) {
    testing::TempDir dir;
    {
        OutputFile old(dir / "a.txt");
        old.line("old");
        old.commit();
    }
    std::filesystem::create_hard_link(dir / "a.txt", dir / "reader.txt");  // a reader still holding the old file
    OutputFile out(dir / "a.txt");
    out.line("new");
    out.commit();
    EXPECT_EQ(testing::readFile(dir / "a.txt"), "new");
    EXPECT_EQ(testing::readFile(dir / "reader.txt"), "old");
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(dir.path())) names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    EXPECT_EQ(names, (std::vector<std::string>{"a.txt", "reader.txt"}));
}

TEST(OutputFile, CommitOverAFolderFailsNamingItAndKeepsTheFolder) {
    testing::TempDir dir;
    std::filesystem::create_directory(dir / "a.txt");
    OutputFile out(dir / "a.txt");
    out.line("text");
    try {
        out.commit();
        FAIL() << "commit replaced a folder";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("a.txt"), std::string::npos) << e.what();
    }
    EXPECT_TRUE(std::filesystem::is_directory(dir / "a.txt"));
}

}  // namespace
}  // namespace plyjudge
