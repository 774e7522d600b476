// A Gomocup engine in a game (docs/gomocup.md): what it is told (START and INFO at the start; BEGIN, TURN or BOARD
// at its turn; END at the end) and how its answers are judged. The referee keeps the clock, the engine's life and
// the rules; this turns the game's moves into commands and the engine's lines into a move or a refusal.
#pragma once

#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "referee/game.hpp"
#include "referee/gomocup_channel.hpp"

namespace plyjudge::referee {

class GomocupSeat {
public:
    // self: its index in the game (0 plays X); opening: stones placed before the first turn (GameOptions::openingMoves,
    // X first), told with BOARD at its first turn.
    GomocupSeat(const std::filesystem::path& folder, int self, std::vector<gomoku4341::Point> opening = {});

    // START 15 and the INFO lines (gomocup_protocol.hpp), sent at once; OK is awaited at its first turn.
    void start(double timeLimitSeconds, std::uint64_t memoryBytes);
    // Before the first turn, not charged to it: reads its lines for at most `wait` until its OK to START (then true).
    // A line that is neither OK nor chatter is kept for its first turn, which judges it.
    bool awaitStarted(std::chrono::milliseconds wait);
    bool heardFrom() const { return started_ || held_.has_value(); }

    // Its turn begins: BEGIN (no stone yet), TURN x,y (the opponent's move), or BOARD with every stone when it
    // does not know the position move by move (its stone taken by the opponent's swap). Sent once START is answered.
    void beginTurn(const std::vector<MoveRecord>& moves);

    struct Reply {
        enum Kind { None, Move, Rejected, Unplayable } kind = None;  // Unplayable: it refused START (a setup error)
        gomoku4341::Point point;
        std::string line;    // what it wrote (cut at 4 KiB)
        std::string detail;  // why a Rejected or Unplayable reply is one
    };
    // The next meaningful line within `wait`, judged against `board`. A Move is on an empty point.
    Reply poll(std::chrono::milliseconds wait, const gomoku4341::Board& board);
    // Its move was played: it knows every move up to now.
    void moveAccepted(std::size_t movesSoFar) {
        knownMoves_ = movesSoFar;
        moved_ = true;
    }
    void end() { channel_.send("END"); }

    // What it has not answered yet, for a timeout: "OK to `START 15`" or "a move after `TURN 7,7`".
    std::string awaited() const;

    static std::vector<std::string> wrapCommand(const std::vector<std::string>& argv, const std::filesystem::path& cwd) {
        return GomocupChannel::wrapCommand(argv, cwd);
    }

private:
    std::vector<std::string> commandsFor(const std::vector<MoveRecord>& moves) const;
    void sendTurn();

    GomocupChannel channel_;
    int self_;
    std::vector<gomoku4341::Point> opening_;
    bool moved_ = false;                // it has played a move: it knows the opening
    bool started_ = false;              // it answered OK to START
    std::vector<std::string> pending_;  // the turn's command, until START is answered
    std::string lastCommand_ = "START 15";
    std::optional<std::string> held_;   // a line read by awaitStarted for the first turn to judge
    std::size_t knownMoves_ = 0;
};

}  // namespace plyjudge::referee
