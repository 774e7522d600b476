// Runs a tournament's games: plays the scheduled games not yet in the results store (or stored under other
// settings) with up to `jobs` games at once, each in its own directory, and keeps the results as each ends.
// The format (tournament_formats.hpp) decides what to schedule; this plays it.
#pragma once

#include <functional>
#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "referee/tournament/game_results_store.hpp"
#include "referee/tournament/progress.hpp"
#include "referee/tournament/sprt.hpp"
#include "referee/tournament/tournament_config.hpp"

namespace plyjudge::referee {

struct ScheduledGame {
    std::string key, stage;
    int x = 0, o = 0;   // indices into config.players
    int round = 1;      // 1-based
    int opening = -1;   // index into config.openings, -1 for the empty board
};

// The resume key: the stage, both players' names (X first), the opening's moves and the round.
std::string gameKey(const std::string& stage, const std::string& x, const std::string& o, const std::string& opening, int round);

// Both colours of every pairing of `members`, config.rounds times; round r starts both games of a pairing
// from opening firstOpening + r (modulo the book), so each opening is played as a pair with colours swapped.
// (A world cup's later stages start further in the book, so that a pairing meeting again plays new games.)
std::vector<ScheduledGame> roundRobinGames(const TournamentConfig& config, const std::string& stage, const std::vector<int>& members,
                                           int firstOpening = 0);
// Splits players (in seeding order) into ceil(n/4) groups with sizes as even as possible (3-4; 5 players
// make 3 + 2), dealing them out like seeds so the strongest seeds meet late.
std::vector<std::vector<int>> splitIntoGroups(const std::vector<int>& players);

// Called with each game's result in schedule order for stored games, then in the order they finish; returns
// true to stop scheduling further games (the games in progress finish and are kept). What it puts in `note`
// ends the game's progress line (e.g. the SPRT's log-likelihood ratio).
using GameObserver = std::function<bool(std::size_t scheduleIndex, const StoredGame& game, std::string& note)>;

class TournamentRunner {
public:
    TournamentRunner(const TournamentConfig& config, GameResultsStore& store, int jobs, std::ostream& log);
    // Plays everything the format schedules; returns the final placements (names), empty unless the format
    // places players (world cup).
    std::vector<std::string> run();
    // Every game this run scheduled and has a result for (stored or played), in schedule order per stage.
    const std::vector<StoredGame>& results() const { return results_; }

    // For the formats: plays these games (resuming stored ones); returns the finished ones in schedule order.
    std::vector<StoredGame> play(const std::vector<ScheduledGame>& games, const GameObserver& observer = {});
    std::vector<int> ranked(const std::vector<StoredGame>& games, const std::vector<int>& members) const;
    const TournamentConfig& config() const { return config_; }
    std::optional<SprtResult> sprt;  // set by format sprt
    std::ostream& log() { return log_; }

private:
    StoredGame playOne(const ScheduledGame& game, int slot);
    std::vector<std::size_t> pendingGames(const std::vector<ScheduledGame>& games, std::vector<StoredGame>& results);

    const TournamentConfig& config_;
    GameResultsStore& store_;
    int jobs_;
    std::ostream& log_;
    TournamentProgress progress_;
    std::vector<StoredGame> results_;
};

}  // namespace plyjudge::referee
