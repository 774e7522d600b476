// Runs a tournament: builds each stage's games (round robin, gauntlet, the World Cup's group rounds,
// semi-final group, final and third place), plays the ones not yet in the results store with up to
// `jobs` games at once, each in its own directory, and returns the placements (World Cup: 1st to 4th).
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "referee/tournament/game_results_store.hpp"
#include "referee/tournament/tournament_config.hpp"

namespace plyjudge::referee {

struct ScheduledGame {
    std::string key, stage;
    int x = 0, o = 0;  // indices into config.players
};

// Both colours of every pairing of `members`, `rounds` times.
std::vector<ScheduledGame> roundRobinGames(const std::string& stage, const std::vector<int>& members, int rounds);
// Splits players (in seeding order) into ceil(n/4) groups with sizes as even as possible (3-4; 5 players
// make 3 + 2), dealing them out like seeds so the strongest seeds meet late.
std::vector<std::vector<int>> splitIntoGroups(const std::vector<int>& players);

class TournamentRunner {
public:
    TournamentRunner(const TournamentConfig& config, GameResultsStore& store, int jobs, std::ostream& log);
    // Plays everything; returns the final placements (names), empty for round robin and gauntlet.
    std::vector<std::string> run();

private:
    std::vector<StoredGame> play(const std::vector<ScheduledGame>& games);
    StoredGame playOne(const ScheduledGame& game);
    std::vector<int> ranked(const std::vector<StoredGame>& games, const std::vector<int>& members);
    std::vector<std::string> worldCup();

    const TournamentConfig& config_;
    GameResultsStore& store_;
    int jobs_;
    std::ostream& log_;
    int finished_ = 0;
};

}  // namespace plyjudge::referee
