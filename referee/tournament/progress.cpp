#include "referee/tournament/progress.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace plyjudge::referee {

using Clock = std::chrono::steady_clock;

TournamentProgress::TournamentProgress(std::ostream& log, std::ostream* live, std::vector<std::string> order)
    : log_(log), live_(live), order_(std::move(order)) {
    if (live_) redraw_ = std::thread([this] { redrawLoop(); });
}

TournamentProgress::~TournamentProgress() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
        clearLive();
    }
    wake_.notify_all();
    if (redraw_.joinable()) redraw_.join();
}

void TournamentProgress::beginBatch(std::size_t games, std::size_t alreadyPlayed) {
    std::lock_guard lock(mutex_);
    total_ = games;
    done_ = alreadyPlayed;
    playedNow_ = 0;
    batchStart_ = Clock::now();
}

bool TournamentProgress::before(const std::string& a, const std::string& b) const {
    const auto at = [&](const std::string& n) { return std::find(order_.begin(), order_.end(), n) - order_.begin(); };
    return at(a) != at(b) ? at(a) < at(b) : a < b;
}

void TournamentProgress::add(const StoredGame& g) {
    const bool xFirst = before(g.x, g.o);
    Wdl& s = scores_[xFirst ? std::pair{g.x, g.o} : std::pair{g.o, g.x}];
    const std::string& first = xFirst ? g.x : g.o;
    if (g.winner.empty()) ++s.draws;
    else if (g.winner == first) ++s.wins;
    else ++s.losses;
}

void TournamentProgress::counted(const StoredGame& game) {
    std::lock_guard lock(mutex_);
    add(game);
}

void TournamentProgress::started(int slot, const std::string& label) {
    std::lock_guard lock(mutex_);
    inPlay_[slot] = InPlay{label};
}

void TournamentProgress::moved(int slot, const MoveRecord& move) {
    std::lock_guard lock(mutex_);
    InPlay& game = inPlay_[slot];
    ++game.moves;
    game.clock[move.player] += move.seconds;
    game.nextMover = 1 - move.player;
    game.turnStart = Clock::now();
}

// The time left: the batch's wall time per finished game (as of the last one) times the games this run plays,
// less the time gone since the batch began; it counts down between games instead of growing with each one.
std::string TournamentProgress::eta() const {
    if (playedNow_ == 0 || done_ >= total_) return "";
    const double perGame = std::chrono::duration<double>(lastFinish_ - batchStart_).count() / static_cast<double>(playedNow_);
    const double elapsed = std::chrono::duration<double>(Clock::now() - batchStart_).count();
    const auto left = static_cast<long>(std::max(0.0, perGame * static_cast<double>(playedNow_ + total_ - done_) - elapsed) + 0.5);
    return fmt::format(", ETA {}:{:02}", left / 60, left % 60);
}

void TournamentProgress::finished(int slot, const StoredGame& g, const std::string& extra) {
    std::lock_guard lock(mutex_);
    inPlay_.erase(slot);
    clearLive();
    std::string score;
    if (!g.key.empty()) {
        add(g);
        ++done_;
        ++playedNow_;
        lastFinish_ = Clock::now();
        const bool xFirst = before(g.x, g.o);
        const Wdl s = scores_[xFirst ? std::pair{g.x, g.o} : std::pair{g.o, g.x}];
        score = fmt::format("  [{} v {}: {}-{}-{}{}]", xFirst ? g.x : g.o, xFirst ? g.o : g.x, s.wins, s.draws, s.losses, eta());
    }
    log_ << fmt::format("[{}/{}] [{}] {} (X) v {} (O): {}{}{}{}\n", done_, total_, g.stage, g.x, g.o, g.endLine,
                        g.detail.empty() ? "" : "  (" + g.detail + ")", score, extra)
         << std::flush;
}

void TournamentProgress::note(const std::string& line) {
    std::lock_guard lock(mutex_);
    clearLive();
    log_ << line << std::flush;
}

std::string TournamentProgress::liveText() const {
    std::string text;
    const auto now = Clock::now();
    for (const auto& [slot, g] : inPlay_) {
        const double thinking = std::chrono::duration<double>(now - g.turnStart).count();
        double clock[2] = {g.clock[0], g.clock[1]};
        if (g.nextMover >= 0) clock[g.nextMover] += thinking;
        text += fmt::format("{}{}: move {}, clocks {:.1f} s / {:.1f} s", text.empty() ? "" : " | ", g.label, g.moves + 1, clock[0], clock[1]);
    }
    return fmt::format("playing {} ({}/{} done{})", text.empty() ? "-" : text, done_, total_, eta());
}

void TournamentProgress::clearLive() {
    if (live_) *live_ << "\r\033[K" << std::flush;
}

// Every 250 ms, the live line, cut to 160 characters so that it stays one terminal line.
void TournamentProgress::redrawLoop() {
    std::unique_lock lock(mutex_);
    while (!stopping_) {
        wake_.wait_for(lock, std::chrono::milliseconds(250));
        if (stopping_ || inPlay_.empty()) continue;
        *live_ << "\r\033[K" << liveText().substr(0, 160) << std::flush;
    }
}

}  // namespace plyjudge::referee
