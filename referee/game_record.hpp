// A finished game's record in the game directory: `game_record.txt` (moves with their times, the end
// and the CPU used on the opponent's turns) and `game.psq` (Gomocup/Piskvork's format, for viewers).
#pragma once

#include <string>

#include "referee/game.hpp"

namespace plyjudge::referee {

std::string gameRecordText(const GameOptions& options, const GameResult& result);
std::string psqText(const GameOptions& options, const GameResult& result);
// Writes both files; failures are ignored (the record is a courtesy, the result is already decided).
void writeGameRecord(const GameOptions& options, const GameResult& result);

}  // namespace plyjudge::referee
