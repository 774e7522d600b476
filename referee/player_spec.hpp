// `NAME=COMMAND LINE` arguments of `plyjudge referee` and the tournament configuration's players.
#pragma once

#include <map>
#include <string>

#include "referee/game.hpp"

namespace plyjudge::referee {

// A name a player may have: it names the `<name>.go` file and is the first field of its moves.
// Letters, digits, `_`, `-` and `.`, 1-64 characters, not starting with `.` or `-`.
bool validPlayerName(const std::string& name);

// Splits `command` like a POSIX shell would (command_words.hpp: quotes, backslashes; no expansions). The
// players run in the game's directory, so the words that are paths by how they are written (a slash, or
// the program file of an interpreter: command_words.hpp) and exist relative to `baseDir` (where the command
// was typed) are made absolute; no other word is ever changed. The folders of the absolute paths, including
// those inside an `sh -c` string, become readable in the sandbox. `plyjudge` as the program means this very
// executable. Throws std::invalid_argument with a message on an empty command, a bad quote or a bad name.
PlayerSpec makePlayerSpec(const std::string& name, const std::string& command, const std::filesystem::path& baseDir);

// Parses `NAME=COMMAND`.
PlayerSpec parsePlayerArgument(const std::string& argument, const std::filesystem::path& baseDir);

// --interpreter NAME=PATH: a player whose command starts with NAME (python2, python3, java, ...) runs PATH
// instead, with PATH's installation (the folder above its bin/) readable in the sandbox.
void applyInterpreters(PlayerSpec& player, const std::map<std::string, std::string>& interpreters);

// A player's `protocol:` (tournament configurations): `files` (the course's, the default) or `gomocup` (Gomocup's
// piskvork protocol on stdin/stdout, docs/gomocup.md). Throws std::invalid_argument otherwise.
PlayerProtocol parsePlayerProtocol(const std::string& name);

// A player's working folder inside the game directory (`--cwd NAME=SUBDIR`, `cwd:`): relative, without
// `..`; throws std::invalid_argument otherwise. Returns it normalised (`a/b`).
std::filesystem::path checkedWorkSubdir(const std::string& subdir);

}  // namespace plyjudge::referee
