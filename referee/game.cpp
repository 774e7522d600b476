#include "referee/game.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <ostream>
#include <stdexcept>

#include "sandbox/sandbox.hpp"
#include "referee/dir_watch.hpp"
#include "referee/game_record.hpp"
#include "referee/player_process.hpp"
#include "referee/turn_report.hpp"

namespace plyjudge::referee {

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
        case EndReason::SetupError: return "setup error";
    }
    return "";
}

std::string endLineFor(EndReason reason, const std::string& winner, const std::string& loser) {
    // The spec's messages, two spaces after each `!`. `crashed` is ours (the original never started the
    // players, so a dead one simply ran out of time): see the report and README.
    if (reason == EndReason::BoardFull) return "END: TIE! board full!";
    if (reason == EndReason::SetupError) return fmt::format("END: setup error: {} could not be started", loser);
    const std::string why = reason == EndReason::FiveInARow ? "5 in a row!" : std::string(endReasonName(reason));
    return fmt::format("END: {} WINS!  {} LOSES!  {}", winner, loser, why);
}

namespace {

double secondsSince(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }
Clock::duration seconds(double s) { return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s)); }

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
        placeOpening();
        baseline_ = stampOf(moveFile_);
        watch_.emplace(o_.dir, o_.forcePolling);
        bool startable = true;
        for (int i = 0; i < 2 && startable; ++i) {
            if (const auto why = unreachableByRunUser(o_.players[i])) {
                setupError(i, *why);
                startable = false;
            }
        }
        if (startable) {
            for (int i = 0; i < 2; ++i) process_[i] = startPlayer(o_, i, gameBoundSeconds());
            playTurns();
        }
        finish();
        return result_;
    }

