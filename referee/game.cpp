#include "referee/game.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <ostream>
#include <stdexcept>

#include "referee/dir_watch.hpp"
#include "referee/game_record.hpp"
#include "sandbox/sandbox.hpp"

namespace plyjudge::live {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
using gomoku4341::Board;
using gomoku4341::Point;
using gomoku4341::Stone;

namespace {
std::atomic<bool> stopAll{false};
static_assert(std::atomic<bool>::is_always_lock_free);
}  // namespace

void requestStopAllGames() { stopAll.store(true); }
bool stopRequested() { return stopAll.load(); }
void stopGamesOnSignals() {
    struct sigaction action {};
    action.sa_handler = [](int) { requestStopAllGames(); };
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
}

std::string_view endReasonName(EndReason reason) {
    switch (reason) {
        case EndReason::FiveInARow: return "5 in a row";
        case EndReason::BoardFull: return "board full";
        case EndReason::InvalidMove: return "invalid move";
        case EndReason::OutOfTime: return "out of time";
        case EndReason::OutOfOrder: return "out of order move";
        case EndReason::Crashed: return "crashed";
        case EndReason::CpuOnOpponentTurn: return "used the CPU on the opponent's turn";
        case EndReason::JudgeError: return "judge error";
    }
    return "";
}

std::string endLineFor(EndReason reason, const std::string& winner, const std::string& loser) {
    // The spec's messages, two spaces after each `!`. `crashed` is ours (the original never started the
    // players, so a dead one simply ran out of time): see the report and README.
    if (reason == EndReason::BoardFull) return "END: TIE! board full!";
    const std::string why = reason == EndReason::FiveInARow ? "5 in a row!" : std::string(endReasonName(reason));
    return fmt::format("END: {} WINS!  {} LOSES!  {}", winner, loser, why);
}

namespace {

double secondsSince(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// How one turn's wait ended.
struct TurnOutcome {
    enum Kind { Wrote, TimedOut, Died, CpuExceeded, Interrupted } kind = TimedOut;
    std::string content;   // for Wrote: move_file as read
    double seconds = 0;    // for Wrote: from `.go` to the first sign of the write
};

class Referee {
public:
    explicit Referee(const GameOptions& o) : o_(o), moveFile_(o.dir / "move_file") {}

    GameResult run() {
        prepareDirectory();
        if (!writeSmallFile(moveFile_, "")) throw std::runtime_error(fmt::format("cannot write {}", moveFile_.string()));
        watch_.emplace(o_.dir, o_.forcePolling);
        for (int i = 0; i < 2; ++i) startPlayer(i);
        playTurns();
        finish();
        return result_;
    }

private:
    void prepareDirectory() {
        std::error_code ec;
        fs::create_directories(o_.dir, ec);
        if (ec || !fs::is_directory(o_.dir)) throw std::runtime_error(fmt::format("cannot create the game directory {}", o_.dir.string()));
        if (!fs::is_empty(o_.dir, ec)) throw std::runtime_error(fmt::format("the game directory {} is not empty", o_.dir.string()));
        // Both players create and replace files here, possibly as two different uids (a root sandbox
        // without bubblewrap runs each under a dedicated uid).
        fs::permissions(o_.dir, fs::perms::all, ec);
    }

    void startPlayer(int i) {
        sandbox::RunSpec spec;
        spec.argv = o_.players[i].argv;
        spec.workDir = o_.dir;
        spec.readOnlyPaths = o_.players[i].readOnlyPaths;
        spec.isolate = o_.isolate;
        // The referee ends the game and kills the tree; the sandbox's own clocks only stop runaways.
        const double bound = 120.0 * o_.timeLimitSeconds + 60.0;
        spec.limits.wallSeconds = bound;
        spec.limits.cpuSeconds = bound;
        spec.limits.memoryBytes = o_.memoryBytes;
        process_[i] = sandbox::SandboxedProcess::start(spec);
    }

    const std::string& name(int i) const { return o_.players[i].name; }
    fs::path goFile(int i) const { return o_.dir / (name(i) + ".go"); }

    // CPU readings scan /proc (a millisecond or two each), so they come right after the hand-over rather
    // than before it: a player's off-turn CPU runs from just after the opponent's .go appears to just after
    // its own .go appears, which can count a millisecond or two of its own turn per move.
    void playTurns() {
        int mover = 0;
        double offTurnStart[2] = {0, 0};
        for (int moveNumber = 1;; ++moveNumber) {
            const int waiting = 1 - mover;
            baseline_ = stampOf(moveFile_);
            watch_->drain();  // our own writes of move_file, before the player can write
            createFresh(goFile(mover), "go!");
            if (!result_.moves.empty()) result_.moves.back().handoverSeconds = secondsSince(moveReadAt_);
            if (hasMoved_[mover]) result_.offTurnCpuSeconds[mover] += std::max(0.0, process_[mover]->cpuSeconds() - offTurnStart[mover]);
            // A player's start-up (an interpreter's or a JVM's) before its first move is not play on the
            // opponent's turn: its off-turn time starts after its first move.
            if (hasMoved_[waiting]) offTurnStart[waiting] = process_[waiting]->cpuSeconds();
            const TurnOutcome turn = awaitMove(mover, offTurnStart[waiting]);
            std::error_code ec;
            fs::remove(goFile(mover), ec);
            const bool over = turn.kind != TurnOutcome::Wrote || !acceptMove(mover, moveNumber, turn);
            if (over) {
                if (hasMoved_[waiting] && turn.kind != TurnOutcome::CpuExceeded) {
                    result_.offTurnCpuSeconds[waiting] += std::max(0.0, process_[waiting]->cpuSeconds() - offTurnStart[waiting]);
                }
                switch (turn.kind) {
                    case TurnOutcome::TimedOut: return end(EndReason::OutOfTime, waiting, "no move within the time limit");
                    case TurnOutcome::Died: return end(EndReason::Crashed, waiting, "its program ended during the game");
                    case TurnOutcome::CpuExceeded:
                        return end(EndReason::CpuOnOpponentTurn, mover,
                                   fmt::format("{:.2f} s of CPU during the opponent's turns", result_.offTurnCpuSeconds[waiting]));
                    case TurnOutcome::Interrupted:
                        result_.reason = EndReason::JudgeError;
                        result_.detail = "interrupted";
                        result_.endLine = "END: game interrupted by the referee";
                        return;
                    case TurnOutcome::Wrote: return;  // acceptMove ended the game
                }
            }
            mover = waiting;
        }
    }

    // Waits for the mover's write, the time limit, the mover's death or the opponent's CPU excess.
    // A move is read once completely written: its line ends with a newline, or its writer closed the file
    // (inotify), or the file has not changed for settleSeconds (like the original's 100 ms read delay;
    // this is also how the polling fallback and an empty or deleted move_file are judged).
    TurnOutcome awaitMove(int mover, double waitingCpuAtStart) {
        const int waiting = 1 - mover;
        const auto goAt = Clock::now();
        const auto deadline = goAt + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(o_.timeLimitSeconds));
        const auto settle = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(o_.settleSeconds));
        FileStamp last = baseline_;
        bool changed = false, closed = false;
        Clock::time_point firstChange{}, lastChange{};
        std::string content;
        auto nextCpuCheck = goAt;
        std::vector<std::string> closedNow;
        for (;;) {
            if (stopRequested()) return {TurnOutcome::Interrupted, {}, 0};
            const auto now = Clock::now();
            const bool closeEvent = std::find(closedNow.begin(), closedNow.end(), "move_file") != closedNow.end();
            const FileStamp stamp = stampOf(moveFile_);
            if (stamp != last) {
                last = stamp;
                lastChange = now;
                content = readSmallFile(moveFile_);
                closed = closeEvent;
                if (!changed && stamp != baseline_) {
                    changed = true;
                    firstChange = now;
                }
            } else {
                closed = closed || closeEvent;
            }
            if (changed) {
                const bool complete = (!content.empty() && (content.back() == '\n' || closed)) ||
                                      now - lastChange >= settle || now - firstChange >= std::chrono::seconds(1);
                if (complete) {
                    moveReadAt_ = Clock::now();
                    if (!stamp.exists) content.clear();
                    return {TurnOutcome::Wrote, content, std::chrono::duration<double>(firstChange - goAt).count()};
                }
            } else {
                if (now >= deadline) return {TurnOutcome::TimedOut, {}, 0};
                if (!process_[mover]->running()) return {TurnOutcome::Died, {}, 0};
            }
            if (o_.cpuLimitSeconds && hasMoved_[waiting] && now >= nextCpuCheck) {
                nextCpuCheck = now + std::chrono::milliseconds(50);
                const double used = result_.offTurnCpuSeconds[waiting] + process_[waiting]->cpuSeconds() - waitingCpuAtStart;
                if (used > *o_.cpuLimitSeconds) {
                    result_.offTurnCpuSeconds[waiting] = used;
                    return {TurnOutcome::CpuExceeded, {}, 0};
                }
            }
            auto timeout = changed ? lastChange + settle - now : deadline - now;
            timeout = std::min<Clock::duration>(timeout, std::chrono::milliseconds(20));
            closedNow = watch_->wait(std::chrono::duration_cast<std::chrono::milliseconds>(timeout) + std::chrono::milliseconds(1));
        }
    }

