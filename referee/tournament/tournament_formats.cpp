#include "referee/tournament/tournament_formats.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <ostream>

#include "referee/tournament/sprt_match.hpp"
#include "referee/tournament/standings.hpp"
#include "referee/tournament/tournament_runner.hpp"

namespace plyjudge::referee {

namespace {

std::vector<int> everyone(const TournamentConfig& config) {
    std::vector<int> all;
    for (std::size_t i = 0; i < config.players.size(); ++i) all.push_back(static_cast<int>(i));
    return all;
}

class RoundRobin final : public FormatSchedule {
public:
    std::vector<std::string> run(TournamentRunner& runner) const override {
        runner.play(roundRobinGames(runner.config(), "round robin", everyone(runner.config())));
        return {};
    }
};

// The challenger plays every other player, both colours, `rounds` times.
class Gauntlet final : public FormatSchedule {
public:
    std::vector<std::string> run(TournamentRunner& runner) const override {
        const TournamentConfig& c = runner.config();
        int challenger = 0;
        for (int i : everyone(c)) {
            if (c.players[i].name == c.challenger) challenger = i;
        }
        std::vector<ScheduledGame> games;
        for (int i : everyone(c)) {
            if (i == challenger) continue;
            for (auto& g : roundRobinGames(c, "gauntlet", {challenger, i})) games.push_back(std::move(g));
        }
        runner.play(games);
        return {};
    }
};

// Group rounds until at most four remain (the best two of each group advance), a semi-final group of
// those, then the final (1st v 2nd of that group) and the third-place match (3rd v 4th). A final or
// third-place match is both colours; if it ends level, the better semi-final placing wins it.
class WorldCup final : public FormatSchedule {
public:
    std::vector<std::string> run(TournamentRunner& runner) const override {
        const TournamentConfig& c = runner.config();
        std::vector<int> current = everyone(c);
        int stage = 0;  // each stage starts `rounds` openings further in the book
        for (int round = 1; current.size() > 4; ++round) {
            std::vector<int> next = groupRound(runner, round, current, c.rounds * stage++);
            if (next.size() >= current.size()) break;  // groups of two cannot shrink the field further
            current = next;
        }
        const std::vector<StoredGame> semi = runner.play(roundRobinGames(c, "semi-final group", current, c.rounds * stage++));
        const std::vector<int> order = runner.ranked(semi, current);
        std::vector<std::string> placements;
        for (int i : order) placements.push_back(c.players[i].name);
        if (order.size() >= 2) {
            const auto [champion, runnerUp] = match(runner, "final", order[0], order[1], c.rounds * stage);
            placements[0] = c.players[champion].name;
            placements[1] = c.players[runnerUp].name;
        }
        if (order.size() >= 4) {
            const auto [third, fourth] = match(runner, "third place", order[2], order[3], c.rounds * stage);
            placements[2] = c.players[third].name;
            placements[3] = c.players[fourth].name;
        }
        return placements;
    }

private:
    static std::vector<std::vector<int>> groupsOf(const TournamentConfig& c, int round, const std::vector<int>& current) {
        if (round != 1 || c.groups.empty()) return splitIntoGroups(current);
        std::vector<std::vector<int>> groups;
        for (const auto& names : c.groups) {
            std::vector<int> g;
            for (const auto& n : names) {
                for (int i : current) {
                    if (c.players[i].name == n) g.push_back(i);
                }
            }
            groups.push_back(g);
        }
        return groups;
    }

    // Plays one round of groups; returns who advances, in seeding order.
    static std::vector<int> groupRound(TournamentRunner& runner, int round, const std::vector<int>& current, int firstOpening) {
        const TournamentConfig& c = runner.config();
        const std::vector<std::vector<int>> groups = groupsOf(c, round, current);
        std::vector<ScheduledGame> games;
        std::vector<std::string> stages;
        for (std::size_t k = 0; k < groups.size(); ++k) {
            stages.push_back(fmt::format("round {} group {}", round, static_cast<char>('A' + k)));
            for (auto& g : roundRobinGames(c, stages.back(), groups[k], firstOpening)) games.push_back(std::move(g));
        }
        const std::vector<StoredGame> results = runner.play(games);
        std::vector<int> next;
        for (std::size_t k = 0; k < groups.size(); ++k) {
            std::vector<StoredGame> mine;
            for (const StoredGame& r : results) {
                if (r.stage == stages[k]) mine.push_back(r);
            }
            const std::vector<int> order = runner.ranked(mine, groups[k]);
            for (std::size_t p = 0; p < std::min<std::size_t>(2, order.size()); ++p) next.push_back(order[p]);
            std::vector<std::string> names;
            for (int i : groups[k]) names.push_back(c.players[i].name);
            runner.log() << fmt::format("{}:\n{}", stages[k], standingsTable(computeStandings(mine, names, c)));
        }
        std::sort(next.begin(), next.end());  // keep the seeding order among those who advance
        return next;
    }

    static std::pair<int, int> match(TournamentRunner& runner, const std::string& stage, int better, int worse, int firstOpening) {
        const TournamentConfig& c = runner.config();
        const std::vector<StoredGame> games = runner.play(roundRobinGames(c, stage, {better, worse}, firstOpening));
        const std::vector<int> r = runner.ranked(games, {better, worse});  // ties keep the semi-final order
        const auto& s = computeStandings(games, {c.players[better].name, c.players[worse].name}, c);
        if (s[0].points == s[1].points) return {better, worse};
        return {r[0], r[1]};
    }
};

class Sprt final : public FormatSchedule {
public:
    std::vector<std::string> run(TournamentRunner& runner) const override {
        runSprtMatch(runner);
        return {};
    }
};

template <class Format>
std::unique_ptr<FormatSchedule> make() {
    return std::make_unique<Format>();
}

}  // namespace

const std::vector<FormatEntry>& tournamentFormats() {
    static const std::vector<FormatEntry> table{
        {"round-robin", TournamentFormat::RoundRobin, "every pairing, both colours, `rounds` times", &make<RoundRobin>},
        {"gauntlet", TournamentFormat::Gauntlet, "`challenger` against every other player", &make<Gauntlet>},
        {"world-cup", TournamentFormat::WorldCup, "groups of 3-4, the best two advance; semi-final group, final, third place",
         &make<WorldCup>},
        {"sprt", TournamentFormat::Sprt, "two players, game pairs until the SPRT accepts H0 or H1 (`sprt:`)", &make<Sprt>},
    };
    return table;
}

const FormatEntry* findTournamentFormat(std::string_view name) {
    for (const FormatEntry& e : tournamentFormats()) {
        if (e.name == name) return &e;
    }
    return nullptr;
}

const FormatEntry& formatEntry(TournamentFormat format) {
    for (const FormatEntry& e : tournamentFormats()) {
        if (e.format == format) return e;
    }
    return tournamentFormats().front();
}

std::string tournamentFormatNames() {
    std::string out;
    const auto& table = tournamentFormats();
    for (std::size_t i = 0; i < table.size(); ++i) {
        out += std::string(table[i].name) + (i + 2 < table.size() ? ", " : i + 2 == table.size() ? " or " : "");
    }
    return out;
}

}  // namespace plyjudge::referee
