#include "referee/tournament/tournament_runner.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <mutex>
#include <ostream>
#include <thread>

#include "referee/tournament/standings.hpp"

namespace plyjudge::referee {

namespace fs = std::filesystem;

std::vector<ScheduledGame> roundRobinGames(const std::string& stage, const std::vector<int>& members, int rounds) {
    std::vector<ScheduledGame> games;
    for (int r = 0; r < rounds; ++r) {
        for (std::size_t i = 0; i < members.size(); ++i) {
            for (std::size_t j = i + 1; j < members.size(); ++j) {
                for (int colour = 0; colour < 2; ++colour) {
                    const int x = colour == 0 ? members[i] : members[j];
                    const int o = colour == 0 ? members[j] : members[i];
                    games.push_back({fmt::format("{}|{}|{}|{}", stage, x, o, r + 1), stage, x, o});
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

TournamentRunner::TournamentRunner(const TournamentConfig& config, GameResultsStore& store, int jobs, std::ostream& log)
    : config_(config), store_(store), jobs_(std::max(1, jobs)), log_(log) {}

std::vector<std::string> TournamentRunner::run() {
    std::vector<int> everyone;
    for (std::size_t i = 0; i < config_.players.size(); ++i) everyone.push_back(static_cast<int>(i));
    switch (config_.format) {
        case TournamentFormat::RoundRobin: play(roundRobinGames("round robin", everyone, config_.rounds)); return {};
        case TournamentFormat::Gauntlet: {
            int challenger = 0;
            for (int i : everyone) {
                if (config_.players[i].name == config_.challenger) challenger = i;
            }
            std::vector<ScheduledGame> games;
            for (int i : everyone) {
                if (i == challenger) continue;
                for (auto& g : roundRobinGames("gauntlet", {challenger, i}, config_.rounds)) games.push_back(std::move(g));
            }
            play(games);
            return {};
        }
        case TournamentFormat::WorldCup: return worldCup();
    }
    return {};
}

// Group rounds until at most four remain (the best two of each group advance), a semi-final group of
// those, then the final (1st v 2nd of that group) and the third-place match (3rd v 4th). A final or
// third-place match is both colours; if it ends level, the better semi-final placing wins it.
std::vector<std::string> TournamentRunner::worldCup() {
    std::vector<int> current;
    for (std::size_t i = 0; i < config_.players.size(); ++i) current.push_back(static_cast<int>(i));
    for (int round = 1; current.size() > 4; ++round) {
        std::vector<std::vector<int>> groups;
        if (round == 1 && !config_.groups.empty()) {
            for (const auto& names : config_.groups) {
                std::vector<int> g;
                for (const auto& n : names) {
                    for (int i : current) {
                        if (config_.players[i].name == n) g.push_back(i);
                    }
                }
                groups.push_back(g);
            }
        } else {
            groups = splitIntoGroups(current);
        }
        std::vector<ScheduledGame> games;
        std::vector<std::string> stages;
        for (std::size_t k = 0; k < groups.size(); ++k) {
            stages.push_back(fmt::format("round {} group {}", round, static_cast<char>('A' + k)));
            for (auto& g : roundRobinGames(stages.back(), groups[k], config_.rounds)) games.push_back(std::move(g));
        }
        const std::vector<StoredGame> results = play(games);
        std::vector<int> next;
        for (std::size_t k = 0; k < groups.size(); ++k) {
            std::vector<StoredGame> mine;
            for (const StoredGame& r : results) {
                if (r.stage == stages[k]) mine.push_back(r);
            }
            const std::vector<int> order = ranked(mine, groups[k]);
            for (std::size_t p = 0; p < std::min<std::size_t>(2, order.size()); ++p) next.push_back(order[p]);
            log_ << fmt::format("{}:\n{}", stages[k], standingsTable(computeStandings(mine, [&] {
                std::vector<std::string> names;
                for (int i : groups[k]) names.push_back(config_.players[i].name);
                return names;
            }(), config_)));
        }
        // Keep the seeding order among those who advance.
        std::sort(next.begin(), next.end());
        if (next.size() >= current.size()) break;  // groups of two cannot shrink the field further
        current = next;
    }
    const std::vector<StoredGame> semi = play(roundRobinGames("semi-final group", current, config_.rounds));
    const std::vector<int> order = ranked(semi, current);
    std::vector<std::string> placements;
    for (int i : order) placements.push_back(config_.players[i].name);
    auto match = [&](const std::string& stage, int better, int worse) {
        const std::vector<StoredGame> games = play(roundRobinGames(stage, {better, worse}, config_.rounds));
        const std::vector<int> r = ranked(games, {better, worse});  // ties keep the semi-final order
        const auto& s = computeStandings(games, {config_.players[better].name, config_.players[worse].name}, config_);
        if (s[0].points == s[1].points) return std::pair{better, worse};
        return std::pair{r[0], r[1]};
    };
    if (order.size() >= 2) {
        const auto [champion, runnerUp] = match("final", order[0], order[1]);
        placements[0] = config_.players[champion].name;
        placements[1] = config_.players[runnerUp].name;
    }
    if (order.size() >= 4) {
        const auto [third, fourth] = match("third place", order[2], order[3]);
        placements[2] = config_.players[third].name;
        placements[3] = config_.players[fourth].name;
    }
    return placements;
}

std::vector<int> TournamentRunner::ranked(const std::vector<StoredGame>& games, const std::vector<int>& members) {
    std::vector<std::string> names;
    for (int i : members) names.push_back(config_.players[i].name);
    std::vector<int> out;
    for (const Standing& s : computeStandings(games, names, config_)) out.push_back(s.seed);
    return out;
}

std::vector<StoredGame> TournamentRunner::play(const std::vector<ScheduledGame>& games) {
    std::vector<StoredGame> results(games.size());
    std::vector<std::size_t> pending;
    for (std::size_t i = 0; i < games.size(); ++i) {
        if (auto stored = store_.find(games[i].key)) results[i] = *stored;
        else pending.push_back(i);
    }
    if (pending.size() < games.size()) {
        log_ << fmt::format("{} game(s) already played (resumed from the results store)\n", games.size() - pending.size());
    }
    std::atomic<std::size_t> next{0};
    std::mutex logMutex;
    auto worker = [&] {
        for (std::size_t k; !stopRequested() && (k = next++) < pending.size();) {
            const std::size_t i = pending[k];
            StoredGame g = playOne(games[i]);
            {
                std::lock_guard lock(logMutex);
                if (!g.key.empty()) {
                    store_.save(g);
                    ++finished_;
                }
                log_ << fmt::format("[{}] {} (X) v {} (O): {}{}\n", games[i].stage, g.x, g.o, g.endLine,
                                    g.detail.empty() ? "" : "  (" + g.detail + ")")
                     << std::flush;
            }
            results[i] = std::move(g);
        }
    };
    std::vector<std::thread> threads;
    for (int t = 0; t < std::min<int>(jobs_, static_cast<int>(pending.size())); ++t) threads.emplace_back(worker);
    for (auto& t : threads) t.join();
    std::vector<StoredGame> done;
    for (auto& r : results) {
        if (!r.key.empty()) done.push_back(std::move(r));
    }
    return done;
}

StoredGame TournamentRunner::playOne(const ScheduledGame& game) {
    GameOptions options;
    options.players[0] = config_.players[game.x];
    options.players[1] = config_.players[game.o];
    options.timeLimitSeconds = config_.timeLimitSeconds;
    options.cpuLimitSeconds = config_.cpuLimitSeconds;
    options.isolate = config_.isolate;
    options.protocol = config_.protocol;
    options.timing = config_.timing;
    options.event = config_.output.filename().string();  // the record's headers (game_record.txt)
    options.round = game.stage;
    std::string stage;
    for (char c : game.stage) stage += std::isalnum(static_cast<unsigned char>(c)) ? c : '-';
    options.dir = config_.output / "games" / fmt::format("{}-{}-v-{}-{}", stage, options.players[0].name, options.players[1].name,
                                                         game.key.substr(game.key.rfind('|') + 1));
    std::error_code ec;
    fs::remove_all(options.dir, ec);  // an interrupted game is replayed from the start
    StoredGame g;
    g.stage = game.stage;
    g.x = options.players[0].name;
    g.o = options.players[1].name;
    g.dir = options.dir.string();
    try {
        const GameResult r = playGame(options);
        if (r.judgeFault) throw std::runtime_error(r.judgeFault->what);
        if (r.reason == EndReason::SetupError) {  // no judge fault here (thrown above)
            g.endLine = "setup error (not a game: not scored nor stored; fix the command and rerun)";
            g.detail = r.detail;
            return g;
        }
        g.key = game.key;
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
