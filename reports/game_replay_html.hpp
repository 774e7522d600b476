// The replay page of one gomoku4341 game (`replay.html` beside its record): the board as inline SVG with every
// stone numbered, buttons and keys to step forward and back, the position of `#move=N` when the address names
// one. Self-contained: no server, no network, plain inline JavaScript; every string from a record (player names,
// the organiser's event, the ending's words) is escaped.
#pragma once

#include <filesystem>
#include <string>

#include "referee/game_record_reader.hpp"

namespace plyjudge::reports {

inline constexpr const char* kReplayPageFile = "replay.html";

std::string renderGameReplayHtml(const referee::RecordedGame& game);

// Reads gameDir's record and writes gameDir/replay.html; throws std::invalid_argument when the record cannot be
// read, std::runtime_error when the page cannot be written.
void writeGameReplayPage(const std::filesystem::path& gameDir);

}  // namespace plyjudge::reports
