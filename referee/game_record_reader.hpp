// Reading a game back from its record (game_record.txt, docs/game-record.md) for `plyjudge replay` and the replay
// page. The record may come from anywhere (a copied folder): everything is checked, nothing is trusted.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "reference/gomoku4341/rules.hpp"

namespace plyjudge::referee {

struct RecordedMove {
    int player = 0;                 // 0: X (first), 1: O
    gomoku4341::Point point;
    std::optional<double> seconds;  // from `.go` to the write; none for an opening move
    bool swap = false;
    bool opening = false;           // placed before the players' first turn
};

struct RecordedGame {
    std::vector<std::pair<std::string, std::string>> headers;  // every `key: value` line before the moves, in order
    std::string players[2];         // X (first), O (second)
    std::vector<RecordedMove> moves;
    std::string result;             // the end_game line
    std::string reason, winner, why;
    std::string header(const std::string& key) const;  // "" when absent
};

// Parses a record's text; throws std::invalid_argument naming the line that is wrong.
RecordedGame parseGameRecord(const std::string& text);
// `path`: a record file, or a game directory holding game_record.txt. Throws std::invalid_argument.
RecordedGame readGameRecord(const std::filesystem::path& path);

}  // namespace plyjudge::referee
