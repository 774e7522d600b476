// The canary before a tournament's first game (grader/grade/canary.hpp): each interpreter the players run is tried
// through the grading path on one bundled case, so a broken installation stops the tournament before any game is
// scored instead of losing every game of its players.
#pragma once

#include <string>

#include "referee/tournament/tournament_config.hpp"

namespace plyjudge::cli {

// Throws JudgeFaultError when a canary failed; returns the canary's line ("" when no player runs an interpreter).
std::string runTournamentCanary(const referee::TournamentConfig& config);

}  // namespace plyjudge::cli
