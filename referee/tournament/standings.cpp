#include "referee/tournament/standings.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <sstream>
#include <string_view>

#include "common/escaping.hpp"
#include "common/json_writer.hpp"
#include "referee/tournament/tournament_formats.hpp"

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
    const Ratings ratings = computeRatings(games, names);
    for (Standing& s : table) s.elo = ratings.players.at(s.name).estimate();
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

// "elo" (null when infinite), "elo_text", "elo_error" (null when unknown), "los", "error_model".
void writeElo(JsonWriter& json, const EloEstimate& e) {
    json.key("elo");
    if (std::isinf(e.elo)) json.null();
    else json.value(std::round(e.elo * 10) / 10);
    json.field("elo_text", eloText(e)).key("elo_error");
    if (e.error) json.value(std::round(*e.error * 10) / 10);
    else json.null();
    json.field("los", std::round(e.los * 10000) / 10000).field("error_model", e.pentanomial ? "pentanomial" : "trinomial");
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
    writeElo(json, s.elo);
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
        .field("opening", g.opening)
        .field("round", g.round)
        .field("move_list", g.moveList)
        .endObject();
}
// "pairings": [{a, b, wins, draws, losses, score, elo...}], "crosstable": {"players": [...], "wdl": [[[w, d, l]...]...]}.
void writeRatings(JsonWriter& json, const Ratings& r) {
    json.key("pairings").beginArray();
    for (const PairingResult& p : r.pairings) {
        json.beginObject().field("a", p.a).field("b", p.b).field("wins", p.record.wdl.wins).field("draws", p.record.wdl.draws);
        json.field("losses", p.record.wdl.losses).field("score", std::round(p.record.wdl.score() * 10000) / 10000);
        json.key("pentanomial").beginArray();
        for (int c : p.record.pairs) json.value(c);
        json.endArray();
        writeElo(json, p.record.estimate());
        json.endObject();
    }
    json.endArray().key("crosstable").beginObject().key("players").beginArray();
    for (const std::string& n : r.names) json.value(n);
    json.endArray().key("wdl").beginArray();
    for (const auto& row : r.crosstable) {
        json.beginArray();
        for (const Wdl& w : row) json.beginArray().value(w.wins).value(w.draws).value(w.losses).endArray();
        json.endArray();
    }
    json.endArray().endObject();
}

void writeSprt(JsonWriter& json, const SprtResult& s) {
    json.beginObject().field("tested", s.tested).field("baseline", s.baseline).field("elo0", s.settings.elo0);
    json.field("elo1", s.settings.elo1).field("alpha", s.settings.alpha).field("beta", s.settings.beta);
    json.field("max_games", s.settings.maxGames).field("llr", std::round(s.llr * 1000) / 1000);
    json.field("lower_bound", sprtLowerBound(s.settings)).field("upper_bound", sprtUpperBound(s.settings));
    json.field("decision", sprtDecisionName(s.decision)).field("decided_after_games", s.decidedAfterGames);
    json.field("wins", s.games.wins).field("draws", s.games.draws).field("losses", s.games.losses).key("pentanomial").beginArray();
    for (int c : s.pairs) json.value(c);
    json.endArray().endObject();
}
}  // namespace

std::string standingsTable(const std::vector<Standing>& standings) {
    std::size_t width = 6;
    for (const Standing& s : standings) width = std::max(width, s.name.size());
    std::string out = fmt::format("{:>4}  {:<{}}  {:>6} {:>4} {:>5} {:>6} {:>6}  {:<24} {:>6}  how the games ended\n", "rank", "player",
                                  width, "played", "wins", "draws", "losses", "points", "Elo (95 %)", "LOS");
    for (std::size_t i = 0; i < standings.size(); ++i) {
        const Standing& s = standings[i];
        std::string how;
        if (!s.wonBy.empty()) how += "won: " + reasons(s.wonBy);
        if (!s.lostBy.empty()) how += (how.empty() ? "" : "; ") + std::string("lost: ") + reasons(s.lostBy);
        out += fmt::format("{:>4}  {:<{}}  {:>6} {:>4} {:>5} {:>6} {:>6}  {:<24} {:>5.1f}%  {}\n", i + 1, s.name, width, s.played, s.wins,
                           s.draws, s.losses, s.points, eloText(s.elo), 100 * s.elo.los, how);
    }
    return out;
}

std::string standingsCsv(const std::vector<Standing>& standings) {
    std::string out = "rank,player,played,wins,draws,losses,points,won_by,lost_by,elo,elo_error,los\n";
    for (std::size_t i = 0; i < standings.size(); ++i) {
        const Standing& s = standings[i];
        const EloEstimate& e = s.elo;
        out += fmt::format("{},{},{},{},{},{},{},{},{},{},{},{:.4f}\n", i + 1, csvField(s.name), s.played, s.wins, s.draws, s.losses, s.points,
                           csvField(reasons(s.wonBy)), csvField(reasons(s.lostBy)),
                           std::isinf(e.elo) ? (e.elo > 0 ? "inf" : "-inf") : fmt::format("{:.1f}", e.elo),
                           e.error ? fmt::format("{:.1f}", *e.error) : "", e.los);
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
                           const std::vector<std::string>& placements, const std::vector<StoredGame>& games, const SprtResult* sprt) {
    std::ostringstream out;
    JsonWriter json(out);
    json.beginObject().field("format", formatEntry(config.format).name).key("standings").beginArray();
    for (std::size_t i = 0; i < standings.size(); ++i) writeStanding(json, i + 1, standings[i]);
    json.endArray().key("placements").beginArray();
    for (const std::string& p : placements) json.value(p);
    json.endArray();
    std::vector<std::string> names;
    for (const Standing& s : standings) names.push_back(s.name);
    writeRatings(json, computeRatings(games, names));
    json.key("openings").beginObject().field("source", config.openingsSource).key("positions").beginArray();
    for (const Opening& o : config.openings) json.value(o.text());
    json.endArray().endObject().key("sprt");
    if (sprt) writeSprt(json, *sprt);
    else json.null();
    json.key("games").beginArray();
    for (const StoredGame& g : games) writeGame(json, g);
    json.endArray().endObject();
    out << '\n';
    return out.str();
}

}  // namespace plyjudge::referee
