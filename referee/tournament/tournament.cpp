#include "referee/tournament/tournament.hpp"

#include <fmt/format.h>

#include <stdexcept>

#include "common/file_io.hpp"
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
    TournamentOutcome outcome;
    if (!config.openings.empty()) {
        writeFileAtomically(config.output / "openings.txt", openingBookText(config.openings, "openings: " + config.openingsSource));
        log << fmt::format("openings: {} ({} positions, OUTPUT/openings.txt)\n", config.openingsSource, config.openings.size());
    } else if (config.rounds > 1) {
        log << "note: rounds > 1 without `openings:`: deterministic players repeat their games round after round\n";
    }
    TournamentRunner runner(config, store, jobs, log);
    outcome.placements = runner.run();
    outcome.interrupted = stopRequested();
    if (outcome.interrupted) return outcome;
    // The standings count this configuration's games only: a stored game of a removed player, another round
    // count or another opening book stays in results.db but is not a result of this tournament.
    outcome.games = runner.results();
    outcome.sprt = runner.sprt;
    std::vector<std::string> names;
    for (const auto& p : config.players) names.push_back(p.name);
    outcome.standings = computeStandings(outcome.games, names, config);
    std::vector<std::string> ranked;
    for (const Standing& s : outcome.standings) ranked.push_back(s.name);
    outcome.ratings = computeRatings(outcome.games, ranked);
    // Private and atomic (0600, fsync, rename): the standings name the players and their programs' failures.
    const auto sprt = outcome.sprt ? &*outcome.sprt : nullptr;
    writeFileAtomically(config.output / "standings.json", tournamentJson(config, outcome.standings, outcome.placements, outcome.games, sprt));
    writeFileAtomically(config.output / "standings.csv", standingsCsv(outcome.standings));
    writeFileAtomically(config.output / "games.csv", gamesCsv(outcome.games));
    return outcome;
}

}  // namespace plyjudge::referee
