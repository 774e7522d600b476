#include "grader/similarity/submission_sources.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <fmt/format.h>
#include <map>

#include "grader/run/program_file.hpp"

namespace plyjudge::grader {

namespace fs = std::filesystem;

namespace {

std::string dolosLanguage(Language language) {
    switch (language) {
        case Language::Python: return "python";
        case Language::Cpp: return "cpp";
        case Language::Java: return "java";
        default: return "";
    }
}

// Every regular source file below `dir` (links and their targets never visited), sorted by path; at most
// `maxEntries` entries are looked at (`truncated` then set).
std::vector<fs::path> sourceFiles(const fs::path& dir, int maxEntries, bool& truncated) {
    std::vector<fs::path> files;
    std::error_code ec;
    fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec), end;
    for (int seen = 0; !ec && it != end; it.increment(ec)) {
        if (++seen > maxEntries) {
            truncated = true;
            break;
        }
        const fs::directory_entry& e = *it;
        std::error_code typeError;
        if (e.is_symlink(typeError)) {
            it.disable_recursion_pending();
            continue;
        }
        if (e.is_directory(typeError) && e.path().filename() == ".git") it.disable_recursion_pending();
        if (e.is_regular_file(typeError) && languageOf(e.path()) != Language::Unknown) files.push_back(e.path());
    }
    std::sort(files.begin(), files.end());
    return files;
}

// At most `room` bytes of a regular file, opened without following a link; nullopt when it is not one.
std::optional<std::string> readCapped(const fs::path& file, std::uint64_t room, bool& cut) {
    const int fd = ::open(file.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return std::nullopt;
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        return std::nullopt;
    }
    std::string text(static_cast<std::size_t>(std::min<std::uint64_t>(room, static_cast<std::uint64_t>(st.st_size))), '\0');
    std::size_t got = 0;
    while (got < text.size()) {
        const ssize_t n = ::read(fd, text.data() + got, text.size() - got);
        if (n <= 0) break;
        got += static_cast<std::size_t>(n);
    }
    ::close(fd);
    text.resize(got);
    cut = static_cast<std::uint64_t>(st.st_size) > got;
    return text;
}

// The language compared, and the program file when one is found: read first, before the caps can leave it out (40
// junk files sorting before it hid a copied program from the comparison).
Language chosenLanguage(const fs::path& dir, std::vector<fs::path>& files) {
    std::string why;
    if (auto program = findProgramFile(dir, std::nullopt, why)) {
        const auto at = std::find(files.begin(), files.end(), *program);
        if (at != files.end()) std::rotate(files.begin(), at, at + 1);
        return languageOf(*program);
    }
    std::map<Language, int> counts;
    for (const fs::path& f : files) ++counts[languageOf(f)];
    Language best = Language::Unknown;
    for (const auto& [language, n] : counts) {
        if (best == Language::Unknown || n > counts[best]) best = language;
    }
    return best;
}

}  // namespace

SubmissionSources readSubmissionSources(const fs::path& dir, const SourceLimits& limits) {
    SubmissionSources sources;
    bool truncated = false;
    std::vector<fs::path> all = sourceFiles(dir, limits.maxEntries, truncated);
    const Language language = chosenLanguage(dir, all);
    sources.language = dolosLanguage(language);
    if (sources.language.empty()) return sources;
    int line = 0, files = 0, leftOut = 0;
    bool bytesCut = false;
    for (const fs::path& f : all) {
        if (languageOf(f) != language) continue;
        const std::uint64_t room = limits.maxBytes - std::min<std::uint64_t>(limits.maxBytes, sources.text.size());
        if (files >= limits.maxFiles || room == 0) {
            ++leftOut;
            continue;
        }
        bool cut = false;
        std::optional<std::string> text = readCapped(f, room, cut);
        if (!text) continue;
        bytesCut = bytesCut || cut;
        ++files;
        sources.parts.push_back({fs::relative(f, dir).string(), line});
        if (text->empty() || text->back() != '\n') *text += '\n';
        line += static_cast<int>(std::count(text->begin(), text->end(), '\n'));
        sources.text += *text;
    }
    if (leftOut > 0 || bytesCut || truncated) {
        sources.note = fmt::format("only the first {} KiB of {} source file(s) compared ({} left out{})", limits.maxBytes >> 10,
                                   files, leftOut, truncated ? fmt::format(", and the folder's entries after the first {}", limits.maxEntries) : "");
    }
    return sources;
}

std::pair<std::string, int> sourceLineOf(const SubmissionSources& sources, int line) {
    for (auto it = sources.parts.rbegin(); it != sources.parts.rend(); ++it) {
        if (line >= it->firstLine) return {it->file, line - it->firstLine + 1};
    }
    return {"", line + 1};
}

}  // namespace plyjudge::grader
