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

namespace {
// A header value on one line: an organiser's text with its control characters shown as `?`.
std::string oneLine(const std::string& text, std::size_t maxBytes = 200) {
    std::string out = text.substr(0, maxBytes);
    for (char& c : out) {
        if (static_cast<unsigned char>(c) < 32 || c == 127) c = '?';
    }
    return out.empty() ? "-" : out;
}

std::string movesText(const GameOptions& o, const GameResult& r) {
    std::string out = "moves (number, player, point, seconds from .go to the write; opening: placed before the game):\n";
    int number = 0;
    for (std::size_t i = 0; i < o.openingMoves.size(); ++i) {
        out += fmt::format("{} {} {} - opening\n", ++number, o.players[i % 2].name, gomoku4341::pointText(o.openingMoves[i]));
    }
    for (const MoveRecord& m : r.moves) {
        out += fmt::format("{} {} {} {:.3f}{}\n", ++number, o.players[m.player].name, gomoku4341::pointText(m.point), m.seconds,
                           m.swap ? " swap" : "");
    }
    return out;
}

std::string openingText(const GameOptions& o) {
    if (o.openingMoves.empty()) return "none";
    std::string out;
    for (const auto& p : o.openingMoves) out += (out.empty() ? "" : " ") + gomoku4341::pointText(p);
    return out;
}
}  // namespace

std::string gameRecordText(const GameOptions& o, const GameResult& r) {
    std::string out = fmt::format("gomoku4341 game\nformat: plyjudge game record 1\nevent: {}\nround: {}\n", oneLine(o.event), oneLine(o.round));
    out += fmt::format("X (first): {}\nO (second): {}\ntime limit: {} s per move\nopening: {}\n", o.players[0].name,
                       o.players[1].name, o.timeLimitSeconds, openingText(o));
    out += fmt::format("protocol: {} (read delay {} s, pause {} s, start-up grace {} s{})\n", protocolName(o.protocol),
                       o.timing.readDelaySeconds, o.timing.pauseSeconds, o.timing.startupGraceSeconds,
                       o.timing.fullStartupGrace ? ", in full" : ", or until the players are idle");
    out += fmt::format("players kept apart: {}\n", playersKeptApart(o) ? "yes (each writes only its own folder, players/NAME)"
                                                                     : "no (neither root nor bubblewrap: both ran as the referee's user)");
    for (const PlayerSpec& p : o.players) {
        std::string argv;
        for (const std::string& a : p.argv) argv += (argv.empty() ? "" : " ") + a;
        out += fmt::format("command of {}: {}{}\n", p.name, oneLine(argv, 4096), p.cwd.empty() ? "" : fmt::format(" (in {}/)", p.cwd.string()));
    }
    out += movesText(o, r);
    out += fmt::format("result: {}\n", r.endLine);
    if (!r.judgeFault) {
        out += fmt::format("reason: {}\n", endReasonName(r.reason));
        out += fmt::format("winner: {}\n", r.winner < 0 ? "none" : o.players[r.winner].name);
    }
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
    for (const auto& p : o.openingMoves) out += fmt::format("{},{},0\n", p.column + 1, p.row + 1);
    for (const MoveRecord& m : r.moves) {
        out += fmt::format("{},{},{}\n", m.point.column + 1, m.point.row + 1, std::lround(m.seconds * 1000));
    }
    out += fmt::format("{}\n{}\n-1\n", o.players[0].name, o.players[1].name);
    return out;
}

namespace {
RecordCompanion companion = nullptr;
}

void setRecordCompanion(RecordCompanion c) { companion = c; }

void writeGameRecord(const GameOptions& o, const GameResult& r) {
    writeSmallFile(o.dir / kGameRecordFile, gameRecordText(o, r));
    writeSmallFile(o.dir / "game.psq", psqText(o, r));
    if (!companion) return;
    try {
        companion(o.dir);
    } catch (const std::exception&) {
        // a courtesy page: the game and its record stand without it
    }
}

}  // namespace plyjudge::referee
