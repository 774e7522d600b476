#include "referee/tournament/tournament.hpp"

#include <fmt/format.h>

#include <stdexcept>

#include "referee/dir_watch.hpp"
#include "referee/game.hpp"
#include "referee/tournament/game_results_store.hpp"
#include "referee/tournament/tournament_runner.hpp"

namespace plyjudge::referee {

TournamentOutcome playTournament(const TournamentConfig& config, int jobs, std::ostream& log) {
    std::error_code ec;
    std::filesystem::create_directories(config.output / "games", ec);
    if (ec) throw std::runtime_error(fmt::format("cannot create {}: {}", config.output.string(), ec.message()));
    GameResultsStore store(config.output / "results.db");
    stopGamesOnSignals();
    TournamentRunner runner(config, store, jobs, log);
    TournamentOutcome outcome;
    outcome.placements = runner.run();
    outcome.interrupted = stopRequested();
    if (outcome.interrupted) return outcome;
    const std::vector<StoredGame> games = store.all();
    std::vector<std::string> names;
    for (const auto& p : config.players) names.push_back(p.name);
    outcome.standings = computeStandings(games, names, config);
    const bool written =
        replaceFile(config.output / "standings.json", tournamentJson(config, outcome.standings, outcome.placements, games)) &&
        replaceFile(config.output / "standings.csv", standingsCsv(outcome.standings)) &&
        replaceFile(config.output / "games.csv", gamesCsv(games));
    if (!written) throw std::runtime_error(fmt::format("cannot write the standings in {}", config.output.string()));
    return outcome;
}

}  // namespace plyjudge::referee
