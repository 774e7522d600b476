#include "referee/game_record.hpp"

#include <fmt/format.h>

#include <cmath>

#include "referee/dir_watch.hpp"
#include "referee/player_process.hpp"

namespace plyjudge::referee {

namespace {
// Every byte of `text`, printable ASCII as itself, the rest as C escapes (\n, \t, \xNN).
std::string escaped(const std::string& text) {
    std::string out;
    for (const char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (c == '\n') out += "\\n";
        else if (c == '\r') out += "\\r";
        else if (c == '\t') out += "\\t";
        else if (c == '"' || c == '\\') out += std::string("\\") + c;
        else if (u < 32 || u >= 127) out += fmt::format("\\x{:02x}", u);
        else out += c;
    }
    return out;
}
}  // namespace

std::string gameRecordText(const GameOptions& o, const GameResult& r) {
    std::string out = fmt::format("gomoku4341 game\nX (first): {}\nO (second): {}\ntime limit: {} s per move\n",
                                  o.players[0].name, o.players[1].name, o.timeLimitSeconds);
    out += fmt::format("protocol: {} (read delay {} s, pause {} s, start-up grace {} s{})\n", protocolName(o.protocol),
                       o.timing.readDelaySeconds, o.timing.pauseSeconds, o.timing.startupGraceSeconds,
                       o.timing.fullStartupGrace ? ", in full" : ", or until the players are idle");
    out += fmt::format("players kept apart: {}\n", playersKeptApart(o) ? "yes (each writes only its own folder, players/NAME)"
                                                                     : "no (neither root nor bubblewrap: both ran as the referee's user)");
    for (const PlayerSpec& p : o.players) {
        std::string argv;
        for (const std::string& a : p.argv) argv += (argv.empty() ? "" : " ") + a;
        out += fmt::format("command of {}: {}{}\n", p.name, argv, p.cwd.empty() ? "" : fmt::format(" (in {}/)", p.cwd.string()));
    }
    out += "moves (number, player, point, seconds from .go to the write):\n";
    for (std::size_t i = 0; i < r.moves.size(); ++i) {
        const MoveRecord& m = r.moves[i];
        out += fmt::format("{} {} {} {:.3f}{}\n", i + 1, o.players[m.player].name, gomoku4341::pointText(m.point), m.seconds,
                           m.swap ? " swap" : "");
    }
    out += fmt::format("result: {}\n", r.endLine);
    if (!r.detail.empty()) out += fmt::format("why: {}\n", r.detail);
    if (r.rejectedMove) out += fmt::format("move_file as read (exact, C-escaped): \"{}\"\n", escaped(*r.rejectedMove));
    out += r.report;
    out += fmt::format("cpu on the opponent's turns: {} {:.3f} s, {} {:.3f} s\n", o.players[0].name, r.offTurnCpuSeconds[0],
                       o.players[1].name, r.offTurnCpuSeconds[1]);
    out += fmt::format("game seconds: {:.3f}\n", r.seconds);
    return out;
}

// Piskvork's .psq: a header with the board size, one `x,y,milliseconds` line per move (1-based, x the
// column), then the players' names and -1. A swap repeats the first point, as it was played.
std::string psqText(const GameOptions& o, const GameResult& r) {
    std::string out = fmt::format("Piskvorky {}x{}, 11:11, 0\n", gomoku4341::kSize, gomoku4341::kSize);
    for (const MoveRecord& m : r.moves) {
        out += fmt::format("{},{},{}\n", m.point.column + 1, m.point.row + 1, std::lround(m.seconds * 1000));
    }
    out += fmt::format("{}\n{}\n-1\n", o.players[0].name, o.players[1].name);
    return out;
}

void writeGameRecord(const GameOptions& o, const GameResult& r) {
    writeSmallFile(o.dir / "game_record.txt", gameRecordText(o, r));
    writeSmallFile(o.dir / "game.psq", psqText(o, r));
}

}  // namespace plyjudge::referee
