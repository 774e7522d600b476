// A run command as a TA or a student writes it (`run.command:`, an override's `command:`, `--command`), read by
// POSIX shell rules: words split at blanks, '...' taken literally, "..." with \ escaping only $ ` " \ and newline,
// \ outside quotes escaping the next character. A command with shell syntax outside quotes (redirection, pipes,
// `&&`, `;`, globbing, `$` and backquote expansions, `VAR=value` before the command, `~`, a comment) runs through
// /bin/sh -c; a plain one runs directly. The placeholders {program}, {dir} and {input} are kept as such and given
// their values per run: in a plain command inside its word (no shell ever reads them), in a shell command quoted
// for the place they are written in, so a file named `a;rm -rf x.py` stays one word.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace plyjudge {

// Where a placeholder stands in a shell command's text, which decides how its value is quoted.
enum class ShellQuoting { Unquoted, InSingleQuotes, InDoubleQuotes };

// One piece of a shell command: literal text as written, or a placeholder ("{program}", "{dir}", "{input}").
struct ShellPiece {
    std::string text;
    bool placeholder = false;
    ShellQuoting quoting = ShellQuoting::Unquoted;
    std::size_t offset = 0;  // where it starts in the command's text
};

// A plain word (no quote, escape, expansion or placeholder) in command position of a shell command: the text's
// first word, or one after `|`, `&&`, `||`, `;`, `&`, `(`, a newline or an assignment. An interpreter's name there
// runs the chosen interpreter.
struct CommandWord {
    std::size_t offset = 0, length = 0;
    std::string text;
};

struct CommandTemplate {
    std::string text;                 // as written
    bool shell = false;               // has shell syntax: run as /bin/sh -c TEXT
    std::vector<std::string> words;   // the words with quotes removed, placeholders kept (a shell command's too, for
                                      // naming its programs; operators are not words)
    std::vector<ShellPiece> pieces;   // the text in pieces (shell commands)
    std::vector<CommandWord> commandWords;  // a shell command's plain words in command position
};

// Reads a command. Throws std::invalid_argument naming the command when a quote is not closed, it ends with a lone
// backslash, or it is empty.
CommandTemplate parseCommandTemplate(const std::string& text);

// The placeholders of the templates, in the order they are documented.
const std::vector<std::string>& commandPlaceholders();

// `value` written so that the shell reads it back as exactly that text where it stands.
std::string shellQuoted(const std::string& value, ShellQuoting quoting);

// A shell command's text with each placeholder's value quoted for where it stands (a placeholder without a value is
// left as written), each command word found in `commands` replaced by its value (an interpreter's path), quoted, and
// `appended` words (the variant's input convention) added at the end, quoted.
std::string renderShellCommand(const CommandTemplate& command, const std::map<std::string, std::string>& values,
                               const std::map<std::string, std::string>& commands = {},
                               const std::vector<std::string>& appended = {});

}  // namespace plyjudge
