// Standings from finished games: wins, draws, losses, points and how each game ended, ranked by points,
// then wins, then the configuration's order (the seeding). Written to the terminal, JSON (common/json_writer.hpp,
// as the reports' JSON) and CSV (each field through common/escaping.hpp csvField: quoted, and formula-looking
// names defused as in the reports' CSV).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "referee/tournament/game_results_store.hpp"
#include "referee/tournament/ratings.hpp"
#include "referee/tournament/sprt.hpp"
#include "referee/tournament/tournament_config.hpp"

namespace plyjudge::referee {

struct Standing {
    std::string name;
    int seed = 0;  // position in the configuration
    int played = 0, wins = 0, draws = 0, losses = 0, points = 0;
    std::map<std::string, int> wonBy, lostBy;  // end reason -> games
    EloEstimate elo;  // against the field (ratings.hpp)
};

// Standings of `names` over `games` (games with other players are ignored), ranked.
std::vector<Standing> computeStandings(const std::vector<StoredGame>& games, const std::vector<std::string>& names,
                                       const TournamentConfig& config);

std::string standingsTable(const std::vector<Standing>& standings);
std::string standingsCsv(const std::vector<Standing>& standings);
std::string gamesCsv(const std::vector<StoredGame>& games);
// {"format", "standings", "placements", "pairings", "crosstable", "openings", "sprt", "games"}; times in seconds
// to the millisecond; an infinite Elo (a perfect score) is null with "elo_text" "+inf".
std::string tournamentJson(const TournamentConfig& config, const std::vector<Standing>& standings,
                           const std::vector<std::string>& placements, const std::vector<StoredGame>& games,
                           const SprtResult* sprt = nullptr);

}  // namespace plyjudge::referee
