#include "common/command_template.hpp"

#include <fmt/format.h>

#include <stdexcept>
#include <string_view>

namespace plyjudge {

namespace {

constexpr std::string_view kOperators = "|&;<>()";
constexpr std::string_view kBlanks = " \t";

bool isNameStart(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; }
bool isNameChar(char c) { return isNameStart(c) || (c >= '0' && c <= '9'); }

// `VAR=value ...`: the command starts with an assignment, which only a shell performs.
bool startsWithAssignment(const std::string& text) {
    std::size_t i = text.find_first_not_of(kBlanks);
    if (i == std::string::npos || !isNameStart(text[i])) return false;
    while (i < text.size() && isNameChar(text[i])) ++i;
    return i < text.size() && text[i] == '=';
}

// The scan of a command's text, one character at a time, by POSIX quoting rules.
class Scanner {
public:
    explicit Scanner(CommandTemplate& t) : t_(t) {}

    void run() {
        const std::string& s = t_.text;
        for (std::size_t i = 0; i < s.size(); ++i) {
            if (const std::string* p = placeholderAt(i)) {
                flushLiteral(i);
                t_.pieces.push_back({*p, true, quoting_, i});
                startWord(i);
                wordPlain_ = false;
                word_ += *p;
                i += p->size() - 1;
                continue;
            }
            if (literal_.empty()) literalStart_ = i;
            literal_ += s[i];
            i = step(i);
        }
        if (quoting_ != ShellQuoting::Unquoted) {
            throw std::invalid_argument(fmt::format("the command `{}` has an unterminated {} quote", s,
                                                    quoting_ == ShellQuoting::InSingleQuotes ? "single (')" : "double (\")"));
        }
        endWord(s.size());
        flushLiteral(s.size());
    }

private:
    const std::string* placeholderAt(std::size_t i) const {
        for (const std::string& p : commandPlaceholders())
            if (t_.text.compare(i, p.size(), p) == 0) return &p;
        return nullptr;
    }

    void flushLiteral(std::size_t) {
        if (!literal_.empty()) t_.pieces.push_back({literal_, false, ShellQuoting::Unquoted, literalStart_});
        literal_.clear();
    }

    void startWord(std::size_t i) {
        if (inWord_) return;
        inWord_ = true;
        wordPlain_ = true;
        wordStart_ = i;
    }

    // A word ends at `end` (exclusive): kept, and noted when it is a plain one in command position. An assignment
    // (NAME=value) leaves the next word in command position.
    void endWord(std::size_t end) {
        if (!inWord_) return;
        t_.words.push_back(word_);
        if (commandPosition_ && wordPlain_ && !startsWithAssignment(word_))
            t_.commandWords.push_back({wordStart_, end - wordStart_, word_});
        commandPosition_ = commandPosition_ && startsWithAssignment(word_);
        word_.clear();
        inWord_ = false;
    }

    // The escaped character after a backslash at i (copied into the literal text), or an error at the end.
    std::size_t escaped(std::size_t i) {
        if (i + 1 >= t_.text.size()) throw std::invalid_argument(fmt::format("the command `{}` ends with a lone backslash", t_.text));
        literal_ += t_.text[i + 1];
        return i + 1;
    }

    // One character at i (already in the literal text); returns the index of the last character it consumed.
    std::size_t step(std::size_t i) {
        const char c = t_.text[i];
        switch (quoting_) {
            case ShellQuoting::InSingleQuotes:
                if (c == '\'') quoting_ = ShellQuoting::Unquoted;
                else word_ += c;
                return i;
            case ShellQuoting::InDoubleQuotes:
                if (c == '"') quoting_ = ShellQuoting::Unquoted;
                else if (c == '$' || c == '`') t_.shell = true, word_ += c;
                else if (c == '\\' && i + 1 < t_.text.size() && std::string_view("$`\"\\\n").find(t_.text[i + 1]) != std::string_view::npos) {
                    i = escaped(i);
                    if (t_.text[i] != '\n') word_ += t_.text[i];
                } else word_ += c;
                return i;
            case ShellQuoting::Unquoted: break;
        }
        return unquoted(i, c);
    }

