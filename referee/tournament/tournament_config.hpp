// A tournament's configuration file (YAML), e.g.
//
//   format: round-robin          # or gauntlet, world-cup, sprt (tournament_formats.hpp)
//   time_limit: 2                # seconds per move (default 10)
//   memory_limit: 512            # MiB per player (default 2048)
//   cpu_limit: 1                 # optional: CPU seconds on the opponent's turns before a loss
//   rounds: 1                    # each pairing plays 2 * rounds games, colours alternating
//   points: {win: 3, draw: 1, loss: 0}
//   output: results/             # default: the config's name without .yaml, next to it
//   isolation: true              # bubblewrap where available
//   protocol: course             # or fast (protocol.hpp); course's delays: read_delay, pause, startup_grace,
//                                # full_grace (seconds; defaults 0.125, 1, 2, false)
//   challenger: ref              # gauntlet only: who plays everyone else
//   groups: [[a, b, c], [d, e, f]]   # world-cup only, optional: the first round's groups
//   openings: {file: book.txt}   # or {generate: 8, stones: 4, seed: 1, radius: 3, max_imbalance: 60}
//   sprt: {elo0: 0, elo1: 50, alpha: 0.05, beta: 0.05, max_games: 200}   # format: sprt, two players
//   players:
//     - {name: ref, command: "plyjudge play ref --time-limit 2", time_limit: 3, memory_limit: 256}
//     - {name: greedy, command: "plyjudge play greedy --greedy"}
//     - {name: smurf, command: "python3 smurf/Gomoku.py", cwd: sub}   # runs in games/.../sub/
//
// Relative paths in commands and `output` are relative to the configuration file's folder.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "referee/game.hpp"
#include "referee/tournament/openings.hpp"
#include "referee/tournament/sprt.hpp"

namespace plyjudge::referee {

enum class TournamentFormat { RoundRobin, Gauntlet, WorldCup, Sprt };

struct TournamentConfig {
    TournamentFormat format = TournamentFormat::RoundRobin;
    double timeLimitSeconds = 10;
    std::optional<double> cpuLimitSeconds;
    std::uint64_t memoryBytes = 2ULL << 30;
    int rounds = 1;
    int winPoints = 3, drawPoints = 1, lossPoints = 0;
    std::filesystem::path output;
    bool isolate = true;
    Protocol protocol = Protocol::Course;
    ProtocolTiming timing = defaultTiming(Protocol::Course);
    std::string challenger;
    std::vector<std::vector<std::string>> groups;
    std::vector<PlayerSpec> players;  // in the file's order (the seeding, and the last tie-break)
    // Every game pair (both colours) starts from one of these, in turn; empty: every game from the empty board.
    std::vector<Opening> openings;
    std::string openingsSource;       // "book FILE" or "generated (N of S stones, seed K)", for the outputs
    SprtSettings sprt;
};

// The settings every game of the tournament shares and the two players' own, as text: a stored game is reused
// only when its settings are these (the resume key's fingerprint, docs/tournaments.md).
std::string gameSettingsText(const TournamentConfig& config, const PlayerSpec& x, const PlayerSpec& o);

// Reads and checks the configuration; throws std::invalid_argument naming the file and what is wrong.
TournamentConfig loadTournamentConfig(const std::filesystem::path& path);

}  // namespace plyjudge::referee
