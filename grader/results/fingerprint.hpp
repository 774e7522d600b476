// A short digest of a sequence of strings, to notice that something changed (a case, a class's settings, a
// student's settings or results), not to resist an adversary: FNV-1a, 64 bits, each part followed by a separator
// so that "ab"+"c" and "a"+"bc" differ. Printed as 16 hex digits.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <fmt/format.h>

namespace plyjudge::grader {

class Fingerprint {
public:
    Fingerprint& add(std::string_view bytes) {
        for (unsigned char c : bytes) hash_ = (hash_ ^ c) * kPrime;
        hash_ = (hash_ ^ 0xff) * kPrime;
        return *this;
    }
    std::string hex() const { return fmt::format("{:016x}", hash_); }

private:
    static constexpr std::uint64_t kPrime = 1099511628211ULL;
    std::uint64_t hash_ = 14695981039346656037ULL;
};

}  // namespace plyjudge::grader
