// Text from programs and from file or folder names, escaped for where it is shown: a terminal and a CSV cell
// (XML and HTML: reports/board_svg.hpp escapeXml; JSON: json_writer.hpp). The rules are listed in reports/README.md.
#pragma once

#include <string>
#include <string_view>

namespace plyjudge {

enum class TextLines { One, Many };

// Unicode's bidirectional formatting characters (U+061C, U+200E-U+200F, U+202A-U+202E, U+2066-U+2069): invisible,
// they reorder what follows them, so a student folder named "alice\u202Egnp.exe" reads "aliceexe.png" and a line of
// a report can show other text than it holds. Every view shows them as escapes.
bool isBidiControl(char32_t c);

// Valid UTF-8 (utf8_text.hpp) with every C0 control character, DEL, C1 control (U+0080-U+009F) and bidirectional
// formatting character shown as an escape (\t, \r, \n, \x1b, \x7f, \u009b, \u202e): nothing a program writes or a
// student names a folder can move the cursor, rewrite a line, retitle or recolour the terminal, or reorder its text.
// TextLines::Many keeps the newlines of a multi-line detail; TextLines::One (a name, a progress line) escapes them too.
std::string terminalSafe(std::string_view text, TextLines lines = TextLines::One);

// One CSV field (RFC 4180): quoted when it holds a comma, a quote, CR or LF or starts or ends with a space. A
// spreadsheet runs a cell starting with = + - @ (or a tab or CR) as a formula: such text gets a leading apostrophe
// (OWASP's advice), so a student folder named "=HYPERLINK(...)" stays text. Control characters other than CR and LF
// (ESC, BEL, ...) and bidirectional formatting characters are shown as escapes, as in the terminal.
std::string csvField(std::string_view text);

}  // namespace plyjudge
