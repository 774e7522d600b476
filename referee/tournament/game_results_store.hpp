// A tournament's games in SQLite (results.db in its output folder), one row per finished game, written
// as each game ends so that an interrupted tournament resumes where it stopped.
#pragma once

#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "storage/sqlite.hpp"

namespace plyjudge::referee {

struct StoredGame {
    std::string key;      // unique in the tournament: stage, X's and O's names, opening, round (gameKey)
    std::string stage;    // e.g. "round robin", "round 1 group A", "final"
    std::string x, o;     // first player (X) and second (O)
    std::string winner;   // empty for a tie
    std::string reason;   // endReasonName, e.g. "5 in a row", "out of time"
    std::string endLine;  // the end_game line
    std::string detail;
    int moves = 0;
    double seconds = 0, cpuX = 0, cpuO = 0;
    std::string dir;      // the game's directory
    std::string opening;  // the opening's moves ("H8 I9 G7"), "" for the empty board
    int round = 1;
    std::string settings;  // gameSettingsText when it was played: reused only under the same settings
    std::string moveList;  // every move, the opening's first ("H8 I9 ..."): two games are the same game when equal
};

class GameResultsStore {
public:
    explicit GameResultsStore(const std::filesystem::path& file);
    std::optional<StoredGame> find(const std::string& key);
    void save(const StoredGame& game);
    std::vector<StoredGame> all();  // in the order they finished

private:
    std::mutex mutex_;  // games finish on several threads
    storage::Database db_;
};

}  // namespace plyjudge::referee
