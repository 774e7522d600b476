// Format `sprt`: the first player (tested) against the second (baseline) in game pairs, one opening each with
// colours swapped, until the SPRT (sprt.hpp) accepts H0 or H1 over the complete pairs, or the budget
// (`max_games`) runs out. The log-likelihood ratio is printed after every game.
#pragma once

#include "referee/tournament/tournament_runner.hpp"

namespace plyjudge::referee {

// Plays the match through the runner and leaves its result in runner.sprt.
void runSprtMatch(TournamentRunner& runner);

}  // namespace plyjudge::referee
