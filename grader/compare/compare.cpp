#include "grader/compare/compare.hpp"

#include <algorithm>
#include <cstring>
#include <utility>

#include "common/report_text.hpp"
#include "grader/compare/block_reader.hpp"
#include "grader/compare/output_digest.hpp"

namespace plyjudge::grader {

namespace {

// What a Difference keeps of a line: a bounded copy that says how much it left out (common/report_text.hpp).
std::string shown(std::string_view line, std::uint64_t alreadyCut = 0) { return cutForReport(line, kReportLineBytes, alreadyCut); }

// Index of the first byte where a and b differ within n bytes, or n.
std::size_t mismatchAt(const char* a, const char* b, std::size_t n) {
    constexpr std::size_t kChunk = 4096;
    std::size_t i = 0;
    while (i + kChunk <= n && std::memcmp(a + i, b + i, kChunk) == 0) i += kChunk;
    while (i < n && a[i] == b[i]) ++i;
    return i;
}

// The next line modulo normalisation; at the end of the file (or when only empty lines are left, which
// count as final newlines) nullopt. `pendingBlank` counts empty lines seen but not yet known to be final.
// `cut` is how many bytes of the line last returned the reader left out (an overlong line, block_reader.hpp).
struct LineSource {
    BlockReader& reader;
    std::uint64_t pendingBlank = 0;
    std::optional<std::string_view> lookedAhead;  // a non-empty line read after pending blanks
    std::uint64_t lookedAheadCut = 0;
    std::uint64_t cut = 0;

    std::optional<std::string_view> next() {
        cut = 0;
        if (pendingBlank > 0) {
            --pendingBlank;
            return std::string_view();
        }
        if (lookedAhead) {
            cut = lookedAheadCut;
            return std::exchange(lookedAhead, std::nullopt);
        }
        auto line = reader.nextLine();
        if (!line) return std::nullopt;
        std::string_view n = normalizedLine(*line);
        cut = reader.lastLineCut();
        if (!n.empty()) return n;
        // An empty line: final (ignored) only if nothing but empty lines follows.
        std::uint64_t blanks = 1;
        for (;;) {
            auto more = reader.nextLine();
            if (!more) return std::nullopt;
            std::string_view m = normalizedLine(*more);
            if (!m.empty()) {
                lookedAhead = m;
                lookedAheadCut = reader.lastLineCut();
                pendingBlank = blanks - 1;
                cut = 0;
                return std::string_view();
            }
            ++blanks;
        }
    }
    bool buffered() const { return pendingBlank > 0 || lookedAhead; }
};

// Lines equal as the comparison sees them: the same kept bytes and, for overlong lines, as many left out.
bool sameLine(const std::optional<std::string_view>& e, const LineSource& es, const std::optional<std::string_view>& a,
              const LineSource& as) {
    return e == a && (!e || es.cut == as.cut);
}

}  // namespace

namespace {
FileComparison compareReaders(const std::filesystem::path& expectedPath, BlockReader& expected, BlockReader& actual,
                              const CompareOptions& options);
}  // namespace

FileComparison compareFiles(const std::filesystem::path& expectedPath, const std::filesystem::path& actualPath,
                            const CompareOptions& options) {
    BlockReader expected(expectedPath);
    BlockReader actual(actualPath);
    return compareReaders(expectedPath, expected, actual, options);
}

FileComparison compareFiles(const std::filesystem::path& expectedPath, int actualFd, const CompareOptions& options) {
    BlockReader actual(actualFd);
    BlockReader expected(expectedPath);
    return compareReaders(expectedPath, expected, actual, options);
}

namespace {

// The first `lines` lines of the expected file, which the actual file's first lines equal once normalised: read
// again only when the files differ, so an equal comparison never pays for the digest.
void digestEqualPrefix(const std::filesystem::path& expectedPath, std::uint64_t lines, NormalisedDigest& digest) {
    if (lines == 0) return;
    BlockReader again(expectedPath);
    for (std::uint64_t i = 0; i < lines; ++i) {
        auto raw = again.nextLine();
        if (!raw) break;
        digest.addLine(normalizedLine(*raw), again.lastLineCut());
    }
}

FileComparison compareReaders(const std::filesystem::path& expectedPath, BlockReader& expected, BlockReader& actual,
                              const CompareOptions& options) {
    LineSource e{expected, 0, std::nullopt}, a{actual, 0, std::nullopt};
    FileComparison result;
    std::uint64_t line = 0;  // lines known equal so far

    for (;;) {
        // Fast path: skip the complete lines whose raw bytes are identical.
        if (!e.buffered() && !a.buffered()) {
            const std::size_t n = std::min(expected.available(), actual.available());
            const std::size_t m = mismatchAt(expected.data(), actual.data(), n);
            if (m > 0) {
                const void* nl = ::memrchr(expected.data(), '\n', m);
                if (nl) {
                    const std::size_t k = static_cast<const char*>(nl) - expected.data() + 1;
                    line += static_cast<std::uint64_t>(std::count(expected.data(), expected.data() + k, '\n'));
                    expected.skip(k);
                    actual.skip(k);
                }
            }
        }
        // Slow path: one line of each, normalised.
        auto le = e.next();
        auto la = a.next();
        if (!le && !la) break;
        if (le && la && sameLine(le, e, la, a)) {
            ++line;
            continue;
        }
        // The first difference.
        result.equal = false;
        Difference d;
        d.line = line + 1;
        if (le) d.expected = shown(*le, e.cut);
        if (la) d.actual = shown(*la, a.cut);
        for (std::string_view b : expected.linesBefore(options.contextLines + (le ? 1 : 0))) d.before.push_back(shown(normalizedLine(b)));
        if (le && !d.before.empty()) d.before.pop_back();  // that was the differing line itself
        while (static_cast<int>(d.before.size()) > options.contextLines) d.before.erase(d.before.begin());
        result.differingLines = 1;
        result.lastDifferingLine = d.line;
        NormalisedDigest digest;
        digestEqualPrefix(expectedPath, line, digest);
        if (la) digest.addLine(*la, a.cut);
        // Keep some lines after it from each file, counting aligned differences as we go.
        std::uint64_t at = d.line;
        bool eMore = le.has_value(), aMore = la.has_value();
        while (eMore || aMore) {
            std::optional<std::string_view> ne = eMore ? e.next() : std::nullopt;
            std::optional<std::string_view> na = aMore ? a.next() : std::nullopt;
            eMore = ne.has_value();
            aMore = na.has_value();
            if (!eMore && !aMore) break;
            if (na) digest.addLine(*na, a.cut);
            ++at;
            if (!sameLine(ne, e, na, a)) {
                ++result.differingLines;
                result.lastDifferingLine = at;
            }
            const bool keep = static_cast<int>(std::max(d.expectedAfter.size(), d.actualAfter.size())) < options.lookaheadLines;
            if (keep && ne) d.expectedAfter.push_back(shown(*ne, e.cut));
            if (keep && na) d.actualAfter.push_back(shown(*na, a.cut));
        }
        line = at;
        result.first = std::move(d);
        result.actualDigest = digest.finish();
        break;
    }
    result.expectedLines = line;
    return result;
}

}  // namespace

}  // namespace plyjudge::grader
