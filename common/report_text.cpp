#include "common/report_text.hpp"

namespace plyjudge {

namespace {
std::string cutMarker(std::uint64_t bytes) { return " \xE2\x80\xA6 [" + std::to_string(bytes) + " more bytes]"; }
}  // namespace

std::string cutForReport(std::string_view text, std::size_t limit, std::uint64_t alreadyCut) {
    if (alreadyCut == 0 && text.size() <= limit) return std::string(text);
    // The marker is sized for the most it could count; the true count is no longer.
    const std::size_t markerBytes = cutMarker(text.size() + alreadyCut).size();
    std::size_t keep = std::min(text.size(), limit > markerBytes ? limit - markerBytes : 0);
    // Back to the start of a UTF-8 sequence (the byte after the kept part must not continue one).
    while (keep > 0 && keep < text.size() && (static_cast<unsigned char>(text[keep]) & 0xC0) == 0x80) --keep;
    return std::string(text.substr(0, keep)) + cutMarker(text.size() - keep + alreadyCut);
}

}  // namespace plyjudge
