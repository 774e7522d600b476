// The endings' words (end_game's exact lines) and stopping every game on a signal.
#include <fmt/format.h>

#include <atomic>
#include <csignal>

#include "referee/game.hpp"

namespace plyjudge::referee {

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

}  // namespace plyjudge::referee
