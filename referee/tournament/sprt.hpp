// The sequential probability ratio test between two players, as fastchess and fishtest run it: the
// generalised SPRT (GSPRT) in its normal approximation (M. Van den Bergh, "A practical introduction to the
// GSPRT"), with the hypotheses in logistic Elo, H0: elo = elo0 against H1: elo = elo1. After each result,
//   LLR = N (s1 - s0) (2 s - s0 - s1) / (2 var)
// where s0, s1 are the expected scores of elo0, elo1, s the mean score and var its variance over the N samples
// (games: trinomial; game pairs: pentanomial, each pair scoring its mean). Empty classes count 1e-3 (fastchess's
// and fishtest's regularisation), so a perfect record still has a variance. The test stops when LLR leaves
// [ln(beta / (1 - alpha)), ln((1 - beta) / alpha)]: below, H0 is accepted; above, H1.
#pragma once

#include <string>
#include <string_view>

#include "referee/tournament/elo.hpp"

namespace plyjudge::referee {

struct SprtSettings {
    double elo0 = 0, elo1 = 10, alpha = 0.05, beta = 0.05;
    int maxGames = 1000;  // the budget: the test ends undecided after this many games
};

enum class SprtDecision { Continue, AcceptH0, AcceptH1 };
std::string_view sprtDecisionName(SprtDecision decision);  // "continue", "H0 accepted", "H1 accepted"

double sprtLowerBound(const SprtSettings& s);  // ln(beta / (1 - alpha))
double sprtUpperBound(const SprtSettings& s);  // ln((1 - beta) / alpha)

double llrFromGames(const SprtSettings& s, const Wdl& wdl);
double llrFromPairs(const SprtSettings& s, const Pentanomial& pairs);

SprtDecision sprtDecision(const SprtSettings& s, double llr);

// Where an SPRT match stands: the tested player's (the first's) results, over games and complete pairs.
struct SprtResult {
    SprtSettings settings;
    SprtDecision decision = SprtDecision::Continue;
    int decidedAfterGames = 0;  // the games counted when it was decided (0: undecided)
    double llr = 0;             // over the complete pairs (pentanomial)
    Wdl games;
    Pentanomial pairs{};
    std::string tested, baseline;  // the two players' names
};

}  // namespace plyjudge::referee
