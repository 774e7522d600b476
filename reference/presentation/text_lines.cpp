#include "reference/presentation/text_lines.hpp"

#include <fstream>
#include <sstream>

namespace plyjudge {

std::vector<std::string> textLines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.pop_back();
        lines.push_back(line);
    }
    while (!lines.empty() && lines.back().empty()) lines.pop_back();
    return lines;
}

std::vector<std::string> fileLines(const std::filesystem::path& path) {
    // The head only: what is read from an output file is the state at its top (a board, a move line), and
    // the file may be a traverse log of gigabytes. A line cut by the cap is dropped.
    constexpr std::size_t kHead = 64 << 10;
    std::ifstream in(path, std::ios::binary);
    if (!in) return {};
    std::string text(kHead, '\0');
    in.read(text.data(), static_cast<std::streamsize>(kHead));
    text.resize(static_cast<std::size_t>(in.gcount()));
    if (text.size() == kHead) text.erase(text.find_last_of('\n') == std::string::npos ? 0 : text.find_last_of('\n'));
    return textLines(text);
}

}  // namespace plyjudge
