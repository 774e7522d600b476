#include "referee/tournament/standings.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <sstream>
#include <string_view>

#include "common/escaping.hpp"
#include "common/json_writer.hpp"

namespace plyjudge::referee {

std::vector<Standing> computeStandings(const std::vector<StoredGame>& games, const std::vector<std::string>& names,
                                       const TournamentConfig& config) {
    std::vector<Standing> table;
    for (const std::string& n : names) {
        Standing s;
        s.name = n;
        for (std::size_t i = 0; i < config.players.size(); ++i) {
            if (config.players[i].name == n) s.seed = static_cast<int>(i);
        }
        table.push_back(std::move(s));
    }
    auto find = [&](const std::string& n) -> Standing* {
        for (Standing& s : table) {
            if (s.name == n) return &s;
        }
        return nullptr;
    };
    for (const StoredGame& g : games) {
        Standing* x = find(g.x);
        Standing* o = find(g.o);
        if (!x || !o) continue;
        for (Standing* s : {x, o}) {
            ++s->played;
            if (g.winner.empty()) {
                ++s->draws;
                s->points += config.drawPoints;
            } else if (g.winner == s->name) {
                ++s->wins;
                s->points += config.winPoints;
                ++s->wonBy[g.reason];
            } else {
                ++s->losses;
                s->points += config.lossPoints;
                ++s->lostBy[g.reason];
            }
        }
    }
    std::stable_sort(table.begin(), table.end(), [](const Standing& a, const Standing& b) {
        if (a.points != b.points) return a.points > b.points;
        if (a.wins != b.wins) return a.wins > b.wins;
        return a.seed < b.seed;
    });
    return table;
}

namespace {
std::string reasons(const std::map<std::string, int>& m) {
    std::string out;
    for (const auto& [reason, count] : m) out += fmt::format("{}{} {}", out.empty() ? "" : ", ", reason, count);
    return out;
}

void writeReasons(JsonWriter& json, std::string_view key, const std::map<std::string, int>& m) {
    json.key(key).beginObject();
    for (const auto& [reason, count] : m) json.field(reason, count);
    json.endObject();
}

void writeStanding(JsonWriter& json, std::size_t rank, const Standing& s) {
    json.beginObject()
        .field("rank", static_cast<std::int64_t>(rank))
        .field("player", s.name)
        .field("played", s.played)
        .field("wins", s.wins)
        .field("draws", s.draws)
        .field("losses", s.losses)
        .field("points", s.points);
    writeReasons(json, "won_by", s.wonBy);
    writeReasons(json, "lost_by", s.lostBy);
    json.endObject();
}

// Times to the millisecond, as the CSV shows them.
double milliseconds(double seconds) { return std::round(seconds * 1000) / 1000; }

void writeGame(JsonWriter& json, const StoredGame& g) {
    json.beginObject().field("stage", g.stage).field("x", g.x).field("o", g.o).key("winner");
    if (g.winner.empty()) json.null();  // a tie
    else json.value(g.winner);
    json.field("reason", g.reason)
        .field("end_game", g.endLine)
        .field("detail", g.detail)
        .field("moves", g.moves)
        .field("seconds", milliseconds(g.seconds))
        .field("cpu_x", milliseconds(g.cpuX))
        .field("cpu_o", milliseconds(g.cpuO))
        .field("dir", g.dir)
        .endObject();
}
}  // namespace

std::string standingsTable(const std::vector<Standing>& standings) {
    std::size_t width = 6;
    for (const Standing& s : standings) width = std::max(width, s.name.size());
    std::string out = fmt::format("{:>4}  {:<{}}  {:>6} {:>4} {:>5} {:>6} {:>6}  how the games ended\n", "rank", "player", width,
                                  "played", "wins", "draws", "losses", "points");
    for (std::size_t i = 0; i < standings.size(); ++i) {
        const Standing& s = standings[i];
        std::string how;
        if (!s.wonBy.empty()) how += "won: " + reasons(s.wonBy);
        if (!s.lostBy.empty()) how += (how.empty() ? "" : "; ") + std::string("lost: ") + reasons(s.lostBy);
        out += fmt::format("{:>4}  {:<{}}  {:>6} {:>4} {:>5} {:>6} {:>6}  {}\n", i + 1, s.name, width, s.played, s.wins, s.draws,
                           s.losses, s.points, how);
    }
    return out;
}

std::string standingsCsv(const std::vector<Standing>& standings) {
    std::string out = "rank,player,played,wins,draws,losses,points,won_by,lost_by\n";
    for (std::size_t i = 0; i < standings.size(); ++i) {
        const Standing& s = standings[i];
        out += fmt::format("{},{},{},{},{},{},{},{},{}\n", i + 1, csvField(s.name), s.played, s.wins, s.draws, s.losses, s.points,
                           csvField(reasons(s.wonBy)), csvField(reasons(s.lostBy)));
    }
    return out;
}

std::string gamesCsv(const std::vector<StoredGame>& games) {
    std::string out = "stage,x,o,winner,reason,end_game,moves,seconds,cpu_x,cpu_o,dir\n";
    for (const StoredGame& g : games) {
        out += fmt::format("{},{},{},{},{},{},{},{:.3f},{:.3f},{:.3f},{}\n", csvField(g.stage), csvField(g.x), csvField(g.o),
                           csvField(g.winner), csvField(g.reason), csvField(g.endLine), g.moves, g.seconds, g.cpuX, g.cpuO,
                           csvField(g.dir));
    }
    return out;
}

// Through JsonWriter, as the reports' JSON: names and end lines come from players' programs and the configuration,
// so any bytes are escaped and invalid UTF-8 is replaced, and the file stays valid JSON.
std::string tournamentJson(const TournamentConfig& config, const std::vector<Standing>& standings,
                           const std::vector<std::string>& placements, const std::vector<StoredGame>& games) {
    const char* format = config.format == TournamentFormat::RoundRobin ? "round-robin"
                         : config.format == TournamentFormat::Gauntlet ? "gauntlet" : "world-cup";
    std::ostringstream out;
    JsonWriter json(out);
    json.beginObject().field("format", format).key("standings").beginArray();
    for (std::size_t i = 0; i < standings.size(); ++i) writeStanding(json, i + 1, standings[i]);
    json.endArray().key("placements").beginArray();
    for (const std::string& p : placements) json.value(p);
    json.endArray().key("games").beginArray();
    for (const StoredGame& g : games) writeGame(json, g);
    json.endArray().endObject();
    out << '\n';
    return out.str();
}

}  // namespace plyjudge::referee
