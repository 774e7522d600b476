#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <fstream>

#include "common/report_text.hpp"
#include "grader/compare/block_reader.hpp"
#include "grader/compare/compare.hpp"
#include "testsupport/temp_dir.hpp"

using namespace plyjudge::grader;
using plyjudge::testing::TempDir;
using plyjudge::testing::writeFile;

namespace {
FileComparison compareTexts(const std::string& expected, const std::string& actual) {
    TempDir dir;
    writeFile(dir / "e", expected);
    writeFile(dir / "a", actual);
    return compareFiles(dir / "e", dir / "a");
}
}  // namespace

TEST(Compare, EqualModuloLineEndsTrailingSpacesAndFinalNewlines) {
    EXPECT_TRUE(compareTexts("a\nb\nc", "a\r\nb  \r\nc\n\n\n").equal);
    EXPECT_TRUE(compareTexts("a\r\nb\t\r\n", "a\nb").equal);
    EXPECT_TRUE(compareTexts("", "\n\n").equal);
    EXPECT_TRUE(compareTexts("x\n\ny", "x\r\n\r\ny").equal);
}

TEST(Compare, LeadingSpacesAndInnerBlankLinesMatter) {
    EXPECT_FALSE(compareTexts("a\nb", " a\nb").equal);
    const auto c = compareTexts("x\ny", "x\n\ny");
    ASSERT_FALSE(c.equal);
    EXPECT_EQ(c.first->line, 2u);
    EXPECT_EQ(c.first->expected, "y");
    EXPECT_EQ(c.first->actual, "");
}

TEST(Compare, FirstDifferenceWithLineNumberAndContext) {
    const auto c = compareTexts("l1\nl2\nl3\nl4\nl5\nl6\n", "l1\nl2\nl3\nl4\nX5\nl6\n");
    ASSERT_FALSE(c.equal);
    const Difference& d = *c.first;
    EXPECT_EQ(d.line, 5u);
    EXPECT_EQ(d.expected, "l5");
    EXPECT_EQ(d.actual, "X5");
    EXPECT_EQ(d.before, (std::vector<std::string>{"l2", "l3", "l4"}));
    EXPECT_EQ(d.expectedAfter, std::vector<std::string>{"l6"});
    EXPECT_EQ(c.differingLines, 1u);
    EXPECT_EQ(c.lastDifferingLine, 5u);
}

TEST(Compare, EndOfEitherFile) {
    auto c = compareTexts("a\nb\nc", "a\nb");
    ASSERT_FALSE(c.equal);
    EXPECT_EQ(c.first->line, 3u);
    EXPECT_EQ(c.first->expected, "c");
    EXPECT_FALSE(c.first->actual.has_value());
    c = compareTexts("a", "a\nb\nc");
    ASSERT_FALSE(c.equal);
    EXPECT_EQ(c.first->line, 2u);
    EXPECT_FALSE(c.first->expected.has_value());
    EXPECT_EQ(c.first->actualAfter, std::vector<std::string>{"c"});
}

