// A list of lines as one text column: each line followed by '\n' (a stored line never holds one), so that [] and
// [""] differ. Shared by the results store and the stored explanations.
#pragma once

#include <string>
#include <vector>

namespace plyjudge::grader {

inline std::string joinLines(const std::vector<std::string>& lines) {
    std::string text;
    for (const std::string& l : lines) text += l + '\n';
    return text;
}

inline std::vector<std::string> splitLines(const std::string& text) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    for (std::size_t end; (end = text.find('\n', start)) != std::string::npos; start = end + 1) {
        lines.push_back(text.substr(start, end - start));
    }
    return lines;
}

}  // namespace plyjudge::grader
