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

// Issue 41: a folder name with ESC and BEL reached the CSV raw; U+202E (right-to-left override) showed unescaped in the
// terminal, the CSV and the HTML, reordering what a TA reads.
TEST(Escaping, BidiControlsAndRawControlsAreShownAsEscapesEverywhere) {
    const std::string name = "alice\xE2\x80\xAEgnp.exe\x1b[31m\x07";
    EXPECT_EQ(terminalSafe(name), "alice\\u202egnp.exe\\x1b[31m\\x07");
    EXPECT_EQ(csvField(name), "alice\\u202egnp.exe\\x1b[31m\\x07");
    for (const char* bidi : {"\xD8\x9C", "\xE2\x80\x8E", "\xE2\x80\x8F", "\xE2\x80\xAA", "\xE2\x81\xA6", "\xE2\x81\xA9"})
        EXPECT_EQ(terminalSafe(bidi).substr(0, 2), "\\u") << bidi;
    EXPECT_EQ(csvField("line\r\nbreak\tx"), "\"line\r\nbreak\tx\"");  // CR, LF, tab: a quoted field holds them
}

}  // namespace
}  // namespace plyjudge
