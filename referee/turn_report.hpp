// Why a turn ended badly, in words a student can act on: for a timeout, whether the player touched its
// `.go` or move_file at all, the file events the referee saw with their times, and the CPU it used in
// that turn; for a crash, the end of its stderr.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "referee/dir_watch.hpp"

namespace plyjudge::referee {

struct TurnReport {
    std::string detail;  // one line for end-of-game output and standings
    std::string report;  // more lines for game_record.txt
};

struct TimeoutFacts {
    std::string mover;
    double limitSeconds = 0;
    std::chrono::steady_clock::time_point goAt;  // when its `.go` was created
    std::vector<WatchEvent> events;               // the directory's events during the turn
    bool journalAvailable = true;                 // inotify worked (otherwise no events can be shown)
    double turnCpuSeconds = 0;                    // its tree's CPU during the turn
    bool running = true;                          // its program still ran at the time limit
};
TurnReport describeTimeout(const TimeoutFacts& facts);

// Text a player wrote, on one line for messages: at most `maxBytes` (then `...`), LF and CR as `\n` and `\r`,
// any other control or non-ASCII byte as `?`.
std::string visibleText(const std::string& text, std::size_t maxBytes = 60);

// The last `maxLines` lines of a program's captured stderr (at most ~2 KB), trailing blank lines dropped.
std::string lastLines(const std::string& text, int maxLines);

}  // namespace plyjudge::referee
