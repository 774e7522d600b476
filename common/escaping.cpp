#include "common/escaping.hpp"

#include <cstdio>

#include "common/utf8_text.hpp"

namespace plyjudge {

namespace {

// The visible escape of a control character: \t, \n, \r, \x1b (C0 and DEL), \u009b (C1).
std::string controlEscape(char32_t c) {
    switch (c) {
        case '\t': return "\\t";
        case '\n': return "\\n";
        case '\r': return "\\r";
        default: break;
    }
    char buffer[8];
    std::snprintf(buffer, sizeof buffer, c < 0x80 ? "\\x%02x" : "\\u%04x", static_cast<unsigned>(c));
    return buffer;
}

}  // namespace

bool isBidiControl(char32_t c) {
    return c == 0x061C || c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

std::string terminalSafe(std::string_view text, TextLines lines) {
    const std::string valid = validUtf8(text);
    std::string out;
    out.reserve(valid.size());
    for (std::size_t i = 0; i < valid.size();) {
        const CodePoint c = codePointAt(valid, i);
        const bool control = c.value < 0x20 || (c.value >= 0x7F && c.value <= 0x9F) || isBidiControl(c.value);
        if (control && !(c.value == '\n' && lines == TextLines::Many)) out += controlEscape(c.value);
        else out.append(valid, i, c.bytes);
        i += c.bytes;
    }
    return out;
}

std::string csvField(std::string_view text) {
    // Escaped like the terminal's text, but a CR or LF stays (a quoted field holds it) and so does a tab.
    const std::string valid = validUtf8(text);
    std::string value;
    value.reserve(valid.size());
    for (std::size_t i = 0; i < valid.size();) {
        const CodePoint c = codePointAt(valid, i);
        const bool kept = c.value == '\r' || c.value == '\n' || c.value == '\t';
        const bool control = c.value < 0x20 || (c.value >= 0x7F && c.value <= 0x9F) || isBidiControl(c.value);
        if (control && !kept) value += controlEscape(c.value);
        else value.append(valid, i, c.bytes);
        i += c.bytes;
    }
    if (!value.empty() && std::string_view("=+-@\t\r").find(value[0]) != std::string_view::npos) value.insert(0, "'");
    const bool plain = value.find_first_of(",\"\r\n") == std::string::npos &&
                       (value.empty() || (value.front() != ' ' && value.back() != ' '));
    if (plain) return value;
    std::string quoted = "\"";
    for (char c : value) {
        if (c == '"') quoted += '"';
        quoted += c;
    }
    return quoted + "\"";
}

}  // namespace plyjudge
