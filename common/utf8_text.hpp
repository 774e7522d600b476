// Student programs write arbitrary bytes; every report format needs valid UTF-8 (JSON, XML, HTML).
#pragma once

#include <string>
#include <string_view>

namespace plyjudge {

// `text` with each byte that is not part of a well-formed UTF-8 sequence replaced by U+FFFD.
std::string validUtf8(std::string_view text);

// The code point that starts at byte `at` of valid UTF-8 text (validUtf8's), and how many bytes it takes.
struct CodePoint {
    char32_t value;
    std::size_t bytes;
};
CodePoint codePointAt(std::string_view validText, std::size_t at);

}  // namespace plyjudge
