// The two hand-over profiles of the referee. `course` reproduces, as the players see it, the timing and the
// write-back of the course's own Python 2 referee (measured figures: referee/README.md); `fast` hands a turn
// over in a few milliseconds and writes moves back in plyjudge's normal form.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "reference/gomoku4341/rules.hpp"

namespace plyjudge::referee {

enum class Protocol { Course, Fast };

struct ProtocolTiming {
    // After the first change of move_file, how long the referee waits before it reads the move and removes
    // the mover's `.go` (the course referee polls every 50 ms, then sleeps 100 ms: its `.go` stays 100-150 ms).
    double readDelaySeconds = 0.125;
    // From the write-back of a move to the opponent's `.go` (the course referee sleeps 1 s).
    double pauseSeconds = 1.0;
    // Before the first `.go`: at most this long, ended early once every player process has been idle for a
    // moment (the course's players were started by hand before the referee).
    double startupGraceSeconds = 2.0;
    bool fullStartupGrace = false;  // wait the whole grace even when the players are idle earlier
};

std::string_view protocolName(Protocol protocol);
std::optional<Protocol> parseProtocol(std::string_view name);  // "course" or "fast"
// The profile's defaults: course 0.125 / 1 / 2 s, fast 0 / 0 / 0.
ProtocolTiming defaultTiming(Protocol protocol);

// What the referee writes back to move_file for the opponent after accepting `point` from `name`:
// course: `name h 8\n` (delete, then create afresh, as the course referee did); fast: `name H 8` (atomic rename).
std::string writeBackText(Protocol protocol, const std::string& name, gomoku4341::Point point);

// What the course referee wrote to move_file when a game ended without a valid move (its str(Move) before
// end_game): for a rejected move `read`, the move as it parsed it, `name col row\n` with the column in lower case
// (three fields, a one-letter column, a numeric row), else `None \` -1\n` (its IndexError path); after a timeout
// or a crash (no `read`), `mover \` -1\n` (column and row -1 printed as chr(-1 + ord('a')) and y + 1).
std::string courseEndingMoveText(const std::string& mover, const std::optional<std::string>& read);

}  // namespace plyjudge::referee
