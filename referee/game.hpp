// One live gomoku4341 game between two programs, refereed through the file protocol of
// docs/variants/gomoku4341.md: the referee starts both players in the game's directory, hands turns
// over with `<name>.go`, reads moves from `move_file`, validates them with the shared rules and ends the
// game with the exact `end_game` message. Used by `plyjudge referee` and by the tournament runner.
#pragma once

#include "common/judge_fault.hpp"

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "referee/protocol.hpp"
#include "reference/gomoku4341/rules.hpp"

namespace plyjudge::referee {

// How a player hears of its turns: the course's files in its folder (docs/variants/gomoku4341.md), or Gomocup's
// piskvork protocol on its stdin and stdout (docs/gomocup.md).
enum class PlayerProtocol { Files, Gomocup };

struct PlayerSpec {
    std::string name;                  // the name it writes in its moves and its `.go` file's name
    std::vector<std::string> argv;     // the command line (argv[0] looked up in PATH)
    std::vector<std::filesystem::path> readOnlyPaths;  // what it may read besides the system (its program files)
    std::string command;               // as the user wrote it (for messages), empty if argv was given directly
    std::filesystem::path cwd;         // its working folder inside its own folder (created), empty: its folder
    PlayerProtocol protocol = PlayerProtocol::Files;
    std::optional<double> timeLimitSeconds;     // its own limit per move, instead of GameOptions::timeLimitSeconds
    std::optional<std::uint64_t> memoryBytes;   // its own memory limit, instead of GameOptions::memoryBytes
};

struct MoveRecord;

struct GameOptions {
    PlayerSpec players[2];             // players[0] moves first (X)
    std::filesystem::path dir;         // the game's directory: created if missing, must be empty
    Protocol protocol = Protocol::Course;  // the hand-over profile (protocol.hpp)
    ProtocolTiming timing = defaultTiming(Protocol::Course);  // its delays (set both together)
    double timeLimitSeconds = 10.0;    // per move, from the creation of `<name>.go` to the write
    std::optional<double> cpuLimitSeconds;  // CPU a player may use during the opponent's turns, in total
    double settleSeconds = 0.1;        // how long a move without a final newline must stay unchanged (see game.cpp)
    std::uint64_t memoryBytes = 2ULL << 30;
    bool isolate = true;               // bubblewrap where it works
    bool forcePolling = false;         // mtime polling instead of inotify (tests of the fallback)
    std::ostream* board = nullptr;     // where to print each move and the board, or nullptr
    // For the record (game_record.txt): the event (a tournament) and the round, as the organiser names them.
    std::string event, round;
    // Moves already on the board when the game starts, in play order (X, O, X, ...): an opening. The referee
    // writes them to `opening_file` (one `name H 8` line each) and its last one to move_file before the
    // players start (a Gomocup engine gets them with BOARD); the game goes on with move number size() + 1. They
    // are in history_file, not in moves; the record lists them first, marked `opening`.
    std::vector<gomoku4341::Point> openingMoves;
    std::function<void(const MoveRecord&)> onMove;  // called after each accepted move (a tournament's live line)
};

// SetupError: a player could not be started at all (program not found, not executable, unreachable by the
// sandbox's user): nobody's fault in the game, no winner, and tournaments do not count it as a game.
enum class EndReason { FiveInARow, BoardFull, InvalidMove, OutOfTime, OutOfOrder, Crashed, CpuOnOpponentTurn, SetupError };
std::string_view endReasonName(EndReason reason);  // e.g. "5 in a row", for standings

struct MoveRecord {
    int player = 0;            // index into GameOptions::players
    gomoku4341::Point point;
    bool swap = false;
    double seconds = 0;        // from `.go` to the write
    double handoverSeconds = 0;  // from reading the complete move to the opponent's `.go` (the referee's own latency)
};

struct GameResult {
    EndReason reason = EndReason::SetupError;  // meaningless when judgeFault is set
    // Set: the game did not end by the players' doing (the referee was stopped, it failed): no result, nobody's fault.
    std::optional<JudgeFault> judgeFault = JudgeFault{JudgeComponent::Grader, "the game did not end", ""};
    int winner = -1;           // index of the winner, -1 for a tie or a judge fault
    std::string endLine;       // exactly what `end_game` holds
    std::string detail;        // why, in words (e.g. "wrote `bob Q 3`: Q is not a column"), empty for a normal end
    std::string report;        // more lines for the record: a timeout's file events and CPU, a crash's stderr tail
    std::optional<std::string> rejectedMove;  // the exact content of move_file behind an `invalid move`/`out of order`
    std::vector<MoveRecord> moves;
    double offTurnCpuSeconds[2] = {0, 0};  // CPU each used while the other was to move
    double seconds = 0;        // the whole game
};

// Each player's own folder, `DIR/players/NAME`: its working directory, the only place it may write, holding its
// own copies of the protocol files (move_file, both `.go` files, end_game, history_file). The referee reads the
// mover's move there and writes it back into both folders; no player ever writes a file the other reads.
inline constexpr const char* kPlayersFolder = "players";
std::filesystem::path playerFolder(const GameOptions& options, int i);
// Creates the game directory (empty, refused otherwise), `players/` and each player's folder (0700, with its `cwd`
// inside); throws std::runtime_error when it cannot (a judge error).
void prepareGameFolders(const GameOptions& options);

// Plays the game to its end and cleans up every process. Never throws for the players' misbehaviour;
// throws std::runtime_error only when the game directory cannot be prepared (a judge error).
GameResult playGame(const GameOptions& options);

// Asks every game in progress to stop (async-signal-safe: for SIGINT/SIGTERM handlers). A stopped game
// ends with a judge fault ("interrupted") after killing its players; later games stop at once.
void requestStopAllGames();
bool stopRequested();
// Installs SIGINT and SIGTERM handlers that call requestStopAllGames().
void stopGamesOnSignals();

// The end_game line for a win (reason names the loser's fault or the five) or a tie.
std::string endLineFor(EndReason reason, const std::string& winner, const std::string& loser);

}  // namespace plyjudge::referee
