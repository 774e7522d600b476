#include "grader/explain/requested_files.hpp"

#include <algorithm>
#include <regex>

namespace plyjudge::grader {

namespace {

constexpr std::size_t kMaxNames = 3;

}  // namespace

std::vector<std::string> missingFilesNamed(std::string_view stderrText) {
    // Python 2 and 3 (IOError / FileNotFoundError): [Errno 2] No such file or directory: 'X'
    // Java: java.io.FileNotFoundException: X (No such file or directory)
    static const std::regex python(R"(No such file or directory: '([^'\n]+)')");
    static const std::regex java(R"(FileNotFoundException: ([^\n]+?) \(No such file or directory\))");
    const std::string text(stderrText);
    std::vector<std::pair<std::size_t, std::string>> found;
    for (const std::regex* pattern : {&python, &java}) {
        for (auto it = std::sregex_iterator(text.begin(), text.end(), *pattern); it != std::sregex_iterator(); ++it) {
            found.emplace_back(static_cast<std::size_t>(it->position(0)), (*it)[1].str());
        }
    }
    std::sort(found.begin(), found.end());
    std::vector<std::string> names;
    for (const auto& [position, name] : found) {
        if (std::find(names.begin(), names.end(), name) == names.end() && names.size() < kMaxNames) names.push_back(name);
    }
    return names;
}

std::optional<std::filesystem::path> insideRunDirectory(const std::string& name, const std::filesystem::path& runDir) {
    if (name.empty() || name.size() > 255) return std::nullopt;
    if (std::any_of(name.begin(), name.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20; })) return std::nullopt;
    std::filesystem::path path = std::filesystem::path(name).lexically_normal();
    if (path.is_absolute()) {
        // A path the program built from its working directory: the part below it.
        path = path.lexically_relative(std::filesystem::path(runDir).lexically_normal());
        if (path.empty()) return std::nullopt;
    }
    for (const auto& part : path) {
        if (part == ".." || part == ".") return std::nullopt;
    }
    if (path.empty() || !path.has_filename()) return std::nullopt;
    return path;
}

}  // namespace plyjudge::grader
