// A whole tournament, from its configuration to its standings files: plays (or resumes) every game with
// results stored as each ends, then computes the standings and writes OUTPUT/standings.json,
// OUTPUT/standings.csv and OUTPUT/games.csv.
#pragma once

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
};

// Progress lines go to `log`. Throws std::runtime_error naming the path when OUTPUT or a standings file
// cannot be written. Signals (SIGINT, SIGTERM) stop it between games, with the finished games kept.
TournamentOutcome playTournament(const TournamentConfig& config, int jobs, std::ostream& log);

}  // namespace plyjudge::referee