    std::size_t unquoted(std::size_t i, char c) {
        if (kBlanks.find(c) != std::string_view::npos) {
            endWord(i);
            return i;
        }
        if (c == '\n' || kOperators.find(c) != std::string_view::npos) {
            t_.shell = true;
            endWord(i);
            commandPosition_ = std::string_view("|&;(\n").find(c) != std::string_view::npos;
            return i;
        }
        if ((c == '#' || c == '~') && !inWord_) t_.shell = true;
        if (std::string_view("$`*?[").find(c) != std::string_view::npos) t_.shell = true;
        startWord(i);
        if (std::string_view("'\"\\$`*?[#~").find(c) != std::string_view::npos) wordPlain_ = false;
        if (c == '\'') quoting_ = ShellQuoting::InSingleQuotes;
        else if (c == '"') quoting_ = ShellQuoting::InDoubleQuotes;
        else if (c == '\\') {
            i = escaped(i);
            if (t_.text[i] != '\n') word_ += t_.text[i];
        } else word_ += c;
        return i;
    }

    CommandTemplate& t_;
    ShellQuoting quoting_ = ShellQuoting::Unquoted;
    std::string literal_, word_;
    std::size_t literalStart_ = 0, wordStart_ = 0;
    bool inWord_ = false, wordPlain_ = false, commandPosition_ = true;
};

std::string replaceEach(const std::string& s, char from, std::string_view to) {
    std::string out;
    for (char c : s) {
        if (c == from) out += to;
        else out += c;
    }
    return out;
}

}  // namespace

const std::vector<std::string>& commandPlaceholders() {
    static const std::vector<std::string> names{"{program}", "{dir}", "{input}"};
    return names;
}

CommandTemplate parseCommandTemplate(const std::string& text) {
    CommandTemplate t;
    t.text = text;
    Scanner(t).run();
    if (t.words.empty()) throw std::invalid_argument("the run command is empty");
    if (startsWithAssignment(text)) t.shell = true;
    return t;
}

std::string shellQuoted(const std::string& value, ShellQuoting quoting) {
    switch (quoting) {
        case ShellQuoting::Unquoted: return "'" + replaceEach(value, '\'', "'\\''") + "'";
        case ShellQuoting::InSingleQuotes: return replaceEach(value, '\'', "'\\''");
        case ShellQuoting::InDoubleQuotes: {
            std::string out;
            for (char c : value) {
                if (c == '$' || c == '`' || c == '"' || c == '\\') out += '\\';
                out += c;
            }
            return out;
        }
    }
    return value;
}

std::string renderShellCommand(const CommandTemplate& command, const std::map<std::string, std::string>& values,
                               const std::map<std::string, std::string>& commands, const std::vector<std::string>& appended) {
    std::string out;
    for (const ShellPiece& piece : command.pieces) {
        if (piece.placeholder) {
            const auto value = values.find(piece.text);
            out += value == values.end() ? piece.text : shellQuoted(value->second, piece.quoting);
            continue;
        }
        // Command words lie inside literal pieces (a plain word holds no placeholder): replaced from the last, so
        // the offsets of the earlier ones still hold.
        std::string text = piece.text;
        for (auto w = command.commandWords.rbegin(); w != command.commandWords.rend(); ++w) {
            const auto path = commands.find(w->text);
            if (path == commands.end() || w->offset < piece.offset || w->offset + w->length > piece.offset + piece.text.size()) continue;
            text.replace(w->offset - piece.offset, w->length, shellQuoted(path->second, ShellQuoting::Unquoted));
        }
        out += text;
    }
    for (const std::string& word : appended) out += " " + shellQuoted(word, ShellQuoting::Unquoted);
    return out;
}

}  // namespace plyjudge
