#include "referee/game.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <ostream>
#include <stdexcept>

#include "sandbox/sandbox.hpp"
#include "referee/dir_watch.hpp"
#include "referee/game_record.hpp"
#include "referee/gomocup_seat.hpp"
#include "referee/player_process.hpp"
#include "referee/turn_report.hpp"

namespace plyjudge::referee {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
using gomoku4341::Board;
using gomoku4341::Point;
using gomoku4341::Stone;

namespace {

double secondsSince(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }
Clock::duration seconds(double s) { return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s)); }

// How one turn's wait ended.
struct TurnOutcome {
    // WroteOutOfTurn: the waiting player wrote a move naming itself in its own move_file.
    // Rejected: a Gomocup engine's answer that is no move (detail says why); Unplayable: it refused START.
    enum Kind { Wrote, WroteOutOfTurn, TimedOut, Died, CpuExceeded, Interrupted, Rejected, Unplayable } kind = TimedOut;
    std::string content;   // for Wrote: the mover's move_file as read; for WroteOutOfTurn: the waiting player's
    double seconds = 0;    // for Wrote: from `.go` to the first sign of the write
    std::string detail = {};  // for Rejected and Unplayable
};

class Referee {
public:
    explicit Referee(const GameOptions& o) : o_(o), folder_{playerFolder(o, 0), playerFolder(o, 1)} {}

