#include "referee/tournament/sprt_match.hpp"

#include <fmt/format.h>

#include <map>
#include <ostream>

namespace plyjudge::referee {

namespace {
// The tested player's score of a game in half points: 2 a win, 1 a draw, 0 a loss.
int halfPoints(const StoredGame& g, const std::string& tested) {
    if (g.winner.empty()) return 1;
    return g.winner == tested ? 2 : 0;
}

std::vector<ScheduledGame> sprtSchedule(const TournamentConfig& c) {
    std::vector<ScheduledGame> games;
    for (int pair = 0; 2 * pair + 1 < c.sprt.maxGames; ++pair) {
        const int opening = c.openings.empty() ? -1 : pair % static_cast<int>(c.openings.size());
        const std::string text = opening < 0 ? "" : c.openings[opening].text();
        for (int colour = 0; colour < 2; ++colour) {
            const int x = colour, o = 1 - colour;
            games.push_back({gameKey("sprt", c.players[x].name, c.players[o].name, text, pair + 1), "sprt", x, o, pair + 1, opening});
        }
    }
    return games;
}
}  // namespace

void runSprtMatch(TournamentRunner& runner) {
    const TournamentConfig& c = runner.config();
    SprtResult result;
    result.settings = c.sprt;
    result.tested = c.players[0].name;
    result.baseline = c.players[1].name;
    std::map<std::size_t, int> firstOfPair;  // pair index -> the half points of its first finished game
    const GameObserver observe = [&](std::size_t index, const StoredGame& g, std::string& note) {
        const int half = halfPoints(g, result.tested);
        if (half == 2) ++result.games.wins;
        else if (half == 1) ++result.games.draws;
        else ++result.games.losses;
        const std::size_t pair = index / 2;
        if (const auto it = firstOfPair.find(pair); it != firstOfPair.end()) {
            ++result.pairs[it->second + half];
            firstOfPair.erase(it);
            if (result.decision == SprtDecision::Continue) result.llr = llrFromPairs(result.settings, result.pairs);
        } else {
            firstOfPair[pair] = half;
        }
        if (result.decision == SprtDecision::Continue) {
            result.decision = sprtDecision(result.settings, result.llr);
            if (result.decision != SprtDecision::Continue) result.decidedAfterGames = result.games.games();
        }
        note = fmt::format("  LLR {:.2f} [{:.2f}, {:.2f}]{}", result.llr, sprtLowerBound(result.settings), sprtUpperBound(result.settings),
                           result.decision == SprtDecision::Continue ? "" : ": " + std::string(sprtDecisionName(result.decision)));
        return result.decision != SprtDecision::Continue;
    };
    runner.log() << fmt::format("SPRT {} v {}: elo0 {}, elo1 {}, alpha {}, beta {}, at most {} games; LLR bounds [{:.2f}, {:.2f}]\n",
                                result.tested, result.baseline, c.sprt.elo0, c.sprt.elo1, c.sprt.alpha, c.sprt.beta, c.sprt.maxGames,
                                sprtLowerBound(c.sprt), sprtUpperBound(c.sprt));
    runner.play(sprtSchedule(c), observe);
    runner.sprt = result;
}

}  // namespace plyjudge::referee
