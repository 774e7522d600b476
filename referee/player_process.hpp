// Starting one player of a game in the sandbox, and reading its end: whether it could not start at all
// (a setup error: nobody's fault in the game) or crashed (with the end of its stderr).
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "sandbox/sandbox.hpp"
#include "referee/game.hpp"
#include "referee/turn_report.hpp"

namespace plyjudge::referee {

// Starts players[i] of a game in its working folder (the game directory, or `cwd` inside it, created):
// the sandbox keeps the last 64 KiB of each output stream and never kills a player for printing; the
// sandbox's own clocks are only a bound on a whole game (`gameBoundSeconds`), the referee judges the turns.
std::unique_ptr<sandbox::SandboxedProcess> startPlayer(const GameOptions& options, int i, double gameBoundSeconds);

// Whether a player's folder is out of its opponent's reach: under bubblewrap (the rest of the game directory is not
// in sight) or for a root referee (each player runs under a uid of its own). A referee that is neither runs both
// players as its own user, who can write anywhere the referee can.
bool playersKeptApart(const GameOptions& options);

// For a root referee, whose sandbox runs players under an unprivileged uid: the reason the program or a
// file its command names cannot be reached by that user (e.g. a Python under /root/.pyenv), or nullopt.
std::optional<std::string> unreachableByRunUser(const PlayerSpec& spec);

// For a program that ended before its first move: the message when it never really started (program not
// found or not executable, an interpreter that cannot open its script, the sandbox refusing), or nullopt
// when it ran and ended (a crash).
std::optional<std::string> startupFailure(const sandbox::RunOutcome& outcome, const PlayerSpec& spec);

// A crash during the game: how it ended and the end of its stderr.
TurnReport describeCrash(const sandbox::RunOutcome& outcome);

inline constexpr std::uint64_t kKeptOutputBytes = 64 * 1024;

}  // namespace plyjudge::referee
