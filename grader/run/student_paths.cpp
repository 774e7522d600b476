#include "grader/run/student_paths.hpp"

#include <algorithm>
#include <cctype>

namespace plyjudge::grader {

namespace {

bool continuesAName(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-'; }

// Each `from` in `text` replaced by `to`; with `wholeName`, only where no letter of a longer name follows
// (`run-1-2` is not the start of `run-1-20`).
void replaceAll(std::string& text, const std::string& from, const std::string& to, bool wholeName) {
    std::size_t at = text.find(from);
    while (at != std::string::npos) {
        const std::size_t end = at + from.size();
        if (wholeName && end < text.size() && continuesAName(text[end])) {
            at = text.find(from, at + 1);
            continue;
        }
        text.replace(at, from.size(), to);
        at = text.find(from, at + to.size());
    }
}

// A folder as the tools print it: absolute, without a trailing slash ("/" itself is never stripped).
std::string folderText(const std::filesystem::path& folder) {
    std::string s = std::filesystem::absolute(folder).lexically_normal().string();
    while (s.size() > 1 && s.back() == '/') s.pop_back();
    return s == "/" ? std::string() : s;
}

}  // namespace

std::string withStudentPaths(std::string text, std::vector<std::filesystem::path> folders) {
    std::vector<std::string> names;
    for (const auto& folder : folders)
        if (std::string name = folderText(folder); !name.empty()) names.push_back(std::move(name));
    std::sort(names.begin(), names.end(), [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
    for (const std::string& name : names) {
        replaceAll(text, name + "/", "", false);
        replaceAll(text, name, ".", true);
    }
    return text;
}

}  // namespace plyjudge::grader
