// The digest of a wrong output (compare/output_digest.hpp) as `plyjudge similarity` uses it: equal for outputs the
// comparison cannot tell apart, whatever the expected file they were compared with, different otherwise.
#include <gtest/gtest.h>

#include "grader/compare/compare.hpp"
#include "testsupport/temp_dir.hpp"

using namespace plyjudge::grader;
using plyjudge::testing::TempDir;
using plyjudge::testing::writeFile;

namespace {
std::string digestOf(const std::string& expected, const std::string& actual) {
    TempDir dir;
    writeFile(dir / "e", expected);
    writeFile(dir / "a", actual);
    const FileComparison c = compareFiles(dir / "e", dir / "a");
    EXPECT_FALSE(c.equal) << "the test's outputs should differ from the expected one";
    return c.actualDigest;
}
}  // namespace

TEST(OutputDigest, SameForOutputsTheComparisonCannotTellApart) {
    const std::string wrong = digestOf("a\nb\nc\n", "a\nx\nc");
    EXPECT_EQ(wrong.size(), 64u);  // SHA-256 in hex
    EXPECT_EQ(digestOf("a\nb\nc\n", "a\r\nx  \r\nc\t\n\n\n"), wrong);
    EXPECT_EQ(digestOf("a\nb\nc\n", "a\nx\nc\n"), wrong);
}

TEST(OutputDigest, DependsOnTheOutputOnlyNotOnWhereItFirstDiffers) {
    // The equal start is digested from the expected file; it must give what the program wrote.
    const std::string output = "root,0,5\nA1,1,3\nB2,1,7\nC3,1,2\n";
    const std::string differsAtLine4 = digestOf("root,0,5\nA1,1,3\nB2,1,7\nC3,1,9\n", output);
    const std::string differsAtLine1 = digestOf("root,0,6\n", output);
    const std::string differsAtEnd = digestOf("root,0,5\r\nA1,1,3  \r\nB2,1,7\r\nC3,1,2\r\nD4,1,1\n", output);
    EXPECT_EQ(differsAtLine4, differsAtLine1);
    EXPECT_EQ(differsAtLine4, differsAtEnd);
}

TEST(OutputDigest, DifferentOutputsDiffer) {
    const std::string base = digestOf("a\nb\n", "a\nc\n");
    EXPECT_NE(digestOf("a\nb\n", "a\nd\n"), base);
    EXPECT_NE(digestOf("a\nb\n", "a\n\nc\n"), base);   // an inner blank line counts
    EXPECT_NE(digestOf("a\nb\n", " a\nc\n"), base);    // leading spaces count
    EXPECT_NE(digestOf("a\nb\n", "a\nc\nz\n"), base);
    EXPECT_NE(digestOf("a\nb\n", "a"), base);          // the file ended early
}

TEST(OutputDigest, EqualFilesAreNotDigested) {
    TempDir dir;
    writeFile(dir / "e", "a\n");
    writeFile(dir / "a", "a\r\n");
    EXPECT_TRUE(compareFiles(dir / "e", dir / "a").actualDigest.empty());
}
