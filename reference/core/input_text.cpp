#include "reference/core/input_text.hpp"

#include <charconv>
#include <fstream>
#include <sstream>

namespace plyjudge {

namespace {
std::string formatWhere(const std::string& file, int line, const std::string& message) {
    std::string s = file;
    if (line > 0) {
        s += ':';
        s.append(std::to_string(line));
    }
    s.append(": ").append(message);
    return s;
}

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }
}  // namespace

InputError::InputError(std::string file, int line, std::string message)
    : std::runtime_error(formatWhere(file, line, message)),
      file_(std::move(file)),
      line_(line),
      message_(std::move(message)) {}

InputText::InputText(std::string text, std::string fileName)
    : text_(std::move(text)), fileName_(std::move(fileName)) {
    std::string_view rest = text_;
    while (!rest.empty()) {
        std::size_t nl = rest.find('\n');
        std::string_view line = rest.substr(0, nl);
        while (!line.empty() && isSpace(line.back())) line.remove_suffix(1);
        lines_.push_back(line);
        if (nl == std::string_view::npos) break;
        rest.remove_prefix(nl + 1);
    }
    while (!lines_.empty() && lines_.back().empty()) lines_.pop_back();
}

InputText InputText::readFile(const std::filesystem::path& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) throw InputError(path.string(), 0, "is a directory, expected an input file");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path.string(), 0, "cannot open the file for reading");
    std::ostringstream buffer;
    buffer << in.rdbuf();
    if (in.bad()) throw InputError(path.string(), 0, "cannot read the file");
    return InputText(buffer.str(), path.string());
}

std::string_view InputText::line(int n, std::string_view expected) const {
    if (n < 1 || n > lineCount()) {
        fail(n, "the file ends here, expected " + std::string(expected));
    }
    return lines_[n - 1];
}

long long InputText::wholeNumber(int n, std::string_view description, std::string_view what, long long lo, long long hi) const {
    const std::string_view text = line(n, description);
    long long value = 0;
    if (!parseInt(text, value) || value < lo || value > hi) {
        failValue(n, what, text, "a whole number from " + std::to_string(lo) + " to " + std::to_string(hi));
    }
    return value;
}

void InputText::failValue(int n, std::string_view what, std::string_view text, std::string_view expected) const {
    fail(n, std::string(what) + " is " + quotedInput(text) + ", expected " + std::string(expected));
}

void InputText::fail(int n, std::string message) const { throw InputError(fileName_, n, std::move(message)); }

void InputText::expectEndAfter(int n) const {
    if (lineCount() > n) fail(n + 1, "unexpected extra line after the input");
}

std::string quotedInput(std::string_view text) {
    constexpr std::size_t kShown = 40;
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out = "'";
    for (std::size_t i = 0; i < text.size() && i < kShown; ++i) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (c == '\'' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c >= 0x20 && c < 0x7f) {
            out += static_cast<char>(c);
        } else {
            out += "\\x";
            out += kHex[c >> 4];
            out += kHex[c & 15];
        }
    }
    if (text.size() > kShown) out += "...";
    out += '\'';
    return out;
}

std::vector<std::string_view> splitOn(std::string_view s, char separator) {
    std::vector<std::string_view> parts;
    while (true) {
        std::size_t at = s.find(separator);
        parts.push_back(trim(s.substr(0, at)));
        if (at == std::string_view::npos) break;
        s.remove_prefix(at + 1);
    }
    return parts;
}

std::vector<std::string_view> splitWhitespace(std::string_view s) {
    std::vector<std::string_view> parts;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && isSpace(s[i])) ++i;
        std::size_t start = i;
        while (i < s.size() && !isSpace(s[i])) ++i;
        if (i > start) parts.push_back(s.substr(start, i - start));
    }
    return parts;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && isSpace(s.front())) s.remove_prefix(1);
    while (!s.empty() && isSpace(s.back())) s.remove_suffix(1);
    return s;
}

bool parseInt(std::string_view s, long long& out) {
    if (s.empty()) return false;
    std::string_view digits = s;
    if (digits.front() == '+') digits.remove_prefix(1);
    auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), out);
    return ec == std::errc() && ptr == digits.data() + digits.size() && !digits.empty();
}

}  // namespace plyjudge
