// `plyjudge tournament CONFIG.yaml [-j N]`: a gomoku4341 tournament between programs (see
// tournament_config.hpp for the file), resumable, with standings in the terminal, JSON and CSV.
#include <fmt/format.h>

#include <iostream>

#include "cli/command_line.hpp"
#include "cli/exit_codes.hpp"
#include "cli/tournament_canary.hpp"
#include "referee/tournament/tournament.hpp"

namespace plyjudge::cli {

int runTournament(const std::vector<std::string>& args) {
    CommandLine cl("tournament", "tournament CONFIG.yaml [-j N]",
                   "Runs a gomoku4341 tournament: round-robin, gauntlet or world-cup (groups of 3-4, the best two "
                   "advance, a semi-final group of four, final and third place). Every pairing plays both colours; each "
                   "game has its own directory under OUTPUT/games. Results go to OUTPUT/results.db as each game ends, so "
                   "running the same command again resumes an interrupted tournament. Standings: the terminal, "
                   "OUTPUT/standings.json, OUTPUT/standings.csv and OUTPUT/games.csv.\n\n"
                   "CONFIG example:\n  format: round-robin\n  time_limit: 2\n  players:\n"
                   "    - {name: ref, command: \"plyjudge play ref --time-limit 2\"}\n"
                   "    - {name: greedy, command: \"plyjudge play greedy --greedy\"}\n"
                   "Other keys: cpu_limit, rounds, points: {win, draw, loss}, output, isolation, challenger (gauntlet), "
                   "groups (world-cup); protocol: course (default) or fast, with read_delay, pause, startup_grace, "
                   "full_grace; a player's cwd: SUBDIR (its working folder inside the game directory).\n"
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
        } catch (const std::runtime_error& e) {
            cl.error(e.what());
            return kExitFailed;
        }
        if (outcome.interrupted) {
            cl.error("interrupted; the finished games are stored: run the same command again to resume");
            return kExitFailed;
        }
        std::cout << "\nstandings (all games):\n" << referee::standingsTable(outcome.standings);
        if (!outcome.placements.empty()) {
            std::cout << "\nplacements:";
            for (std::size_t i = 0; i < outcome.placements.size(); ++i) std::cout << fmt::format(" {}. {}", i + 1, outcome.placements[i]);
            std::cout << "\n";
        }
        std::cout << fmt::format("results: {}\n", config.output.string());
        return kExitOk;
    });
}

}  // namespace plyjudge::cli
