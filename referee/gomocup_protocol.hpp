// What the referee says to a Gomocup engine and how it reads the answers: Gomocup's "piskvork" protocol
// (START, INFO, BEGIN, TURN, BOARD, END on the engine's stdin; `x,y` on its stdout), mapped onto the course's
// board (docs/gomocup.md). Coordinates: piskvork's x,y are 0-based, x the column (A = 0 ... O = 14) and y the row
// counted from the top (course row 1 = y 0 ... row 15 = y 14), so course H 8 is `7,7`.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "reference/gomoku4341/rules.hpp"

namespace plyjudge::referee::gomocup {

std::string coordinates(gomoku4341::Point p);  // `7,7` for H 8

// The commands after START: the turn's and the match's time (ms), the memory (bytes: 3/4 of `memoryBytes`, the
// sandbox's limit, which also holds the engine's code and runtime), a game against a human-like
// opponent (game_type 0: the engine may not assume a Gomocup opponent) and rule 0, freestyle: five or more in a row
// wins, the course's rule.
std::vector<std::string> infoCommands(double timeLimitSeconds, std::uint64_t memoryBytes);

// One stone for BOARD: `x,y,1` for the engine's own, `x,y,2` for its opponent's.
std::string boardLine(gomoku4341::Point p, bool own);

// What an engine's output line is.
enum class LineKind {
    Chatter,  // MESSAGE, DEBUG, SUGGEST or an empty line: the protocol lets an engine print these any time
    Ok,       // OK (the answer to START)
    Refusal,  // ERROR ... or UNKNOWN ...
    Answer,   // anything else: read as a move
};
LineKind kindOf(std::string_view line);

// A move `x,y` (spaces around the numbers allowed) on the 15x15 board; otherwise nullopt and why in `why`.
std::optional<gomoku4341::Point> parseMove(std::string_view line, std::string& why);

}  // namespace plyjudge::referee::gomocup
