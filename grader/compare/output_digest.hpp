// The digest of a program's output as the comparison sees it (normalised lines: CRLF as LF, trailing spaces and
// tabs dropped, final empty lines ignored), so that two programs whose outputs the grader cannot tell apart get
// the same digest. `plyjudge similarity` groups identical wrong outputs by it (grader/similarity/).
//
// SHA-256 (OpenSSL's libcrypto, the well-kept implementation with the processor's SHA instructions: Boost's SHA-1
// hashes a byte at a time, 60 MB/s, which made an 88 MB wrong log 1.3 s slower to compare). A program controls its
// own output, but to share a digest with a classmate's wrong output it would need a second preimage; a student who
// knows that output can simply write it, so the digest's strength matters little, and SHA-256 has margin to spare.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <memory>

namespace plyjudge::grader {

class NormalisedDigest {
public:
    NormalisedDigest();
    ~NormalisedDigest();
    NormalisedDigest(const NormalisedDigest&) = delete;
    NormalisedDigest& operator=(const NormalisedDigest&) = delete;

    // One line, already normalised (normalizedLine in block_reader.hpp); `cut` bytes of it were left out (an
    // overlong line is compared on its kept bytes and that count, so it is digested the same way).
    void addLine(std::string_view normalised, std::uint64_t cut = 0);
    // Hex digest of the lines added; empty lines at the end count as final newlines and change nothing.
    std::string finish();

private:
    static constexpr std::size_t kBlockBytes = 64 << 10;
    void add(const void* data, std::size_t size);
    void flush();
    std::string pending_;  // bytes not yet handed to OpenSSL
    struct Context;  // OpenSSL's EVP_MD_CTX, kept out of this header
    std::unique_ptr<Context> context_;
    std::uint64_t pendingBlank_ = 0;  // empty lines not yet known to be followed by a line
};

// One digest for a case's outputs: the files' names and digests, in the order given.
std::string combinedDigest(const std::vector<std::pair<std::string, std::string>>& fileDigests);

}  // namespace plyjudge::grader
