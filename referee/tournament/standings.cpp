#include "referee/tournament/standings.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "common/escaping.hpp"

namespace plyjudge::live {

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

std::string jsonString(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            default:
                if (static_cast<unsigned char>(c) < 0x20) out += fmt::format("\\u{:04x}", c);
                else out += c;
        }
    }
    return out + "\"";
}

std::string jsonReasons(const std::map<std::string, int>& m) {
    std::string out = "{";
    for (const auto& [reason, count] : m) out += fmt::format("{}{}: {}", out.size() > 1 ? ", " : "", jsonString(reason), count);
    return out + "}";
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

std::string tournamentJson(const TournamentConfig& config, const std::vector<Standing>& standings,
                           const std::vector<std::string>& placements, const std::vector<StoredGame>& games) {
    const char* format = config.format == TournamentFormat::RoundRobin ? "round-robin"
                         : config.format == TournamentFormat::Gauntlet ? "gauntlet" : "world-cup";
    std::string out = fmt::format("{{\n  \"format\": \"{}\",\n  \"standings\": [\n", format);
    for (std::size_t i = 0; i < standings.size(); ++i) {
        const Standing& s = standings[i];
        out += fmt::format(
            "    {{\"rank\": {}, \"player\": {}, \"played\": {}, \"wins\": {}, \"draws\": {}, \"losses\": {}, \"points\": {}, "
            "\"won_by\": {}, \"lost_by\": {}}}{}\n",
            i + 1, jsonString(s.name), s.played, s.wins, s.draws, s.losses, s.points, jsonReasons(s.wonBy), jsonReasons(s.lostBy),
            i + 1 < standings.size() ? "," : "");
    }
    out += "  ],\n  \"placements\": [";
    for (std::size_t i = 0; i < placements.size(); ++i) out += (i ? ", " : "") + jsonString(placements[i]);
    out += "],\n  \"games\": [\n";
    for (std::size_t i = 0; i < games.size(); ++i) {
        const StoredGame& g = games[i];
        out += fmt::format(
            "    {{\"stage\": {}, \"x\": {}, \"o\": {}, \"winner\": {}, \"reason\": {}, \"end_game\": {}, \"detail\": {}, "
            "\"moves\": {}, \"seconds\": {:.3f}, \"cpu_x\": {:.3f}, \"cpu_o\": {:.3f}, \"dir\": {}}}{}\n",
            jsonString(g.stage), jsonString(g.x), jsonString(g.o), g.winner.empty() ? "null" : jsonString(g.winner),
            jsonString(g.reason), jsonString(g.endLine), jsonString(g.detail), g.moves, g.seconds, g.cpuX, g.cpuO, jsonString(g.dir),
            i + 1 < games.size() ? "," : "");
    }
    return out + "  ]\n}\n";
}

}  // namespace plyjudge::live
