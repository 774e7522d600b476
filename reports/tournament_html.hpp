// The HTML page of `plyjudge tournament` (OUTPUT/standings.html): the standings with W-D-L, Elo and LOS, the
// pairings, the crosstable, the SPRT's verdict when there is one, and every game with a link to its replay page
// (`games/<game folder>/replay.html`, written by the referee next to the game's record). Player names, stages,
// end lines and details come from the configuration and the players' programs: everything is escaped.
#pragma once

#include <string>

#include "referee/tournament/tournament.hpp"
#include "referee/tournament/tournament_config.hpp"

namespace plyjudge::reports {

std::string renderTournamentHtml(const referee::TournamentConfig& config, const referee::TournamentOutcome& outcome);

}  // namespace plyjudge::reports
