#include <gtest/gtest.h>

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

}  // namespace
}  // namespace plyjudge