    // Validates the move read for `mover`; plays it and hands the turn over, or ends the game.
    // Returns whether the game goes on.
    bool acceptMove(int mover, int moveNumber, const TurnOutcome& turn) {
        const int waiting = 1 - mover;
        const std::string shown = visible(turn.content);
        const auto line = gomoku4341::splitMoveLine(turn.content);
        if (!line) {
            end(EndReason::InvalidMove, waiting,
                turn.content.empty() ? "move_file is empty or missing" : fmt::format("wrote `{}`, not `<name> <column> <row>`", shown));
            return false;
        }
        // The name says who wrote: the opponent's name during the mover's turn is the opponent writing out
        // of turn (as the original judged it); any other name is the mover's invalid move.
        if (line->name == name(waiting)) {
            end(EndReason::OutOfOrder, mover, fmt::format("{} wrote `{}` during {}'s turn", name(waiting), shown, name(mover)));
            return false;
        }
        if (line->name != name(mover)) {
            end(EndReason::InvalidMove, waiting, fmt::format("wrote `{}`: the name is not {}", shown, name(mover)));
            return false;
        }
        const auto point = gomoku4341::parsePoint(line->column, line->row);
        if (!point) {
            end(EndReason::InvalidMove, waiting, fmt::format("wrote `{}`: not a point of the board (A-O, 1-15)", shown));
            return false;
        }
        if (!board_.legal(*point, moveNumber)) {
            end(EndReason::InvalidMove, waiting,
                fmt::format("wrote `{}`: {} is occupied{}", shown, gomoku4341::pointText(*point),
                            board_.at(*point) != Stone::Empty && moveNumber > 2 ? " (a swap is allowed on move 2 only)" : ""));
            return false;
        }
        const bool swap = board_.at(*point) != Stone::Empty;
        board_.play(*point, mover == 0 ? Stone::X : Stone::O);
        hasMoved_[mover] = true;
        result_.moves.push_back({mover, *point, swap, turn.seconds});
        const std::string accepted = fmt::format("{} {}", name(mover), gomoku4341::pointText(*point));
        history_ += accepted + "\n";
        if (o_.board) {
            *o_.board << fmt::format("move {}: {}{} ({:.3f} s)\n{}\n", moveNumber, accepted, swap ? " (swap)" : "", turn.seconds,
                                     board_.text())
                      << std::flush;
        }
        // A five made on the last empty point wins: the five is checked before the full board.
        if (board_.fiveThrough(point->cell())) {
            end(EndReason::FiveInARow, mover, "");
            return false;
        }
        if (board_.full()) {
            end(EndReason::BoardFull, -1, "");
            return false;
        }
        // The original writes the accepted move back for the opponent; we write it normalised, one line
        // without a final newline, replaced atomically so that no player ever reads a half-written file.
        replaceFile(moveFile_, accepted);
        return true;
    }

