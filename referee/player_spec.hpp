// `NAME=COMMAND LINE` arguments of `plyjudge referee` and the tournament configuration's players.
#pragma once

#include <string>

#include "referee/game.hpp"

namespace plyjudge::live {

// A name a player may have: it names the `<name>.go` file and is the first field of its moves.
// Letters, digits, `_`, `-` and `.`, 1-64 characters, not starting with `.` or `-`.
bool validPlayerName(const std::string& name);

// Splits `command` like a POSIX shell would (quotes, backslashes; no expansions). Because the players run
// in the game's directory, arguments naming files relative to `baseDir` (the referee's working directory)
// are made absolute, and their folders become readable in the sandbox; `plyjudge` as the program means
// this very executable. Throws std::invalid_argument with a message on an empty command or a bad name.
PlayerSpec makePlayerSpec(const std::string& name, const std::string& command, const std::filesystem::path& baseDir);

// Parses `NAME=COMMAND`.
PlayerSpec parsePlayerArgument(const std::string& argument, const std::filesystem::path& baseDir);

}  // namespace plyjudge::live
