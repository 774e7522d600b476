// `plyjudge play NAME`: the reference gomoku4341 player. Speaks the course's file protocol in its working
// directory (wait for NAME.go, check end_game, read the opponent's move from move_file, write
// `NAME <column> <row>`), choosing moves with choose_move.hpp.
#include <fmt/format.h>

#include <iostream>

#include "referee/player/choose_move.hpp"
#include "cli/command_line.hpp"
#include "reference/core/input_text.hpp"
#include "cli/exit_codes.hpp"
#include "referee/dir_watch.hpp"
#include "referee/player_spec.hpp"

namespace plyjudge::cli {

namespace fs = std::filesystem;
using namespace gomoku4341;

namespace {

// Waits for our turn: NAME.go present, still present after reading move_file (the referee removes it
// before rewriting move_file), and move_file not our own move (it is empty before the first move, then
// the opponent's last move). False when end_game appears.
bool awaitTurn(referee::DirectoryWatch& watch, const std::string& name, bool moved, std::string& content) {
    for (;;) {
        if (fs::exists("end_game")) return false;
        if (fs::exists(name + ".go")) {
            content = referee::readSmallFile("move_file");
            const auto line = splitMoveLine(content);
            const bool opponents = line && line->name != name;
            if ((opponents || (!moved && !line)) && fs::exists(name + ".go")) return true;
        }
        watch.wait(std::chrono::milliseconds(50));
    }
}

// A tournament's opening (referee/game.hpp openingMoves): `opening_file` lists the moves already on the board,
// one `name H 8` line each in play order, the first X's. Our colour is known from it; move_file then holds its
// last move, which the loop below finds already on the board.
int placeOpening(const std::string& name, Board& board, Stone& me) {
    int moves = 0;
    std::string text = referee::readSmallFile("opening_file");
    for (std::size_t start = 0; start < text.size();) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        const auto line = splitMoveLine(std::string_view(text).substr(start, end - start));
        start = end + 1;
        const auto point = line ? parsePoint(line->column, line->row) : std::nullopt;
        if (!point || board.at(*point) != Stone::Empty) continue;
        const Stone stone = moves % 2 == 0 ? Stone::X : Stone::O;
        if (line->name == name) me = stone;
        else if (me == Stone::Empty) me = other(stone);
        board.play(*point, stone);
        ++moves;
    }
    return moves;
}

int playGame(const std::string& name, const referee::EngineOptions& engine, bool instant, bool verbose) {
    referee::DirectoryWatch watch(".");
    Board board;
    Stone me = Stone::Empty;
    int moveNumber = placeOpening(name, board, me);  // accepted moves so far
    bool moved = false;
    std::string content;
    while (awaitTurn(watch, name, moved, content)) {
        if (const auto line = splitMoveLine(content)) {
            const auto point = parsePoint(line->column, line->row);
            // An occupied point is the opponent's swap only when the opponent is O (the swap is move 2's).
            const bool swapPossible = me != Stone::O;
            if (line->name != name && point && board.legal(*point, moveNumber + 1) && (swapPossible || board.at(*point) == Stone::Empty)) {
                if (me == Stone::Empty) me = Stone::O;
                board.play(*point, other(me));
                ++moveNumber;
            }
        }
        if (me == Stone::Empty) me = Stone::X;  // an empty move_file: we move first
        Point move;
        if (instant) {
            int cell = 0;
            while (board.at(cell) != Stone::Empty) ++cell;
            move = Point::ofCell(cell);
        } else {
            referee::EngineOptions options = engine;
            options.seed = engine.seed * 1000003 + static_cast<std::uint64_t>(moveNumber);
            const referee::Choice choice = referee::chooseMove(board, me, moveNumber + 1, options);
            move = choice.point;
            if (verbose) std::cerr << fmt::format("{}: move {} {} depth {} nodes {}\n", name, moveNumber + 1, pointText(move), choice.depth, choice.nodes);
        }
        board.play(move, me);
        ++moveNumber;
        moved = true;
        referee::replaceFile("move_file", fmt::format("{} {}\n", name, pointText(move)));
    }
    return kExitOk;
}

}  // namespace

int runPlay(const std::vector<std::string>& args) {
    CommandLine cl("play", "play NAME [options]",
                   "The reference gomoku4341 player: plays one game as NAME through the file protocol in the current "
                   "directory (start it there, or let `plyjudge referee` start it), then exits when end_game appears. "
                   "Alpha-beta (the shared search core) with a threat-aware window evaluation, move ordering and "
                   "iterative deepening within a share of the time limit.");
    std::string name;
    cl.options()
        ("time-limit", po::value<double>()->default_value(10.0), "the referee's per-move limit in seconds")
        ("move-time", po::value<double>(), "seconds to search per move (default: half the time limit)")
        ("greedy", "play greedily (one ply) instead: the baseline opponent")
        ("level", po::value<int>(), "a sparring partner a student can beat: 1 random near the stones, 2 greedy with half its "
                                    "moves random, 3 greedy, 4 alpha-beta to depth 2, 5 to depth 3 (default: full strength)")
        ("instant", "play the first empty point at once (for latency benchmarks)")
        ("depth", po::value<int>()->default_value(64), "the deepest iteration")
        ("breadth", po::value<int>()->default_value(10), "moves tried per inner node")
        ("seed", po::value<std::uint64_t>()->default_value(1), "varies the choice among equally good moves")
        ("no-swap", "never swap on move 2")
        ("verbose,v", "print depth and nodes of each move to stderr");
    cl.hidden()("name", po::value<std::string>(&name), "");
    cl.positional("name", 1);
    return runParsed(cl, args, [&](const po::variables_map* vm) -> int {
        if (!referee::validPlayerName(name)) throw UsageError("expected a player NAME (letters, digits, _ - .)");
        referee::EngineOptions engine;
        const double limit = (*vm)["time-limit"].as<double>();
        engine.moveSeconds = vm->count("move-time") ? (*vm)["move-time"].as<double>() : 0.5 * limit;
        engine.greedy = vm->count("greedy") > 0;
        engine.maxDepth = (*vm)["depth"].as<int>();
        engine.breadth = std::max(1, (*vm)["breadth"].as<int>());
        engine.seed = (*vm)["seed"].as<std::uint64_t>();
        engine.swap = !vm->count("no-swap");
        if (vm->count("level")) {
            try {
                referee::applyLevel(engine, (*vm)["level"].as<int>());
            } catch (const std::invalid_argument& e) {
                throw UsageError(e.what());
            }
        }
        return playGame(name, engine, vm->count("instant") > 0, vm->count("verbose") > 0);
    });
}

}  // namespace plyjudge::cli
