// A finished game's record in the game directory: `game_record.txt`, the record (plyjudge's documented text
// format, docs/game-record.md: headers, the moves with their times, the opening marked, the ending), and
// `game.psq` (Gomocup/Piskvork's format, for its viewers: board size, moves and times only). The reader of the
// record is game_record_reader.hpp.
#pragma once

#include <filesystem>
#include <string>

#include "referee/game.hpp"

namespace plyjudge::referee {

inline constexpr const char* kGameRecordFile = "game_record.txt";

std::string gameRecordText(const GameOptions& options, const GameResult& result);
std::string psqText(const GameOptions& options, const GameResult& result);
// Writes both files, then calls the record companion if one is set; failures are ignored (the record is a
// courtesy, the result is already decided).
void writeGameRecord(const GameOptions& options, const GameResult& result);

// Something a higher layer writes next to every record this process writes (cli sets the replay page,
// reports/game_replay_html.hpp): called with the game directory once its record is written. Never throws into
// the game (exceptions are swallowed).
using RecordCompanion = void (*)(const std::filesystem::path& gameDir);
void setRecordCompanion(RecordCompanion companion);

}  // namespace plyjudge::referee
