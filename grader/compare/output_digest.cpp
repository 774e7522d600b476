#include "grader/compare/output_digest.hpp"

#include <fmt/format.h>

namespace plyjudge::grader {

namespace {

std::string hexOf(boost::uuids::detail::sha1& sha) {
    boost::uuids::detail::sha1::digest_type words;
    sha.get_digest(words);
    std::string hex;
    for (unsigned word : words) hex += fmt::format("{:08x}", word);
    return hex;
}

}  // namespace

void NormalisedDigest::addLine(std::string_view normalised, std::uint64_t cut) {
    if (normalised.empty() && cut == 0) {
        ++pendingBlank_;
        return;
    }
    for (; pendingBlank_ > 0; --pendingBlank_) sha_.process_byte('\n');
    sha_.process_bytes(normalised.data(), normalised.size());
    // A cut line differs from its kept bytes alone: the count goes in after a byte no line holds.
    if (cut > 0) {
        const std::string mark = fmt::format("\n{} bytes left out", cut);
        sha_.process_byte('\0');
        sha_.process_bytes(mark.data(), mark.size());
    }
    sha_.process_byte('\n');
}

std::string NormalisedDigest::finish() {
    pendingBlank_ = 0;
    return hexOf(sha_);
}

std::string combinedDigest(const std::vector<std::pair<std::string, std::string>>& fileDigests) {
    boost::uuids::detail::sha1 sha;
    for (const auto& [file, digest] : fileDigests) {
        const std::string part = file + '\0' + digest + '\n';
        sha.process_bytes(part.data(), part.size());
    }
    return hexOf(sha);
}

}  // namespace plyjudge::grader
