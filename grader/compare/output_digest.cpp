#include "grader/compare/output_digest.hpp"

#include <fmt/format.h>
#include <openssl/evp.h>

#include <stdexcept>

namespace plyjudge::grader {

struct NormalisedDigest::Context {
    EVP_MD_CTX* ctx = EVP_MD_CTX_new();
    ~Context() { EVP_MD_CTX_free(ctx); }
};

NormalisedDigest::NormalisedDigest() : context_(std::make_unique<Context>()) {
    if (!context_->ctx || EVP_DigestInit_ex(context_->ctx, EVP_sha256(), nullptr) != 1) {
        throw std::runtime_error("cannot start a SHA-256 digest (OpenSSL)");
    }
}

NormalisedDigest::~NormalisedDigest() = default;

// Lines are gathered into blocks: one EVP call per line cost as much as the hashing on a log of short lines.
void NormalisedDigest::add(const void* data, std::size_t size) {
    pending_.append(static_cast<const char*>(data), size);
    if (pending_.size() >= kBlockBytes) flush();
}

void NormalisedDigest::flush() {
    if (!pending_.empty()) EVP_DigestUpdate(context_->ctx, pending_.data(), pending_.size());
    pending_.clear();
}

void NormalisedDigest::addLine(std::string_view normalised, std::uint64_t cut) {
    if (normalised.empty() && cut == 0) {
        ++pendingBlank_;
        return;
    }
    for (; pendingBlank_ > 0; --pendingBlank_) add("\n", 1);
    add(normalised.data(), normalised.size());
    // A cut line differs from its kept bytes alone: the count goes in after a byte no line holds.
    if (cut > 0) {
        const std::string mark = fmt::format("{}{} bytes left out", '\0', cut);
        add(mark.data(), mark.size());
    }
    add("\n", 1);
}

std::string NormalisedDigest::finish() {
    pendingBlank_ = 0;
    flush();
    unsigned char bytes[EVP_MAX_MD_SIZE];
    unsigned size = 0;
    EVP_DigestFinal_ex(context_->ctx, bytes, &size);
    std::string hex;
    for (unsigned i = 0; i < size; ++i) hex += fmt::format("{:02x}", bytes[i]);
    return hex;
}

std::string combinedDigest(const std::vector<std::pair<std::string, std::string>>& fileDigests) {
    NormalisedDigest digest;
    for (const auto& [file, fileDigest] : fileDigests) digest.addLine(file + '\t' + fileDigest);
    return digest.finish();
}

}  // namespace plyjudge::grader
