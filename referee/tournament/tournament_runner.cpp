#include "referee/tournament/tournament_runner.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <iostream>
#include <mutex>
#include <ostream>
#include <thread>

#include "referee/tournament/standings.hpp"
#include "referee/tournament/tournament_formats.hpp"

namespace plyjudge::referee {

namespace fs = std::filesystem;

std::string gameKey(const std::string& stage, const std::string& x, const std::string& o, const std::string& opening, int round) {
    return fmt::format("{}|{}|{}|{}|{}", stage, x, o, opening, round);
}

std::vector<ScheduledGame> roundRobinGames(const TournamentConfig& config, const std::string& stage, const std::vector<int>& members,
                                           int firstOpening) {
    std::vector<ScheduledGame> games;
    for (int r = 0; r < config.rounds; ++r) {
        const int opening = config.openings.empty() ? -1 : (firstOpening + r) % static_cast<int>(config.openings.size());
        const std::string openingText = opening < 0 ? "" : config.openings[opening].text();
        for (std::size_t i = 0; i < members.size(); ++i) {
            for (std::size_t j = i + 1; j < members.size(); ++j) {
                for (int colour = 0; colour < 2; ++colour) {
                    const int x = colour == 0 ? members[i] : members[j];
                    const int o = colour == 0 ? members[j] : members[i];
                    games.push_back({gameKey(stage, config.players[x].name, config.players[o].name, openingText, r + 1), stage, x, o,
                                     r + 1, opening});
                }
            }
        }
    }
    return games;
}

std::vector<std::vector<int>> splitIntoGroups(const std::vector<int>& players) {
    const std::size_t groups = (players.size() + 3) / 4;
    std::vector<std::vector<int>> out(groups);
    for (std::size_t i = 0; i < players.size(); ++i) {
        // Snake order: 0 1 2 2 1 0 0 1 2 ...
        const std::size_t lap = i / groups, at = i % groups;
        out[lap % 2 == 0 ? at : groups - 1 - at].push_back(players[i]);
    }
    return out;
}

namespace {
// The live line only where a person watches: stderr a terminal (never a log file or a pipe).
std::ostream* liveStream() { return ::isatty(STDERR_FILENO) ? &std::cerr : nullptr; }

std::vector<std::string> namesOf(const TournamentConfig& config) {
    std::vector<std::string> names;
    for (const PlayerSpec& p : config.players) names.push_back(p.name);
    return names;
}

// The first `; `-separated setting that differs, for the message about a game played again.
std::string firstDifference(const std::string& before, const std::string& now) {
    std::size_t a = 0, b = 0;
    while (a < before.size() || b < now.size()) {
        const std::size_t ea = std::min(before.find("; ", a), before.size()), eb = std::min(now.find("; ", b), now.size());
        const std::string sa = before.substr(a, ea - a), sb = now.substr(b, eb - b);
        if (sa != sb) return fmt::format("{} -> {}", sa.empty() ? "(none)" : sa, sb.empty() ? "(none)" : sb);
        a = ea + 2;
        b = eb + 2;
    }
    return "";
}
}  // namespace

TournamentRunner::TournamentRunner(const TournamentConfig& config, GameResultsStore& store, int jobs, std::ostream& log)
    : config_(config), store_(store), jobs_(std::max(1, jobs)), log_(log), progress_(log, liveStream(), namesOf(config)) {}

std::vector<std::string> TournamentRunner::run() { return formatEntry(config_.format).make()->run(*this); }

std::vector<int> TournamentRunner::ranked(const std::vector<StoredGame>& games, const std::vector<int>& members) const {
    std::vector<std::string> names;
    for (int i : members) names.push_back(config_.players[i].name);
    std::vector<int> out;
    for (const Standing& s : computeStandings(games, names, config_)) out.push_back(s.seed);
    return out;
}

// Stored games under the same settings are results; the others (none stored, or stored under other settings:
// a changed time limit, command, memory limit...) are played. Fills `results` with the stored ones.
std::vector<std::size_t> TournamentRunner::pendingGames(const std::vector<ScheduledGame>& games, std::vector<StoredGame>& results) {
    std::vector<std::size_t> pending;
    std::size_t changed = 0;
    std::string example;
    for (std::size_t i = 0; i < games.size(); ++i) {
        const std::string settings = gameSettingsText(config_, config_.players[games[i].x], config_.players[games[i].o]);
        const auto stored = store_.find(games[i].key);
        if (stored && stored->settings == settings) {
            results[i] = *stored;
            progress_.counted(*stored);
            continue;
        }
        if (stored) {
            ++changed;
            if (example.empty()) example = fmt::format("{} (X) v {} (O): {}", stored->x, stored->o, firstDifference(stored->settings, settings));
        }
        pending.push_back(i);
    }
    if (pending.size() < games.size()) {
        progress_.note(fmt::format("{} game(s) already played (resumed from the results store)\n", games.size() - pending.size()));
    }
    if (changed > 0) {
        progress_.note(fmt::format("{} stored game(s) were played under other settings and are played again, e.g. {}\n", changed, example));
    }
    return pending;
}

std::vector<StoredGame> TournamentRunner::play(const std::vector<ScheduledGame>& games, const GameObserver& observer) {
    std::vector<StoredGame> results(games.size());
    const std::vector<std::size_t> pending = pendingGames(games, results);
    std::atomic<bool> stop{false};
    std::mutex resultMutex;
    for (std::size_t i = 0; i < games.size() && observer; ++i) {
        std::string ignored;
        if (!results[i].key.empty() && observer(i, results[i], ignored)) stop = true;
    }
    progress_.beginBatch(games.size(), games.size() - pending.size());
    std::atomic<std::size_t> next{0};
    auto worker = [&](int slot) {
        for (std::size_t k; !stop && !stopRequested() && (k = next++) < pending.size();) {
            const std::size_t i = pending[k];
            StoredGame g = playOne(games[i], slot);
            std::string extra;
            {
                std::lock_guard lock(resultMutex);
                if (!g.key.empty()) store_.save(g);
                results[i] = g;
                if (!g.key.empty() && observer && observer(i, g, extra)) stop = true;
            }
            progress_.finished(slot, g, extra);
        }
    };
    std::vector<std::thread> threads;
    for (int t = 0; t < std::min<int>(jobs_, static_cast<int>(pending.size())); ++t) threads.emplace_back(worker, t);
    for (auto& t : threads) t.join();
    std::vector<StoredGame> done;
    for (auto& r : results) {
        if (r.key.empty()) continue;
        results_.push_back(r);
        done.push_back(std::move(r));
    }
    return done;
}

namespace {
std::string moveListOf(const GameOptions& options, const GameResult& r) {
    std::string out;
    const auto add = [&](gomoku4341::Point p) {
        if (!out.empty()) out += ' ';
        out += static_cast<char>('A' + p.column);
        out += std::to_string(p.row + 1);
    };
    for (const auto& p : options.openingMoves) add(p);
    for (const MoveRecord& m : r.moves) add(m.point);
    return out;
}

// The game's folder: stage, players, opening number and round, e.g. `round-robin-ref-v-random-o2-r2`.
fs::path gameFolder(const TournamentConfig& config, const ScheduledGame& game) {
    std::string stage;
    for (char c : game.stage) stage += std::isalnum(static_cast<unsigned char>(c)) ? c : '-';
    const std::string opening = game.opening < 0 ? "" : fmt::format("-o{}", game.opening + 1);
    return config.output / "games" /
           fmt::format("{}-{}-v-{}{}-r{}", stage, config.players[game.x].name, config.players[game.o].name, opening, game.round);
}
}  // namespace

StoredGame TournamentRunner::playOne(const ScheduledGame& game, int slot) {
    GameOptions options;
    options.players[0] = config_.players[game.x];
    options.players[1] = config_.players[game.o];
    options.timeLimitSeconds = config_.timeLimitSeconds;
    options.cpuLimitSeconds = config_.cpuLimitSeconds;
    options.memoryBytes = config_.memoryBytes;
    options.isolate = config_.isolate;
    options.protocol = config_.protocol;
    options.timing = config_.timing;
    options.event = config_.output.filename().string();  // the record's headers (game_record.txt)
    options.round = game.stage;
    if (game.opening >= 0) options.openingMoves = config_.openings[game.opening].moves;
    options.onMove = [this, slot](const MoveRecord& m) { progress_.moved(slot, m); };
    options.dir = gameFolder(config_, game);
    std::error_code ec;
    fs::remove_all(options.dir, ec);  // an interrupted game is replayed from the start
    StoredGame g;
    g.stage = game.stage;
    g.x = options.players[0].name;
    g.o = options.players[1].name;
    g.dir = options.dir.string();
    g.round = game.round;
    g.opening = game.opening < 0 ? "" : config_.openings[game.opening].text();
    progress_.started(slot, fmt::format("{} v {}", g.x, g.o));
    try {
        const GameResult r = playGame(options);
        if (r.judgeFault) throw std::runtime_error(r.judgeFault->what);
        if (r.reason == EndReason::SetupError) {  // no judge fault here (thrown above)
            g.endLine = "setup error (not a game: not scored nor stored; fix the command and rerun)";
            g.detail = r.detail;
            return g;
        }
        g.key = game.key;
        g.settings = gameSettingsText(config_, options.players[0], options.players[1]);
        g.moveList = moveListOf(options, r);
        g.winner = r.winner < 0 ? "" : options.players[r.winner].name;
        g.reason = std::string(endReasonName(r.reason));
        g.endLine = r.endLine;
        g.detail = r.detail;
        g.moves = static_cast<int>(r.moves.size());
        g.seconds = r.seconds;
        g.cpuX = r.offTurnCpuSeconds[0];
        g.cpuO = r.offTurnCpuSeconds[1];
    } catch (const std::exception& e) {
        g.endLine = "judge error (not stored; a rerun retries it)";
        g.detail = e.what();
    }
    return g;
}

}  // namespace plyjudge::referee
