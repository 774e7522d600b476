// Search values: integers plus the two infinities the logs print as `Infinity` / `-Infinity`.
#pragma once

#include <cstdint>
#include <cstring>
#include <limits>

namespace plyjudge {

using Value = std::int64_t;

inline constexpr Value kPlusInfinity = std::numeric_limits<Value>::max();
inline constexpr Value kMinusInfinity = std::numeric_limits<Value>::min();

// Longest text formatValue writes: "-9223372036854775808" is 20 chars; "-Infinity" is 9.
inline constexpr int kMaxValueChars = 21;

namespace detail {

// "00" "01" ... "99": two digits per table read, half the divisions of a digit-at-a-time loop.
inline constexpr char kDigitPairs[201] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

inline void putPair(char* out, unsigned pair) { std::memcpy(out, kDigitPairs + 2 * pair, 2); }

// Writes u in decimal at out; returns one past the last digit. Search values are mostly a few digits,
// so the short lengths come first.
inline char* formatUnsigned(char* out, std::uint64_t u) {
    if (u < 100) {
        if (u < 10) {
            *out = static_cast<char>('0' + u);
            return out + 1;
        }
        putPair(out, static_cast<unsigned>(u));
        return out + 2;
    }
    if (u < 10000) {
        const unsigned hi = static_cast<unsigned>(u / 100), lo = static_cast<unsigned>(u % 100);
        if (hi < 10) {
            *out = static_cast<char>('0' + hi);
            putPair(out + 1, lo);
            return out + 3;
        }
        putPair(out, hi);
        putPair(out + 2, lo);
        return out + 4;
    }
    if (u < 1000000) {  // 5 or 6 digits: Go-Moku's scores
        const unsigned hi = static_cast<unsigned>(u / 10000), lo = static_cast<unsigned>(u % 10000);
        if (hi < 10) {
            *out++ = static_cast<char>('0' + hi);
        } else {
            putPair(out, hi);
            out += 2;
        }
        putPair(out, lo / 100);
        putPair(out + 2, lo % 100);
        return out + 4;
    }
    // Longer: the digits from the end, two at a time, into a scratch buffer, then one copy.
    char scratch[20];
    char* p = scratch + sizeof scratch;
    while (u >= 100) {
        p -= 2;
        putPair(p, static_cast<unsigned>(u % 100));
        u /= 100;
    }
    if (u >= 10) {
        p -= 2;
        putPair(p, static_cast<unsigned>(u));
    } else {
        *--p = static_cast<char>('0' + u);
    }
    const std::size_t n = static_cast<std::size_t>(scratch + sizeof scratch - p);
    std::memcpy(out, p, n);
    return out + n;
}

}  // namespace detail

// Writes the log spelling of v at out (room for kMaxValueChars); returns one past the last char.
// No allocation.
inline char* formatValue(char* out, Value v) {
    if (v == kPlusInfinity) {
        std::memcpy(out, "Infinity", 8);
        return out + 8;
    }
    if (v == kMinusInfinity) {
        std::memcpy(out, "-Infinity", 9);
        return out + 9;
    }
    // The sign without a branch: '-' is always stored and kept only for a negative value.
    *out = '-';
    out += v < 0;
    const std::uint64_t magnitude = v < 0 ? 0 - static_cast<std::uint64_t>(v) : static_cast<std::uint64_t>(v);
    return detail::formatUnsigned(out, magnitude);
}

}  // namespace plyjudge
