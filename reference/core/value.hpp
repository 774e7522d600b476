// Search values: integers plus the two infinities the logs print as `Infinity` / `-Infinity`.
#pragma once

#include <charconv>
#include <cstdint>
#include <limits>
#include <string_view>

namespace plyjudge {

using Value = std::int64_t;

inline constexpr Value kPlusInfinity = std::numeric_limits<Value>::max();
inline constexpr Value kMinusInfinity = std::numeric_limits<Value>::min();

// Longest text formatValue writes: "-9223372036854775808" is 20 chars; "-Infinity" is 9.
inline constexpr int kMaxValueChars = 21;

// Writes the log spelling of v at out; returns one past the last char. No allocation.
inline char* formatValue(char* out, Value v) {
    if (v == kPlusInfinity) {
        constexpr std::string_view s = "Infinity";
        for (char c : s) *out++ = c;
        return out;
    }
    if (v == kMinusInfinity) {
        constexpr std::string_view s = "-Infinity";
        for (char c : s) *out++ = c;
        return out;
    }
    return std::to_chars(out, out + kMaxValueChars, v).ptr;
}

}  // namespace plyjudge