    static std::string visible(const std::string& content) {
        std::string s;
        for (char c : content.substr(0, 60)) {
            if (c == '\n') s += "\\n";
            else if (c == '\r') s += "\\r";
            else if (static_cast<unsigned char>(c) < 32 || static_cast<unsigned char>(c) >= 127) s += '?';
            else s += c;
        }
        if (content.size() > 60) s += "...";
        return s;
    }

    void end(EndReason reason, int winner, std::string detail) {
        result_.reason = reason;
        result_.winner = winner;
        result_.detail = std::move(detail);
        result_.endLine = winner < 0 ? endLineFor(reason, "", "") : endLineFor(reason, name(winner), name(1 - winner));
    }

    // end_game, history_file and both `.go` files wake the players up; then the trees are killed.
    void finish() {
        replaceFile(o_.dir / "end_game", result_.endLine);
        replaceFile(o_.dir / "history_file", history_);
        for (int i = 0; i < 2; ++i) createFresh(goFile(i), "go!");
        const auto grace = Clock::now() + std::chrono::milliseconds(300);
        for (int i = 0; i < 2; ++i) {
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(grace - Clock::now());
            process_[i]->waitFor(std::max(left, std::chrono::milliseconds(0)));
        }
        for (int i = 0; i < 2; ++i) {
            const sandbox::RunOutcome outcome = process_[i]->killTree();
            if (!outcome.stdoutHead.empty()) writeSmallFile(o_.dir / (name(i) + ".stdout.txt"), outcome.stdoutHead);
            if (!outcome.stderrHead.empty()) writeSmallFile(o_.dir / (name(i) + ".stderr.txt"), outcome.stderrHead);
        }
        result_.seconds = secondsSince(start_);
        writeGameRecord(o_, result_);
    }

    const GameOptions& o_;
    const Clock::time_point start_ = Clock::now();
    fs::path moveFile_;
    std::optional<DirectoryWatch> watch_;
    std::unique_ptr<sandbox::SandboxedProcess> process_[2];
    Board board_;
    bool hasMoved_[2] = {false, false};
    FileStamp baseline_;
    Clock::time_point moveReadAt_{};
    std::string history_;
    GameResult result_;
};

}  // namespace

GameResult playGame(const GameOptions& options) { return Referee(options).run(); }

}  // namespace plyjudge::live
