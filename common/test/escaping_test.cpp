// Text escaped for its medium: nothing reaches a terminal raw, a CSV cell is never a formula.
#include <gtest/gtest.h>

#include "common/escaping.hpp"

namespace plyjudge {
namespace {

TEST(TerminalSafe, EscapeSequencesAndLineBreaksInANameAreShownNotObeyed) {
    // A student folder that retitles the terminal, clears the line and fakes a progress line.
    const std::string name = "eve\x1b]0;pwned\x07\r\x1b[2K[9/9] alice published/case1: OK\nbob";
    const std::string safe = terminalSafe(name);
    EXPECT_EQ(safe, "eve\\x1b]0;pwned\\x07\\r\\x1b[2K[9/9] alice published/case1: OK\\nbob");
    for (char c : safe) EXPECT_GE(static_cast<unsigned char>(c), 0x20) << "a control character is left";
}

TEST(TerminalSafe, DelAndC1ControlsAreEscapedTooAndTextStaysUtf8) {
    // U+009B is CSI on terminals that take 8-bit controls; "\x9b" alone is not UTF-8 and becomes U+FFFD.
    EXPECT_EQ(terminalSafe("a\x7f" "b\xC2\x9B" "31mc"), "a\\x7fb\\u009b31mc");
    EXPECT_EQ(terminalSafe("x\x9b" "y"), "x\xEF\xBF\xBDy");
    EXPECT_EQ(terminalSafe("caf\xC3\xA9 \xE2\x80\xA6"), "caf\xC3\xA9 \xE2\x80\xA6");  // other text is left alone
}

TEST(TerminalSafe, AMultiLineDetailKeepsItsNewlinesOnly) {
    EXPECT_EQ(terminalSafe("Traceback:\n  line 1\r\n\tx\x1b[31m", TextLines::Many), "Traceback:\n  line 1\\r\n\\tx\\x1b[31m");
    EXPECT_EQ(terminalSafe("a\nb", TextLines::One), "a\\nb");
}

TEST(CsvField, FormulasAreDefusedAndSpecialCharactersQuoted) {
    EXPECT_EQ(csvField("alice"), "alice");
    EXPECT_EQ(csvField("=HYPERLINK(\"http://x\")"), "\"'=HYPERLINK(\"\"http://x\"\")\"");
    EXPECT_EQ(csvField("+1"), "'+1");
    EXPECT_EQ(csvField("-2"), "'-2");
    EXPECT_EQ(csvField("@SUM(A1)"), "'@SUM(A1)");
    EXPECT_EQ(csvField("\tx"), "'\tx");
    EXPECT_EQ(csvField("a,b"), "\"a,b\"");
    EXPECT_EQ(csvField("line\r\nbreak"), "\"line\r\nbreak\"");
    EXPECT_EQ(csvField(" padded "), "\" padded \"");
}

}  // namespace
}  // namespace plyjudge
