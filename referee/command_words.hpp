// Which words of a player's argv (read as every command is: common/command_template.hpp) are file paths by the way
// they are written, so that the referee can make them absolute (the player runs in its own folder of the game
// directory, not where its command was typed), and the string of an `sh -c` command.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace plyjudge::referee {

// The indices of the words of argv that are file paths by how they are written: argv[0] when it contains a
// slash; any other word with a slash that is not an option (`-x`, `--x=...`); and the program file an
// interpreter is given (`python3 bob.py`, `node p.js`, `perl p.pl`, `java -jar p.jar`, `java -cp DIR`).
// A bare word such as `ref` in `plyjudge play ref` is never one, whatever files exist.
std::vector<std::size_t> pathWords(const std::vector<std::string>& argv);

// For `sh -c STRING` (also bash, dash, zsh, any options before -c): STRING; otherwise nullopt.
std::optional<std::string> shellString(const std::vector<std::string>& argv);

}  // namespace plyjudge::referee