private:
    bool course() const { return o_.protocol == Protocol::Course; }
    double timeLimitOf(int player) const { return o_.players[player].timeLimitSeconds.value_or(o_.timeLimitSeconds); }
    int openingLength() const { return static_cast<int>(o_.openingMoves.size()); }

    // The opening's stones on the board and in history_file; `opening_file` lists them for the players and
    // move_file holds the last one, as if just played, before anyone starts.
    void placeOpening() {
        if (o_.openingMoves.empty()) return;
        for (int i = 0; i < openingLength(); ++i) {
            const Point p = o_.openingMoves[i];
            if (!board_.legal(p, i + 1) || board_.at(p) != Stone::Empty) throw std::runtime_error("the opening is not a legal position");
            board_.play(p, i % 2 == 0 ? Stone::X : Stone::O);
            history_ += fmt::format("{} {}\n", name(i % 2), gomoku4341::pointText(p));
        }
        const int last = (openingLength() - 1) % 2;
        if (!replaceFile(o_.dir / "opening_file", history_) ||
            !replaceFile(moveFile_, writeBackText(o_.protocol, name(last), o_.openingMoves.back()))) {
            throw std::runtime_error(fmt::format("cannot write the opening in {}", o_.dir.string()));
        }
    }

    // What the sandbox's own clocks allow a player over a whole game: the referee judges every turn, this
    // only stops a runaway (225 turns, each at most the limit, the read delay, the pause and some slack).
    double gameBoundSeconds() const {
        return 225.0 * (std::max(timeLimitOf(0), timeLimitOf(1)) + o_.timing.readDelaySeconds + o_.timing.pauseSeconds + 1.5) +
               o_.timing.startupGraceSeconds + 60.0;
    }

    void prepareDirectory() {
        std::error_code ec;
        fs::create_directories(o_.dir, ec);
        if (ec || !fs::is_directory(o_.dir)) throw std::runtime_error(fmt::format("cannot create the game directory {}", o_.dir.string()));
        if (!fs::is_empty(o_.dir, ec)) throw std::runtime_error(fmt::format("the game directory {} is not empty", o_.dir.string()));
        // Both players create and replace files here, possibly as two different uids (a root sandbox
        // without bubblewrap runs each under a dedicated uid).
        fs::permissions(o_.dir, fs::perms::all, ec);
        for (const PlayerSpec& p : o_.players) {
            if (p.cwd.empty()) continue;
            fs::path folder = o_.dir;
            for (const auto& part : p.cwd) {
                folder /= part;
                fs::create_directory(folder, ec);
                fs::permissions(folder, fs::perms::all, ec);
            }
            if (!fs::is_directory(folder)) throw std::runtime_error(fmt::format("cannot create {}", folder.string()));
        }
    }

    const std::string& name(int i) const { return o_.players[i].name; }
    fs::path goFile(int i) const { return o_.dir / (name(i) + ".go"); }

    // Off-turn CPU: a player's window opens when the opponent's `.go` appears and closes when its own
    // appears (fast) or when the opponent's move has been read (course: the pause between turns is nobody's).
    // Readings scan /proc (a millisecond or two), so they come after a hand-over, never before it.
    void openWindow(int p) {
        if (hasMoved_[p]) windowStart_[p] = process_[p]->cpuSeconds();
    }
    double closeWindow(int p) {
        const double now = process_[p]->cpuSeconds();
        if (windowStart_[p]) result_.offTurnCpuSeconds[p] += std::max(0.0, now - *windowStart_[p]);
        windowStart_[p].reset();
        return now;
    }

    void playTurns() {
        int mover = openingLength() % 2;
        for (int moveNumber = openingLength() + 1;; ++moveNumber) {
            const int waiting = 1 - mover;
            if (!beforeTurn(moveNumber)) return;
            watch_->drain();  // our own writes of move_file, before the player can write
            watch_->takeJournal();
            createFresh(goFile(mover), "go!");
            const auto goAt = Clock::now();
            if (!result_.moves.empty()) result_.moves.back().handoverSeconds = secondsSince(moveReadAt_);
            turnCpuStart_ = course() ? process_[mover]->cpuSeconds() : closeWindow(mover);
            openWindow(waiting);
            const TurnOutcome turn = awaitMove(mover, goAt);
            if (turn.kind == TurnOutcome::Wrote && course()) ::unlink(moveFile_.c_str());  // the course referee's purge
            std::error_code ec;
            fs::remove(goFile(mover), ec);
            const bool over = turn.kind != TurnOutcome::Wrote || !acceptMove(mover, moveNumber, turn);
            if (!over) {
                if (course()) closeWindow(waiting);
                mover = waiting;
                continue;
            }
            if (turn.kind != TurnOutcome::CpuExceeded) closeWindow(waiting);
            endingMover_ = mover;
            switch (turn.kind) {
                case TurnOutcome::TimedOut: return timedOut(mover, goAt);
                case TurnOutcome::Died: return died(mover);
                case TurnOutcome::CpuExceeded:
                    return end(EndReason::CpuOnOpponentTurn, mover,
                               fmt::format("{:.2f} s of CPU during the opponent's turns", result_.offTurnCpuSeconds[waiting]));
                case TurnOutcome::Interrupted: return interrupted();
                case TurnOutcome::Wrote: return;  // acceptMove ended the game
            }
        }
    }

    // Course: the start-up grace before the first `.go`, the pause before every other. False when the game
    // ended meanwhile (interrupted, or a player that could not start).
    bool beforeTurn(int moveNumber) {
        if (moveNumber == openingLength() + 1) return startupGrace();
        const auto until = Clock::now() + seconds(o_.timing.pauseSeconds);
        while (Clock::now() < until) {
            if (stopRequested()) return interrupted(), false;
            watch_->wait(std::min(std::chrono::ceil<std::chrono::milliseconds>(until - Clock::now()), std::chrono::milliseconds(50)));
        }
        return true;
    }

    // At most startupGraceSeconds; ended early once both trees have used (almost) no CPU for two samples in a
    // row (started and waiting), unless the whole grace was asked for. A program that ends now is judged at
    // once if it never started (a setup error); otherwise it loses when its turn comes, like any crash.
    bool startupGrace() {
        const auto start = Clock::now();
        const auto until = start + seconds(o_.timing.startupGraceSeconds);
        double lastCpu[2] = {-1, -1};
        int idleSamples = 0;
        for (auto next = start;;) {
            for (int i = 0; i < 2; ++i) {
                if (process_[i]->running()) continue;
                const auto outcome = process_[i]->waitFor(std::chrono::milliseconds(0));
                if (outcome) {
                    if (auto why = startupFailure(*outcome, o_.players[i])) return setupError(i, *why), false;
                }
            }
            if (stopRequested()) return interrupted(), false;
            const auto now = Clock::now();
            if (now >= until) return true;
            if (now >= next && !o_.timing.fullStartupGrace) {
                next = now + std::chrono::milliseconds(100);
                bool idle = true;
                for (int i = 0; i < 2; ++i) {
                    const double cpu = process_[i]->cpuSeconds();
                    idle = idle && lastCpu[i] >= 0 && cpu - lastCpu[i] < 0.01;
                    lastCpu[i] = cpu;
                }
                idleSamples = idle ? idleSamples + 1 : 0;
                if (idleSamples >= 2) return true;
            }
            watch_->wait(std::chrono::milliseconds(20));
        }
    }

    // Waits for the mover's write, the time limit, the mover's death or the opponent's CPU excess.
    // A move is read once completely written: its line ends with a newline, or its writer closed the file
    // (inotify), or the file has not changed for settleSeconds (like the original's 100 ms read delay;
    // this is also how the polling fallback and an empty or deleted move_file are judged); course: and no
    // sooner than the course's read delay after the first change (the mover's `.go` stays that long).
    TurnOutcome awaitMove(int mover, Clock::time_point goAt) {
        const int waiting = 1 - mover;
        const auto deadline = goAt + seconds(timeLimitOf(mover));
        const auto settle = seconds(o_.settleSeconds);
        const auto readDelay = seconds(course() ? o_.timing.readDelaySeconds : 0.0);
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
                if (complete && now - firstChange >= readDelay) {
                    if (course()) content = readSmallFile(moveFile_);  // what the course referee would read now
                    moveReadAt_ = Clock::now();
                    if (!stampOf(moveFile_).exists) content.clear();
                    return {TurnOutcome::Wrote, content, std::chrono::duration<double>(std::max(firstChange, goAt) - goAt).count()};
                }
            } else {
                if (now >= deadline) {
                    timeoutJournal_ = watch_->takeJournal();  // before the referee removes the .go
                    return {TurnOutcome::TimedOut, {}, 0};
                }
                if (!process_[mover]->running()) return {TurnOutcome::Died, {}, 0};
            }
            if (o_.cpuLimitSeconds && windowStart_[waiting] && now >= nextCpuCheck) {
                nextCpuCheck = now + std::chrono::milliseconds(50);
                const double used = result_.offTurnCpuSeconds[waiting] + process_[waiting]->cpuSeconds() - *windowStart_[waiting];
                if (used > *o_.cpuLimitSeconds) {
                    result_.offTurnCpuSeconds[waiting] = used;
                    windowStart_[waiting].reset();
                    return {TurnOutcome::CpuExceeded, {}, 0};
                }
            }
            auto timeout = changed ? std::max(lastChange + settle, firstChange + readDelay) - now : deadline - now;
            timeout = std::min<Clock::duration>(timeout, std::chrono::milliseconds(20));
            closedNow = watch_->wait(std::chrono::duration_cast<std::chrono::milliseconds>(timeout) + std::chrono::milliseconds(1));
        }
    }

    // Validates the move read for `mover`; plays it and hands the turn over, or ends the game.
    // Returns whether the game goes on.
    bool acceptMove(int mover, int moveNumber, const TurnOutcome& turn) {
        const int waiting = 1 - mover;
        const std::string shown = visible(turn.content);
        const auto reject = [&](EndReason reason, int winner, std::string detail) {
            result_.rejectedMove = turn.content;
            end(reason, winner, std::move(detail));
            return false;
        };
        const auto line = gomoku4341::splitMoveLine(turn.content);
        if (!line) {
            return reject(EndReason::InvalidMove, waiting,
                          turn.content.empty() ? "move_file is empty or missing" : fmt::format("wrote `{}`, not `<name> <column> <row>`", shown));
        }
        // The name says who wrote: the opponent's name during the mover's turn is the opponent writing out
        // of turn (as the original judged it); any other name is the mover's invalid move.
        if (line->name == name(waiting)) {
            return reject(EndReason::OutOfOrder, mover, fmt::format("{} wrote `{}` during {}'s turn", name(waiting), shown, name(mover)));
        }
        if (line->name != name(mover)) return reject(EndReason::InvalidMove, waiting, fmt::format("wrote `{}`: the name is not {}", shown, name(mover)));
        const auto point = gomoku4341::parsePoint(line->column, line->row);
        if (!point) return reject(EndReason::InvalidMove, waiting, fmt::format("wrote `{}`: not a point of the board (A-O, 1-15)", shown));
        if (!board_.legal(*point, moveNumber)) {
            return reject(EndReason::InvalidMove, waiting,
                          fmt::format("wrote `{}`: {} is occupied{}", shown, gomoku4341::pointText(*point),
                                      board_.at(*point) != Stone::Empty && moveNumber > 2 ? " (a swap is allowed on move 2 only)" : ""));
        }
        const bool swap = board_.at(*point) != Stone::Empty;
        board_.play(*point, mover == 0 ? Stone::X : Stone::O);
        hasMoved_[mover] = true;
        result_.moves.push_back({mover, *point, swap, turn.seconds});
        if (o_.onMove) o_.onMove(result_.moves.back());
        const std::string accepted = fmt::format("{} {}", name(mover), gomoku4341::pointText(*point));
        history_ += accepted + "\n";
        if (o_.board) {
            *o_.board << fmt::format("move {}: {}{} ({:.3f} s)\n{}\n", moveNumber, accepted, swap ? " (swap)" : "", turn.seconds,
                                     board_.text())
                      << std::flush;
        }
        // The move goes back to move_file for the opponent (protocol.hpp): course, deleted and created afresh
        // with the course's text (also after the last move, as the course referee did); fast, in normal form,
        // replaced atomically so that no player ever reads a half-written file.
        const std::string back = writeBackText(o_.protocol, name(mover), *point);
        const bool fiveOrFull = board_.fiveThrough(point->cell()) || board_.full();
        if (course()) createFresh(moveFile_, back);
        else if (!fiveOrFull) replaceFile(moveFile_, back);
        baseline_ = stampOf(moveFile_);
        // A five made on the last empty point wins: the five is checked before the full board.
        if (board_.fiveThrough(point->cell())) return end(EndReason::FiveInARow, mover, ""), false;
        if (board_.full()) return end(EndReason::BoardFull, -1, ""), false;
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

    void timedOut(int mover, Clock::time_point goAt) {
        TimeoutFacts facts;
        facts.mover = name(mover);
        facts.limitSeconds = timeLimitOf(mover);
        facts.goAt = goAt;
        facts.events = std::move(timeoutJournal_);
        facts.journalAvailable = watch_->usesInotify();
        facts.turnCpuSeconds = std::max(0.0, process_[mover]->cpuSeconds() - turnCpuStart_);
        facts.running = process_[mover]->running();
        const TurnReport r = describeTimeout(facts);
        end(EndReason::OutOfTime, 1 - mover, r.detail);
        result_.report = r.report;
    }

    // The mover's program ended without moving: a setup error if it never started, else a crash.
    void died(int mover) {
        const auto outcome = process_[mover]->waitFor(std::chrono::seconds(2));
        if (outcome && !hasMoved_[mover]) {
            if (auto why = startupFailure(*outcome, o_.players[mover])) return setupError(mover, *why);
        }
        TurnReport r;
        if (outcome) r = describeCrash(*outcome);
        else r.detail = "its program ended during the game";
        end(EndReason::Crashed, 1 - mover, r.detail);
        result_.report = r.report;
    }

    void setupError(int player, const std::string& why) {
        result_.judgeFault.reset();
        result_.reason = EndReason::SetupError;
        result_.winner = -1;
        result_.detail = fmt::format("{}: {}", name(player), why);
        result_.endLine = endLineFor(EndReason::SetupError, "", name(player));
    }

    void interrupted() {
        result_.judgeFault = JudgeFault{JudgeComponent::Grader, "interrupted", "run the same command again"};
        result_.detail = "interrupted";
        result_.endLine = "END: game interrupted by the referee";
    }

    void end(EndReason reason, int winner, std::string detail) {
        result_.judgeFault.reset();
        result_.reason = reason;
        result_.winner = winner;
        result_.detail = std::move(detail);
        result_.endLine = winner < 0 ? endLineFor(reason, "", "") : endLineFor(reason, name(winner), name(1 - winner));
    }

    // Course: move_file is written before end_game in every ending, as the course referee wrote the move it
    // had read (or `NAME \` -1` for no move) before end_game; a five or a full board wrote it already. A player
    // still polling move_file then finds one instead of a FileNotFoundError.
    void writeEndingMoveFile() {
        if (!course() || !endingMover_) return;
        if (result_.reason == EndReason::FiveInARow || result_.reason == EndReason::BoardFull) return;
        const bool rejected = result_.reason == EndReason::InvalidMove || result_.reason == EndReason::OutOfOrder;
        createFresh(moveFile_, courseEndingMoveText(name(*endingMover_), rejected ? std::optional(result_.rejectedMove) : std::nullopt));
    }

    // end_game, history_file and both `.go` files wake the players up; then the trees are killed.
    void finish() {
        writeEndingMoveFile();
        replaceFile(o_.dir / "end_game", result_.endLine);
        replaceFile(o_.dir / "history_file", history_);
        for (int i = 0; i < 2; ++i) createFresh(goFile(i), "go!");
        const auto grace = Clock::now() + std::chrono::milliseconds(300);
        for (int i = 0; i < 2; ++i) {
            if (!process_[i]) continue;
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(grace - Clock::now());
            process_[i]->waitFor(std::max(left, std::chrono::milliseconds(0)));
        }
        for (int i = 0; i < 2; ++i) {
            if (!process_[i]) continue;
            const sandbox::RunOutcome outcome = process_[i]->killTree();
            // The last 64 KiB of each stream (player_process.cpp).
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
    std::optional<double> windowStart_[2];
    double turnCpuStart_ = 0;
    std::vector<WatchEvent> timeoutJournal_;
    std::optional<int> endingMover_;  // whose turn ended the game (none: it never started)
    FileStamp baseline_;
    Clock::time_point moveReadAt_{};
    std::string history_;
    GameResult result_;
};

}  // namespace

GameResult playGame(const GameOptions& options) { return Referee(options).run(); }

}  // namespace plyjudge::referee
