// Line-oriented reading of assignment input files: LF or CRLF, with or without a final newline,
// and errors that name the file, the line and what was expected.
#pragma once

#include <filesystem>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace plyjudge {

// A malformed input. what() reads "FILE:LINE: MESSAGE" (LINE omitted when 0, e.g. an unreadable file).
class InputError : public std::runtime_error {
public:
    InputError(std::string file, int line, std::string message);
    const std::string& file() const { return file_; }
    int line() const { return line_; }
    const std::string& message() const { return message_; }

private:
    std::string file_;
    int line_;
    std::string message_;
};

// The lines of an input file. Trailing blank lines and trailing white space on a line are ignored
// (editors and Windows tools add them); everything else is significant.
class InputText {
public:
    InputText(std::string text, std::string fileName);
    static InputText readFile(const std::filesystem::path& path);  // throws InputError if unreadable

    const std::string& fileName() const { return fileName_; }
    int lineCount() const { return static_cast<int>(lines_.size()); }

    // Line n (1-based), or throws InputError naming n and `expected` when the file has fewer lines.
    std::string_view line(int n, std::string_view expected) const;

    // Throws InputError at line `n` with the message.
    [[noreturn]] void fail(int n, std::string message) const;

    // Throws unless the file has no non-blank line after line n.
    void expectEndAfter(int n) const;

    // Line n read as one of `choices` (its text, its value); otherwise throws "WHAT is 'TEXT', expected EXPECTED".
    // `description` says what line n holds, for a file that ends before it (line()).
    template <class T>
    T choice(int n, std::string_view description, std::string_view what, std::string_view expected,
             std::initializer_list<std::pair<std::string_view, T>> choices) const {
        const std::string_view text = line(n, description);
        for (const auto& [name, value] : choices) {
            if (text == name) return value;
        }
        failValue(n, what, text, expected);
    }
    // Line n read as a whole number from lo to hi (parseInt); otherwise throws "WHAT is 'TEXT', expected a whole
    // number from LO to HI".
    long long wholeNumber(int n, std::string_view description, std::string_view what, long long lo, long long hi) const;
    // Throws "WHAT is 'TEXT', expected EXPECTED" at line n.
    [[noreturn]] void failValue(int n, std::string_view what, std::string_view text, std::string_view expected) const;

private:
    std::string text_;
    std::string fileName_;
    std::vector<std::string_view> lines_;
};

// Input text as an error message shows it: in quotes, at most about 40 characters (a random file must not
// flood the terminal), bytes other than printable ASCII escaped as \xNN, e.g. 'S3\x00\xff…'.
std::string quotedInput(std::string_view text);

// Helpers for the small grammars of the input files.
std::vector<std::string_view> splitOn(std::string_view s, char separator);
std::vector<std::string_view> splitWhitespace(std::string_view s);
std::string_view trim(std::string_view s);
// Parses a whole decimal integer (optional sign); false if s is anything else.
bool parseInt(std::string_view s, long long& out);

}  // namespace plyjudge
