// `plyjudge tournament CONFIG.yaml [-j N]`: a gomoku4341 tournament between programs (see
// tournament_config.hpp for the file, docs/tournaments.md for the whole story), resumable, with standings,
// ratings and the crosstable in the terminal, JSON, CSV and HTML.
#include <fmt/format.h>

#include <iostream>

#include "cli/command_line.hpp"
#include "cli/exit_codes.hpp"
#include "cli/tournament_canary.hpp"
#include "common/file_io.hpp"
#include "referee/tournament/tournament.hpp"
#include "referee/tournament/tournament_formats.hpp"
#include "reports/tournament_html.hpp"

namespace plyjudge::cli {

namespace {
std::string formatsHelp() {
    std::string out;
    for (const auto& f : referee::tournamentFormats()) out += fmt::format("  {}: {}\n", f.name, f.description);
    return out;
}

void printResults(const referee::TournamentConfig& config, const referee::TournamentOutcome& outcome) {
    std::cout << "\nstandings (Elo against the field, logistic model; see docs/tournaments.md):\n"
              << referee::standingsTable(outcome.standings);
    if (!outcome.ratings.pairings.empty()) {
        std::cout << "\npairings (W-D-L, score and Elo of the first named):\n" << referee::pairingsTable(outcome.ratings);
    }
    std::cout << "\ncrosstable (the row player's W-D-L against the column player):\n" << referee::crosstableText(outcome.ratings);
    if (const auto& s = outcome.sprt) {
        const bool decided = s->decision != referee::SprtDecision::Continue;
        std::cout << fmt::format("\nSPRT {} v {} (elo0 {}, elo1 {}, alpha {}, beta {}): {}; LLR {:.2f} in [{:.2f}, {:.2f}]; {} game(s) "
                                 "played, W-D-L {}\n",
                                 s->tested, s->baseline, s->settings.elo0, s->settings.elo1, s->settings.alpha, s->settings.beta,
                                 decided ? fmt::format("{} after {} games", referee::sprtDecisionName(s->decision), s->decidedAfterGames)
                                         : "no decision within max_games",
                                 s->llr, referee::sprtLowerBound(s->settings), referee::sprtUpperBound(s->settings), s->games.games(),
                                 referee::wdlText(s->games));
    }
    if (!outcome.placements.empty()) {
        std::cout << "\nplacements:";
        for (std::size_t i = 0; i < outcome.placements.size(); ++i) std::cout << fmt::format(" {}. {}", i + 1, outcome.placements[i]);
        std::cout << "\n";
    }
    std::cout << fmt::format("results: {} (standings.html, standings.json, standings.csv, games.csv, results.db)\n", config.output.string());
}
}  // namespace

int runTournament(const std::vector<std::string>& args) {
    CommandLine cl("tournament", "tournament CONFIG.yaml [-j N]",
                   "Runs a gomoku4341 tournament. Formats:\n" + formatsHelp() +
                   "Every pairing plays both colours; with `openings:` each opening is played as a pair, colours swapped. "
                   "Each game has its own directory under OUTPUT/games. Results go to OUTPUT/results.db as each game ends, "
                   "keyed by the players' names, the opening and the round, with the game's settings: running the same "
                   "command again resumes, reuses the games whose players and settings are unchanged, and plays again "
                   "those whose settings changed (a time limit, a command). Printed: a line per game with the pairing's "
                   "running score and an ETA (and a live line on a terminal), then the standings with W-D-L, Elo +- 95 % "
                   "error and LOS, the pairings and the crosstable; written: OUTPUT/standings.html, standings.json, "
                   "standings.csv, games.csv. Details: docs/tournaments.md.\n\n"
                   "CONFIG example:\n  format: round-robin\n  time_limit: 2\n  rounds: 2\n  openings: {generate: 4}\n  players:\n"
                   "    - {name: ref, command: \"plyjudge play ref --time-limit 2\"}\n"
                   "    - {name: greedy, command: \"plyjudge play greedy --greedy\", time_limit: 3, memory_limit: 256}\n"
                   "Other keys: cpu_limit, memory_limit (MiB), rounds, points: {win, draw, loss}, output, isolation, "
                   "challenger (gauntlet), groups (world-cup), openings: {file: BOOK} or {generate: N, stones, seed, radius, "
                   "max_imbalance}, sprt: {elo0, elo1, alpha, beta, max_games} (format sprt); protocol: course (default) or "
                   "fast, with read_delay, pause, startup_grace, full_grace; a player's cwd: SUBDIR, time_limit, memory_limit.\n"
                   "A player that cannot be started (a setup error) is reported and its game is not scored.");
    std::string configFile;
    int jobs = 1;
    cl.options()("jobs,j", po::value<int>(&jobs)->default_value(1), "games played at once");
    cl.hidden()("config", po::value<std::string>(&configFile), "");
    cl.positional("config", 1);
    return withUsageErrors(cl, [&]() -> int {
        if (!cl.parse(args)) return kExitOk;
        if (configFile.empty()) throw UsageError("expected a CONFIG.yaml");
        if (jobs < 1) throw UsageError("-j must be at least 1");
        referee::TournamentConfig config;
        try {
            config = referee::loadTournamentConfig(configFile);
        } catch (const std::invalid_argument& e) {
            cl.error(e.what());
            return kExitUsage;
        }
        if (const std::string canary = runTournamentCanary(config); !canary.empty()) std::cerr << canary << "\n";
        referee::TournamentOutcome outcome;
        try {
            outcome = referee::playTournament(config, jobs, std::cout);
            if (!outcome.interrupted) writeFileAtomically(config.output / "standings.html", reports::renderTournamentHtml(config, outcome));
        } catch (const std::runtime_error& e) {
            cl.error(e.what());
            return kExitFailed;
        }
        if (outcome.interrupted) {
            cl.error("interrupted; the finished games are stored: run the same command again to resume");
            return kExitFailed;
        }
        printResults(config, outcome);
        return kExitOk;
    });
}

}  // namespace plyjudge::cli
