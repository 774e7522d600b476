// How a player's command line becomes argv: split like a POSIX shell splits words (quotes and backslashes,
// no expansions), and which words are file paths by the way they are written, so that the referee can make
// them absolute (the player runs in the game's directory, not where its command was typed).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace plyjudge::referee {

// Splits `text` into words as `sh` does before expansions: blanks (space, tab, newline) separate words;
// '...' keeps everything literally; "..." keeps everything but a backslash before $ ` " \ or a newline;
// outside quotes a backslash keeps the next character (a backslash-newline disappears); quoted parts
// join the unquoted text around them ('a'"b"c is one word abc; '' is an empty word).
// Throws std::invalid_argument on an unterminated quote or a final lone backslash.
std::vector<std::string> splitShellWords(std::string_view text);

// The indices of the words of argv that are file paths by how they are written: argv[0] when it contains a
// slash; any other word with a slash that is not an option (`-x`, `--x=...`); and the program file an
// interpreter is given (`python3 bob.py`, `node p.js`, `perl p.pl`, `java -jar p.jar`, `java -cp DIR`).
// A bare word such as `ref` in `plyjudge play ref` is never one, whatever files exist.
std::vector<std::size_t> pathWords(const std::vector<std::string>& argv);

// For `sh -c STRING` (also bash, dash, zsh, any options before -c): STRING; otherwise nullopt.
std::optional<std::string> shellString(const std::vector<std::string>& argv);

}  // namespace plyjudge::referee
