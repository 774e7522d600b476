#include "grader/explain/output_forms.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>

#include "grader/compare/compare.hpp"
#include "sandbox/sandbox.hpp"

namespace plyjudge::grader {

namespace fs = std::filesystem;

std::string nearNameKey(std::string_view name) {
    const std::size_t dot = name.find('.');
    if (dot != std::string_view::npos && dot > 0) name = name.substr(0, dot);  // every extension
    std::string key;
    for (const char c : name) {
        if (std::isalnum(static_cast<unsigned char>(c))) key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return key;
}

std::optional<std::string> nearNameIn(const fs::path& dir, const std::string& missing, const std::vector<std::string>& excluded) {
    constexpr int kMaxEntries = 4096;  // a program that writes thousands of files is not asked which one it meant
    const std::string key = nearNameKey(missing);
    if (key.empty()) return std::nullopt;
    std::vector<std::string> near;
    std::error_code ec;
    int seen = 0;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end && seen < kMaxEntries; it.increment(ec), ++seen) {
        const std::string name = it->path().filename().string();
        if (name == missing || std::find(excluded.begin(), excluded.end(), name) != excluded.end()) continue;
        std::error_code sec;
        if (!fs::is_regular_file(it->symlink_status(sec)) || sec) continue;  // a link is never read
        if (nearNameKey(name) == key) near.push_back(name);
    }
    if (near.empty()) return std::nullopt;
    return *std::min_element(near.begin(), near.end());
}

namespace {

bool blank(std::string_view line) { return line.find_first_not_of(" \t\r") == std::string_view::npos; }

// Each line as written (not reference/core's splitOn, which trims: a line's leading blanks are part of the answer),
// and whether a line end follows it.
template <class Visit>
void forEachLine(std::string_view text, Visit visit) {
    for (std::size_t start = 0; start < text.size();) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        visit(text.substr(start, end - start), end < text.size());
        start = end + 1;
    }
}

}  // namespace

bool hasInnerBlankLine(std::string_view text) {
    bool blankSeen = false, inner = false;
    forEachLine(text, [&](std::string_view line, bool) {
        if (blank(line)) blankSeen = true;
        else if (blankSeen) inner = true;
    });
    return inner;
}

std::string withoutBlankLines(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    forEachLine(text, [&](std::string_view line, bool ended) {
        if (blank(line)) return;
        out.append(line);
        if (ended) out += '\n';
    });
    return out;
}

std::optional<std::string> readRunFile(const fs::path& dir, const std::string& name) {
    return sandbox::readRunOutput(sandbox::openRunOutput(dir, name), kOutputFormBytes);
}

bool equalsExpected(const fs::path& expected, const std::string& text) {
    // The comparison reads a descriptor; an anonymous in-memory file holds the text (at most kOutputFormBytes).
    const int fd = ::memfd_create("plyjudge-output-form", MFD_CLOEXEC);
    if (fd < 0) return false;
    for (std::size_t done = 0; done < text.size();) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n <= 0) {
            ::close(fd);
            return false;
        }
        done += static_cast<std::size_t>(n);
    }
    ::lseek(fd, 0, SEEK_SET);
    return compareFiles(expected, fd).equal;  // closes fd
}

}  // namespace plyjudge::grader
