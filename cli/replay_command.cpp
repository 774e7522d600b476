// `plyjudge replay GAME`: a recorded gomoku4341 game (its record file or its folder) move by move on the terminal,
// and optionally its replay page (`--html FILE`).
#include <fmt/format.h>

#include <iostream>

#include "cli/command_line.hpp"
#include "cli/exit_codes.hpp"
#include "common/escaping.hpp"
#include "common/file_io.hpp"
#include "referee/game_record_reader.hpp"
#include "reports/game_replay_html.hpp"

namespace plyjudge::cli {

namespace {

std::string moveLine(const referee::RecordedGame& game, std::size_t index) {
    const referee::RecordedMove& m = game.moves[index];
    std::string note = m.opening ? " (opening)" : m.seconds ? fmt::format(" ({:.3f} s)", *m.seconds) : "";
    if (m.swap) note += " (swap)";
    return fmt::format("move {}: {} {}{}", index + 1, terminalSafe(game.players[m.player]), gomoku4341::pointText(m.point), note);
}

// The headers, then each move and the board after it (up to `upTo` moves), then the ending.
void printGame(const referee::RecordedGame& game, std::size_t upTo, bool boards) {
    for (const char* key : {"event", "round", "X (first)", "O (second)", "time limit", "opening"}) {
        const std::string value = game.header(key);
        if (!value.empty() && value != "-") std::cout << key << ": " << terminalSafe(value) << "\n";
    }
    gomoku4341::Board board;
    for (std::size_t i = 0; i < game.moves.size() && i < upTo; ++i) {
        board.play(game.moves[i].point, game.moves[i].player == 0 ? gomoku4341::Stone::X : gomoku4341::Stone::O);
        std::cout << moveLine(game, i) << "\n";
        if (boards) std::cout << board.text() << "\n";
    }
    if (!game.result.empty()) std::cout << "result: " << terminalSafe(game.result) << "\n";
    if (!game.why.empty()) std::cout << "why: " << terminalSafe(game.why) << "\n";
}

}  // namespace

int runReplay(const std::vector<std::string>& args) {
    CommandLine cl("replay", "replay GAME [--moves N] [--no-boards] [--html FILE]",
                   "Prints a recorded gomoku4341 game move by move, the board after each move. GAME is a game's\n"
                   "record (game_record.txt, docs/game-record.md) or the game's folder. --html writes the game's\n"
                   "self-contained replay page (the referee also writes it, as replay.html, beside every record).");
    cl.options()("moves", po::value<std::size_t>(), "stop after this many moves")
        ("no-boards", "the moves only, no board after each")
        ("html", po::value<std::string>(), "write the replay page (board with numbered stones, step forward and back) to FILE");
    cl.hidden()("game", po::value<std::string>(), "");
    cl.positional("game", 1);
    return withUsageErrors(cl, [&] {
        const auto vm = cl.parse(args);
        if (!vm) return kExitOk;
        if (!vm->count("game")) throw UsageError("expected GAME: a game record or a game folder");
        referee::RecordedGame game;
        try {
            game = referee::readGameRecord((*vm)["game"].as<std::string>());
        } catch (const std::invalid_argument& e) {
            cl.error(e.what());
            return kExitUsage;
        }
        const std::size_t upTo = vm->count("moves") ? (*vm)["moves"].as<std::size_t>() : game.moves.size();
        printGame(game, upTo, !vm->count("no-boards"));
        if (vm->count("html")) {
            const std::string path = (*vm)["html"].as<std::string>();
            writeWholeFile(path, reports::renderGameReplayHtml(game));
            std::cout << "replay page: " << terminalSafe(path) << "\n";
        }
        return kExitOk;
    });
}

}  // namespace plyjudge::cli