TEST(Compare, DifferenceFarBeyondTheFirstBlocksHasTheRightLine) {
    TempDir dir;
    {
        std::ofstream e(dir / "e", std::ios::binary), a(dir / "a", std::ios::binary);
        for (int i = 1; i <= 1'000'000; ++i) {
            e << "node" << i << ",3,-Infinity,12,34\n";
            a << "node" << (i == 876'543 ? 0 : i) << ",3,-Infinity,12,34" << (i % 1000 == 0 ? "  \r\n" : "\n");
        }
    }
    const auto c = compareFiles(dir / "e", dir / "a");
    ASSERT_FALSE(c.equal);
    EXPECT_EQ(c.first->line, 876'543u);
    EXPECT_EQ(c.first->actual, "node0,3,-Infinity,12,34");
    ASSERT_EQ(c.first->before.size(), 3u);
    EXPECT_EQ(c.first->before.back(), "node876542,3,-Infinity,12,34");
    EXPECT_EQ(c.differingLines, 1u);
}

// A program's 20 MiB line: kept to a few hundred bytes, saying how many were left out, and the lines after it are
// still compared in step (its rest is read through, not taken for more lines).
TEST(Compare, AnOverlongLineIsKeptCutAndCountedAndTheRestStaysAligned) {
    const std::string huge(20u << 20, 'A');
    const auto c = compareTexts("l1\nF4-H2\nl3\nl4\n", "l1\n" + huge + "\nl3\nl4\n");
    ASSERT_FALSE(c.equal);
    const Difference& d = *c.first;
    EXPECT_EQ(d.line, 2u);
    ASSERT_TRUE(d.actual);
    EXPECT_LE(d.actual->size(), plyjudge::kReportLineBytes);
    const std::size_t kept = d.actual->find(' ');
    ASSERT_NE(kept, std::string::npos) << *d.actual;
    EXPECT_EQ(d.actual->substr(kept), " \xE2\x80\xA6 [" + std::to_string(huge.size() - kept) + " more bytes]");
    EXPECT_EQ(d.actualAfter, (std::vector<std::string>{"l3", "l4"}));
    EXPECT_EQ(c.differingLines, 1u) << "the line after the long one is compared with its counterpart";
    EXPECT_EQ(c.expectedLines, 4u);
}

TEST(Compare, OverlongLinesDifferingOnlyInLengthDiffer) {
    const std::string huge(20u << 20, 'B');  // past the reader's buffer: compared on its kept start and its length
    EXPECT_TRUE(compareTexts("x\n" + huge + "\ny", "x\n" + huge + "\ny").equal);
    const auto c = compareTexts("x\n" + huge + "\ny", "x\n" + huge + "B\ny");
    ASSERT_FALSE(c.equal);
    EXPECT_EQ(c.first->line, 2u);
    EXPECT_NE(c.first->expected, c.first->actual) << "the two cut copies say how much each left out";
    // An overlong last line without a newline ends the file.
    const auto last = compareTexts("x\n", "x\n" + huge);
    ASSERT_FALSE(last.equal);
    EXPECT_TRUE(last.first->actualAfter.empty());
}

TEST(Compare, ContextLinesAreCutToo) {
    const std::string longLine(5000, 'c');
    const auto c = compareTexts(longLine + "\nE\n" + longLine + "\n", longLine + "\nA\n" + longLine + "\n");
    ASSERT_FALSE(c.equal);
    ASSERT_EQ(c.first->before.size(), 1u);
    EXPECT_LE(c.first->before[0].size(), plyjudge::kReportLineBytes);
    EXPECT_NE(c.first->before[0].find("more bytes]"), std::string::npos);
    ASSERT_EQ(c.first->expectedAfter.size(), 1u);
    EXPECT_LE(c.first->expectedAfter[0].size(), plyjudge::kReportLineBytes);
}

TEST(Compare, TheReadersBuffersAreKeptForTheNextComparisonAndShowNothingOfTheLast) {
    // A first comparison fills both buffers with its text; the next reuses them (no new 12 MiB allocations).
    const std::string filler(3u << 20, 'Z');
    EXPECT_FALSE(compareTexts("1\n" + filler + "\nE\n", "1\n" + filler + "\nA\n").equal);
    EXPECT_EQ(BlockReader::idleBufferCount(), 2u);
    {
        TempDir dir;
        writeFile(dir / "f", "x\n");
        BlockReader reader(dir / "f");
        EXPECT_EQ(BlockReader::idleBufferCount(), 1u) << "a reader takes a kept buffer";
        EXPECT_TRUE(reader.linesBefore(3).empty()) << "nothing before the first line, whatever the buffer held";
    }
    const auto c = compareTexts("a\nb\n", "a\nc\n");
    ASSERT_FALSE(c.equal);
    EXPECT_EQ(c.first->before, (std::vector<std::string>{"a"})) << "context comes from this file only";
    EXPECT_TRUE(c.first->expectedAfter.empty());
    EXPECT_TRUE(c.first->actualAfter.empty());
    EXPECT_EQ(BlockReader::idleBufferCount(), 2u);
}

TEST(Compare, UnreadableFileThrows) {
    TempDir dir;
    writeFile(dir / "e", "a");
    EXPECT_THROW(compareFiles(dir / "e", dir / "missing"), std::system_error);
}

RC_GTEST_PROP(CompareProperty, RestylingNeverMattersAndAChangedLineIsFound, ()) {
    const auto lines = *rc::gen::container<std::vector<std::string>>(
        rc::gen::container<std::string>(rc::gen::elementOf(std::string("ab,1-"))));
    const auto crlf = *rc::gen::arbitrary<bool>();
    const auto finalNewlines = *rc::gen::inRange(0, 3);
    std::string expected, restyled;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        expected += lines[i] + (i + 1 < lines.size() ? "\n" : "");
        restyled += lines[i] + (i % 2 ? " " : "") + (crlf ? "\r\n" : "\n");
    }
    for (int i = 0; i < finalNewlines; ++i) restyled += "\n";
    RC_ASSERT(compareTexts(expected, restyled).equal);
    // Change one non-final-blank line: the difference is found there.
    std::size_t last = lines.size();
    while (last > 0 && lines[last - 1].empty()) --last;
    RC_PRE(last > 0);
    const auto k = *rc::gen::inRange<std::size_t>(0, last);
    std::string changed;
    for (std::size_t i = 0; i < lines.size(); ++i) changed += (i == k ? lines[i] + "Z" : lines[i]) + "\n";
    const auto c = compareTexts(expected, changed);
    RC_ASSERT(!c.equal);
    RC_ASSERT(c.first->line == k + 1);
}