    GameResult run() {
        prepareGameFolders(o_);
        for (int i = 0; i < 2; ++i) {
            if (o_.players[i].protocol == PlayerProtocol::Gomocup) continue;  // its turns come through pipes
            if (!writeSmallFile(moveFile(i), "")) throw std::runtime_error(fmt::format("cannot write {}", moveFile(i).string()));
        }
        placeOpening();
        for (int i = 0; i < 2; ++i) baseline_[i] = stampOf(moveFile(i));
        watch_.emplace(std::vector<fs::path>{folder_[0], folder_[1]}, o_.forcePolling);
        bool startable = true;
        for (int i = 0; i < 2 && startable; ++i) {
            if (const auto why = unreachableByRunUser(o_.players[i])) {
                setupError(i, *why);
                startable = false;
            }
        }
        if (startable) {
            for (int i = 0; i < 2; ++i) {
                if (o_.players[i].protocol == PlayerProtocol::Gomocup) engine_[i] = std::make_unique<GomocupSeat>(folder_[i], i, o_.openingMoves);
                process_[i] = startPlayer(o_, i, gameBoundSeconds());
                if (engine_[i]) engine_[i]->start(timeLimitOf(i), o_.players[i].memoryBytes.value_or(o_.memoryBytes));
            }
            awaitEnginesStarted();
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
    // move_file holds the last one, as if just played, before anyone starts (in each file player's folder).
    void placeOpening() {
        if (o_.openingMoves.empty()) return;
        for (int i = 0; i < openingLength(); ++i) {
            const Point p = o_.openingMoves[i];
            if (!board_.legal(p, i + 1) || board_.at(p) != Stone::Empty) throw std::runtime_error("the opening is not a legal position");
            board_.play(p, i % 2 == 0 ? Stone::X : Stone::O);
            history_ += fmt::format("{} {}\n", name(i % 2), gomoku4341::pointText(p));
        }
        const int last = (openingLength() - 1) % 2;
        for (int i = 0; i < 2; ++i) {
            if (speaksFiles(i) && (!replaceFile(folder_[i] / "opening_file", history_) ||
                                   !replaceFile(moveFile(i), writeBackText(o_.protocol, name(last), o_.openingMoves.back())))) {
                throw std::runtime_error(fmt::format("cannot write the opening in {}", folder_[i].string()));
            }
        }
    }

    // What the sandbox's own clocks allow a player over a whole game: the referee judges every turn, this
    // only stops a runaway (225 turns, each at most the limit, the read delay, the pause and some slack).
    double gameBoundSeconds() const {
        return 225.0 * (std::max(timeLimitOf(0), timeLimitOf(1)) + o_.timing.readDelaySeconds + o_.timing.pauseSeconds + 1.5) +
               o_.timing.startupGraceSeconds + 60.0;
    }

    const std::string& name(int i) const { return o_.players[i].name; }
    fs::path moveFile(int i) const { return folder_[i] / "move_file"; }
    // `owner`'s `.go` in `in`'s folder: each player sees both `.go` files, as in the course's shared directory.
    fs::path goFile(int owner, int in) const { return folder_[in] / (name(owner) + ".go"); }
    bool speaksFiles(int i) const { return o_.players[i].protocol == PlayerProtocol::Files; }
    // The same file written into both folders of the players that speak files (`first`'s first).
    void writeBoth(const std::string& file, const std::string& content, bool (*write)(const fs::path&, const std::string&), int first = 0) {
        for (const int i : {first, 1 - first}) {
            if (speaksFiles(i)) write(folder_[i] / file, content);
        }
    }
    void removeBoth(const std::string& file) {
        for (int i = 0; i < 2; ++i) {
            if (speaksFiles(i)) ::unlink((folder_[i] / file).c_str());
        }
    }

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
            if (engine_[mover]) engine_[mover]->beginTurn(result_.moves);
            else createFresh(goFile(mover, mover), "go!");
            const auto goAt = Clock::now();
            if (speaksFiles(waiting)) createFresh(goFile(mover, waiting), "go!");
            if (!result_.moves.empty()) result_.moves.back().handoverSeconds = secondsSince(moveReadAt_);
            turnCpuStart_ = course() ? process_[mover]->cpuSeconds() : closeWindow(mover);
            openWindow(waiting);
            const TurnOutcome turn = engine_[mover] ? awaitEngineMove(mover, goAt) : awaitMove(mover, goAt);
            if (turn.kind == TurnOutcome::Wrote && course() && speaksFiles(mover)) ::unlink(moveFile(mover).c_str());  // the course referee's purge
            removeBoth(name(mover) + ".go");
            const bool over = turn.kind != TurnOutcome::Wrote || !acceptMove(mover, moveNumber, turn);
            if (!over) {
                if (engine_[mover]) engine_[mover]->moveAccepted(result_.moves.size());
                if (course()) closeWindow(waiting);
                mover = waiting;
                continue;
            }
            if (turn.kind != TurnOutcome::CpuExceeded) closeWindow(waiting);
            endingMover_ = mover;
            switch (turn.kind) {
                case TurnOutcome::WroteOutOfTurn:
                    result_.rejectedMove = turn.content;
                    return end(EndReason::OutOfOrder, mover,
                               fmt::format("{} wrote `{}` in its move_file during {}'s turn", name(waiting), visible(turn.content), name(mover)));
                case TurnOutcome::Rejected:
                    result_.rejectedMove = turn.content;
                    return end(EndReason::InvalidMove, waiting, turn.detail);
                case TurnOutcome::Unplayable: return setupError(mover, turn.detail);
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

    // A Gomocup engine's answer to START (it may load tables, size its hash) is not charged to its first turn: up to
    // kEngineStartSeconds for all of them, or until one's program ends (its turn then finds it dead).
    void awaitEnginesStarted() {
        const auto until = Clock::now() + seconds(kEngineStartSeconds);
        for (int i = 0; i < 2; ++i) {
            while (engine_[i] && !engine_[i]->heardFrom() && Clock::now() < until && process_[i]->running() && !stopRequested()) {
                engine_[i]->awaitStarted(std::chrono::milliseconds(50));
            }
        }
    }
    static constexpr double kEngineStartSeconds = 10.0;

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
        const fs::path moverFile = moveFile(mover);
        const FileStamp baseline = baseline_[mover];
        const auto deadline = goAt + seconds(timeLimitOf(mover));
        const auto settle = seconds(o_.settleSeconds);
        const auto readDelay = seconds(course() ? o_.timing.readDelaySeconds : 0.0);
        FileStamp last = baseline;
        bool changed = false, closed = false;
        Clock::time_point firstChange{}, lastChange{};
        std::string content;
        auto nextCpuCheck = goAt;
        std::vector<ClosedFile> closedNow;
        for (;;) {
            if (stopRequested()) return {TurnOutcome::Interrupted, {}, 0};
            if (auto outOfTurn = wroteOutOfTurn(waiting)) return {TurnOutcome::WroteOutOfTurn, std::move(*outOfTurn), 0};
            const auto now = Clock::now();
            const bool closeEvent = std::find(closedNow.begin(), closedNow.end(), ClosedFile{mover, "move_file"}) != closedNow.end();
            const FileStamp stamp = stampOf(moverFile);
            if (stamp != last) {
                last = stamp;
                lastChange = now;
                content = readSmallFile(moverFile);
                closed = closeEvent;
                if (!changed && stamp != baseline) {
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
                    if (course()) content = readSmallFile(moverFile);  // what the course referee would read now
                    moveReadAt_ = Clock::now();
                    if (!stampOf(moverFile).exists) content.clear();
                    return {TurnOutcome::Wrote, content, std::chrono::duration<double>(std::max(firstChange, goAt) - goAt).count()};
                }
            } else {
                if (now >= deadline) {
                    timeoutJournal_.clear();  // the mover's folder only, before the referee removes the .go
                    for (WatchEvent& e : watch_->takeJournal()) {
                        if (e.dir == mover) timeoutJournal_.push_back(std::move(e));
                    }
                    return {TurnOutcome::TimedOut, {}, 0};
                }
                if (!process_[mover]->running()) return {TurnOutcome::Died, {}, 0};
            }
            if (offTurnCpuExceeded(waiting, now, nextCpuCheck)) return {TurnOutcome::CpuExceeded, {}, 0};
            auto timeout = changed ? std::max(lastChange + settle, firstChange + readDelay) - now : deadline - now;
            timeout = std::min<Clock::duration>(timeout, std::chrono::milliseconds(20));
            closedNow = watch_->wait(std::chrono::duration_cast<std::chrono::milliseconds>(timeout) + std::chrono::milliseconds(1));
        }
    }

    // With --cpu-limit, every 50 ms: has the waiting player used more CPU on the opponent's turns than allowed?
    bool offTurnCpuExceeded(int waiting, Clock::time_point now, Clock::time_point& nextCheck) {
        if (!o_.cpuLimitSeconds || !windowStart_[waiting] || now < nextCheck) return false;
        nextCheck = now + std::chrono::milliseconds(50);
        const double used = result_.offTurnCpuSeconds[waiting] + process_[waiting]->cpuSeconds() - *windowStart_[waiting];
        if (used <= *o_.cpuLimitSeconds) return false;
        result_.offTurnCpuSeconds[waiting] = used;
        windowStart_[waiting].reset();
        return true;
    }

    // A Gomocup engine's turn (gomocup_seat.hpp): its answer, judged; the same clock, death and CPU checks as a
    // file player's. Its move comes back as a move line of its name, validated like any other.
    TurnOutcome awaitEngineMove(int mover, Clock::time_point goAt) {
        const auto deadline = goAt + seconds(timeLimitOf(mover));
        auto nextCpuCheck = goAt;
        for (;;) {
            if (stopRequested()) return {TurnOutcome::Interrupted, {}, 0};
            const auto now = Clock::now();
            if (now >= deadline) return {TurnOutcome::TimedOut, {}, 0};
            if (!process_[mover]->running()) return {TurnOutcome::Died, {}, 0};
            if (offTurnCpuExceeded(1 - mover, now, nextCpuCheck)) return {TurnOutcome::CpuExceeded, {}, 0};
            const auto wait = std::min<Clock::duration>(deadline - now, std::chrono::milliseconds(20));
            const GomocupSeat::Reply reply = engine_[mover]->poll(std::chrono::ceil<std::chrono::milliseconds>(wait), board_);
            const double taken = secondsSince(goAt);
            switch (reply.kind) {
                case GomocupSeat::Reply::None: continue;
                case GomocupSeat::Reply::Rejected: return {TurnOutcome::Rejected, reply.line, taken, visibleText(reply.detail, 200)};
                case GomocupSeat::Reply::Unplayable: return {TurnOutcome::Unplayable, reply.line, taken, visibleText(reply.detail, 200)};
                case GomocupSeat::Reply::Move:
                    moveReadAt_ = Clock::now();
                    return {TurnOutcome::Wrote, fmt::format("{} {}\n", name(mover), gomoku4341::pointText(reply.point)), taken};
            }
        }
    }

    // The waiting player's own move_file changed since the referee last wrote it: a move naming that player is its
    // move out of turn (as the course referee judged it); anything else there harms nobody (the referee rewrites the
    // file with the next move) and is left alone. Only the waiting player can write its folder.
    std::optional<std::string> wroteOutOfTurn(int waiting) {
        if (!speaksFiles(waiting)) return std::nullopt;
        const FileStamp stamp = stampOf(moveFile(waiting));
        if (stamp == baseline_[waiting] || stamp == seenOffTurn_[waiting]) return std::nullopt;
        seenOffTurn_[waiting] = stamp;
        std::string content = readSmallFile(moveFile(waiting));
        const auto line = gomoku4341::splitMoveLine(content);
        if (line && line->name == name(waiting)) return content;
        return std::nullopt;
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
        // Only the mover writes its folder, so any name but its own is its invalid move (in the course's shared
        // directory the opponent's name meant the opponent writing out of turn: see wroteOutOfTurn).
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
        // Into both folders, the opponent's first (its turn comes next).
        const std::string back = writeBackText(o_.protocol, name(mover), *point);
        const bool fiveOrFull = board_.fiveThrough(point->cell()) || board_.full();
        if (course()) writeBoth("move_file", back, createFresh, waiting);
        else if (!fiveOrFull) writeBoth("move_file", back, replaceFile, waiting);
        for (int i = 0; i < 2; ++i) baseline_[i] = stampOf(moveFile(i));
        // A five made on the last empty point wins: the five is checked before the full board.
        if (board_.fiveThrough(point->cell())) return end(EndReason::FiveInARow, mover, ""), false;
        if (board_.full()) return end(EndReason::BoardFull, -1, ""), false;
        return true;
    }

    static std::string visible(const std::string& content) { return visibleText(content); }

    void timedOut(int mover, Clock::time_point goAt) {
        if (engine_[mover]) {
            const double cpu = std::max(0.0, process_[mover]->cpuSeconds() - turnCpuStart_);
            return end(EndReason::OutOfTime, 1 - mover,
                       fmt::format("no answer within {} s: it was sent its turn and never wrote {}; {:.2f} s of CPU in its turn",
                                   timeLimitOf(mover), engine_[mover]->awaited(), cpu));
        }
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
        writeBoth("move_file", courseEndingMoveText(name(*endingMover_), rejected ? std::optional(result_.rejectedMove) : std::nullopt),
                  createFresh);
    }

    // end_game, history_file and both `.go` files wake the players up (in both folders; the referee keeps its own
    // end_game and history_file in the game directory); then the trees are killed.
    void finish() {
        for (auto& engine : engine_) {
            if (engine) engine->end();
        }
        writeEndingMoveFile();
        writeBoth("end_game", result_.endLine, replaceFile);
        writeBoth("history_file", history_, replaceFile);
        replaceFile(o_.dir / "end_game", result_.endLine);
        replaceFile(o_.dir / "history_file", history_);
        for (int i = 0; i < 2; ++i) writeBoth(name(i) + ".go", "go!", createFresh);
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
    const fs::path folder_[2];
    std::optional<DirectoryWatch> watch_;
    std::unique_ptr<sandbox::SandboxedProcess> process_[2];
    std::unique_ptr<GomocupSeat> engine_[2];  // a player that speaks Gomocup's protocol, else null
    Board board_;
    bool hasMoved_[2] = {false, false};
    std::optional<double> windowStart_[2];
    double turnCpuStart_ = 0;
    std::vector<WatchEvent> timeoutJournal_;
    std::optional<int> endingMover_;  // whose turn ended the game (none: it never started)
    FileStamp baseline_[2];      // each folder's move_file as the referee last wrote it
    FileStamp seenOffTurn_[2];   // the waiting player's move_file as last checked by wroteOutOfTurn
    Clock::time_point moveReadAt_{};
    std::string history_;
    GameResult result_;
};

}  // namespace

GameResult playGame(const GameOptions& options) { return Referee(options).run(); }

}  // namespace plyjudge::referee
