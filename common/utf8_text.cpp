#include "common/utf8_text.hpp"

#include <algorithm>

namespace plyjudge {

std::string validUtf8(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    std::size_t i = 0;
    while (i < s.size()) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        std::size_t length = 0;
        unsigned minimum = 0;
        if (c < 0x80) length = 1;
        else if (c >= 0xC2 && c <= 0xDF) length = 2, minimum = 0x80;
        else if (c >= 0xE0 && c <= 0xEF) length = 3, minimum = 0x800;
        else if (c >= 0xF0 && c <= 0xF4) length = 4, minimum = 0x10000;
        bool ok = length > 0 && i + length <= s.size();
        unsigned code = length == 1 ? c : length == 2 ? (c & 0x1F) : length == 3 ? (c & 0x0F) : (c & 0x07);
        for (std::size_t k = 1; ok && k < length; ++k) {
            const unsigned char cc = static_cast<unsigned char>(s[i + k]);
            ok = (cc & 0xC0) == 0x80;
            code = (code << 6) | (cc & 0x3F);
        }
        // Overlong forms, surrogates and code points past U+10FFFF are not well formed either.
        if (ok && length > 1 && (code < minimum || (code >= 0xD800 && code <= 0xDFFF) || code > 0x10FFFF)) ok = false;
        if (ok) {
            out.append(s.substr(i, length));
            i += length;
        } else {
            out += "\xEF\xBF\xBD";
            ++i;
        }
    }
    return out;
}

CodePoint codePointAt(std::string_view s, std::size_t at) {
    const unsigned char c = static_cast<unsigned char>(s[at]);
    const std::size_t bytes = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    char32_t value = bytes == 1 ? c : bytes == 2 ? (c & 0x1F) : bytes == 3 ? (c & 0x0F) : (c & 0x07);
    for (std::size_t k = 1; k < bytes && at + k < s.size(); ++k) value = (value << 6) | (static_cast<unsigned char>(s[at + k]) & 0x3F);
    return {value, std::min(bytes, s.size() - at)};
}

}  // namespace plyjudge
