// Search values: integers plus the two infinities the logs print as `Infinity` / `-Infinity`.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <limits>

namespace plyjudge {

using Value = std::int64_t;

inline constexpr Value kPlusInfinity = std::numeric_limits<Value>::max();
inline constexpr Value kMinusInfinity = std::numeric_limits<Value>::min();

// Longest text formatValue writes: "-9223372036854775808" is 20 chars; "-Infinity" is 9. Callers leave
// kMaxValueChars of room: a value of three digits or fewer is stored as a whole 8-byte word.
inline constexpr int kMaxValueChars = 21;
static_assert(std::endian::native == std::endian::little, "formatValue stores digits as little-endian words");

namespace detail {

// "00" "01" ... "99": two digits per table read, half the divisions of a digit-at-a-time loop.
inline constexpr char kDigitPairs[201] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

inline void putPair(char* out, unsigned pair) { std::memcpy(out, kDigitPairs + 2 * pair, 2); }

// kSmallValues[v + 999] for -999 <= v <= 999: the text of v ("-999" at most) in the low bytes of a word,
// first char lowest, and its length in the top byte. Most search values are that small, and then one
// load and one 8-byte store write them, sign included, whatever their length: no branch to mispredict.
inline constexpr int kSmallValueLimit = 999;
inline constexpr auto kSmallValues = [] {
    std::array<std::uint64_t, 2 * kSmallValueLimit + 1> table{};
    for (int v = -kSmallValueLimit; v <= kSmallValueLimit; ++v) {
        char text[8] = {};
        int length = 0;
        if (v < 0) text[length++] = '-';
        const int magnitude = v < 0 ? -v : v;
        if (magnitude >= 100) text[length++] = static_cast<char>('0' + magnitude / 100);
        if (magnitude >= 10) text[length++] = static_cast<char>('0' + magnitude / 10 % 10);
        text[length++] = static_cast<char>('0' + magnitude % 10);
        std::uint64_t word = static_cast<std::uint64_t>(length) << 56;
        for (int i = 0; i < length; ++i) word |= static_cast<std::uint64_t>(static_cast<unsigned char>(text[i])) << (8 * i);
        table[static_cast<std::size_t>(v + kSmallValueLimit)] = word;
    }
    return table;
}();

// Writes u >= 10000 in decimal at out; returns one past the last digit. The shorter lengths come first.
[[gnu::always_inline]] inline char* formatUnsigned(char* out, std::uint64_t u) {
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
// No allocation. Always inlined: a call per value (registers saved and restored around it) cost as much as
// the formatting in the search loop, where the compiler would otherwise leave it out of line (gomoku561).
[[gnu::always_inline]] inline char* formatValue(char* out, Value v) {
    const std::uint64_t smallIndex = static_cast<std::uint64_t>(v) + detail::kSmallValueLimit;  // wraps below -999
    if (smallIndex <= 2 * detail::kSmallValueLimit) [[likely]] {
        const std::uint64_t word = detail::kSmallValues[smallIndex];
        std::memcpy(out, &word, 8);  // the top byte (the length) lands past the text: overwritten or unused
        return out + (word >> 56);
    }
    // The sign without a branch: '-' is always stored and kept only for a negative value.
    *out = '-';
    char* const digits = out + (v < 0);
    const std::uint64_t magnitude = v < 0 ? 0 - static_cast<std::uint64_t>(v) : static_cast<std::uint64_t>(v);
    if (magnitude < 10000) {  // four digits (Go-Moku's usual scores): two pairs, no more tests
        detail::putPair(digits, static_cast<unsigned>(magnitude / 100));
        detail::putPair(digits + 2, static_cast<unsigned>(magnitude % 100));
        return digits + 4;
    }
    // One test for both infinities (their magnitudes are not below 10000): v + (kMinusInfinity + 1), wrapping,
    // is 0 for kPlusInfinity and 1 for kMinusInfinity only.
    const std::uint64_t infinityIndex = static_cast<std::uint64_t>(v) + (std::uint64_t{1} << 63) + 1;
    if (infinityIndex <= 1) [[unlikely]] {
        if (infinityIndex == 0) {
            std::memcpy(out, "Infinity", 8);
            return out + 8;
        }
        std::memcpy(out, "-Infinity", 9);
        return out + 9;
    }
    return detail::formatUnsigned(digits, magnitude);
}

}  // namespace plyjudge
