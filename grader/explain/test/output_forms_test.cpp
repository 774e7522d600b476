// The answer in another form (output_forms.hpp): which names are near an output file's, what counts as a stray blank
// line, and that a program's link or special file is never read as its answer.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include "grader/explain/output_forms.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::grader {
namespace {

using plyjudge::testing::writeFile;

TEST(OutputForms, NearNamesDifferOnlyInCaseExtensionsAndPunctuation) {
    EXPECT_EQ(nearNameKey("trace_state.txt"), "tracestate");
    EXPECT_EQ(nearNameKey("Trace-State.TXT"), "tracestate");
    EXPECT_EQ(nearNameKey("trace_state.txt.txt"), "tracestate");
    EXPECT_EQ(nearNameKey("trace_state"), "tracestate");
    EXPECT_NE(nearNameKey("trace_state2.txt"), nearNameKey("trace_state.txt"));
    EXPECT_NE(nearNameKey("next_state.txt"), nearNameKey("trace_state.txt"));
}

TEST(OutputForms, TheNearFileIsARegularFileOfTheStartFolderOnly) {
    plyjudge::TempDir dir;
    writeFile(dir / "input.txt", "1\n");
    writeFile(dir / "next_state.txt", "x\n");
    EXPECT_FALSE(nearNameIn(dir.path(), "trace_state.txt", {"input.txt", "next_state.txt"}));
    // A link at a near name (to the expected file, say) is never taken, nor a FIFO, nor a file in a subfolder.
    std::filesystem::create_symlink("/etc/hostname", dir / "trace_state");
    ASSERT_EQ(::mkfifo((dir / "Trace_State.txt.txt").c_str(), 0600), 0);
    std::filesystem::create_directories(dir / "out");
    writeFile(dir / "out" / "trace_state.txt", "x\n");
    EXPECT_FALSE(nearNameIn(dir.path(), "trace_state.txt", {}));
    EXPECT_FALSE(readRunFile(dir.path(), "trace_state")) << "a link is not read";
    writeFile(dir / "TRACE_STATE.TXT", "x\n");
    writeFile(dir / "trace-state.log", "x\n");
    EXPECT_EQ(nearNameIn(dir.path(), "trace_state.txt", {}), "TRACE_STATE.TXT") << "the first in name order";
    EXPECT_EQ(nearNameIn(dir.path(), "trace_state.txt", {"TRACE_STATE.TXT"}), "trace-state.log");
    EXPECT_EQ(readRunFile(dir.path(), "TRACE_STATE.TXT"), "x\n");
}

TEST(OutputForms, OnlyBlankLinesBeforeTextAreStray) {
    EXPECT_TRUE(hasInnerBlankLine("\n**XX*\n"));
    EXPECT_TRUE(hasInnerBlankLine("a\r\n \t\r\nb\r\n"));
    EXPECT_FALSE(hasInnerBlankLine("a\nb\n\n\n")) << "trailing empty lines: the comparison ignores them already";
    EXPECT_FALSE(hasInnerBlankLine("a\nb"));
    EXPECT_EQ(withoutBlankLines("\na\r\n\r\nb\n  \nc"), "a\r\nb\nc");
}

}  // namespace
}  // namespace plyjudge::grader
