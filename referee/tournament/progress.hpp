// What a tournament prints as it goes: one line per finished game with the pairing's running score and an
// estimate of the time left, and, on a terminal only, a live line redrawn in place with each game in play (its
// move number and both players' clocks). A log that is not a terminal never gets the live line.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <ostream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "referee/game.hpp"
#include "referee/tournament/elo.hpp"
#include "referee/tournament/game_results_store.hpp"

namespace plyjudge::referee {

class TournamentProgress {
public:
    // `live`: where the live line goes (a terminal), or nullptr for none. `order`: the players' names in the
    // configuration's order; a pairing's running score is the earlier one's.
    TournamentProgress(std::ostream& log, std::ostream* live, std::vector<std::string> order);
    ~TournamentProgress();
    TournamentProgress(const TournamentProgress&) = delete;
    TournamentProgress& operator=(const TournamentProgress&) = delete;

    void beginBatch(std::size_t games, std::size_t alreadyPlayed);  // a call of the runner's play()
    void counted(const StoredGame& game);                             // a stored game, in the running scores
    void started(int slot, const std::string& label);
    void moved(int slot, const MoveRecord& move);
    // Prints the game's line: its number, the players, the end line, the running score of the pairing, the ETA.
    void finished(int slot, const StoredGame& game, const std::string& extra);
    void note(const std::string& line);  // any other line, under the same lock


private:
    struct InPlay {
        std::string label;
        int moves = 0;
        int nextMover = -1;  // players index; unknown before the first move
        double clock[2] = {0, 0};
        std::chrono::steady_clock::time_point turnStart = std::chrono::steady_clock::now();
    };
    void add(const StoredGame& game);
    bool before(const std::string& a, const std::string& b) const;  // a comes first in the configuration
    std::string eta() const;
    std::string liveText() const;
    void clearLive();
    void redrawLoop();

    std::ostream& log_;
    std::ostream* live_;
    std::vector<std::string> order_;
    mutable std::mutex mutex_;
    std::map<std::pair<std::string, std::string>, Wdl> scores_;  // (a, b) with a < b, a's view
    std::map<int, InPlay> inPlay_;
    std::size_t total_ = 0, done_ = 0, playedNow_ = 0;
    std::chrono::steady_clock::time_point batchStart_ = std::chrono::steady_clock::now(), lastFinish_ = batchStart_;
    bool stopping_ = false;
    std::condition_variable wake_;
    std::thread redraw_;
};

}  // namespace plyjudge::referee
