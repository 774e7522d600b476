// A whole tournament, from its configuration to its standings files: plays (or resumes) every game with
// results stored as each ends, then computes the standings and ratings and writes OUTPUT/standings.json,
// OUTPUT/standings.csv, OUTPUT/games.csv (and OUTPUT/openings.txt), each private and atomic. The HTML page is
// the reports' (reports/tournament_html.hpp).
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "referee/tournament/standings.hpp"
#include "referee/tournament/tournament_config.hpp"

namespace plyjudge::referee {

struct TournamentOutcome {
    bool interrupted = false;             // stopped by a signal; the finished games are stored
    std::vector<Standing> standings;      // over every stored game
    std::vector<std::string> placements;  // final places (world cup), empty otherwise
    std::vector<StoredGame> games;        // this configuration's games (stored or played now)
    Ratings ratings;                      // over `games`, players in the standings' order
    std::optional<SprtResult> sprt;       // format sprt
};

// Progress lines go to `log` (a live line to stderr when it is a terminal). Throws std::runtime_error naming
// the path when OUTPUT or a standings file cannot be written. Signals (SIGINT, SIGTERM) stop it between games, with the finished games kept.
TournamentOutcome playTournament(const TournamentConfig& config, int jobs, std::ostream& log);

}  // namespace plyjudge::referee
