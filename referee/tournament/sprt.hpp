// The sequential probability ratio test between two players, as fishtest and fastchess run it: the
// generalised SPRT (GSPRT; M. Van den Bergh, "A practical introduction to the GSPRT", and fishtest's
// stat_util), with the hypotheses in logistic Elo, H0: elo = elo0 against H1: elo = elo1, on the results'
// empirical distribution: games (trinomial: 0, 1/2, 1) or game pairs (pentanomial: 0, 1/4, ..., 1). For each
// hypothesis the distribution closest to the observed one with the expected score s_h = 1 / (1 + 10^(-elo_h/400))
// is its maximum-likelihood estimate under that mean, p_i = f_i / (1 + lambda (x_i - s_h)) with lambda solving
// sum p_i = 1; then LLR = sum over the N samples of ln(p1(x) / p0(x)). For large samples this is the familiar
// N (s1 - s0) (2 s - s0 - s1) / (2 var) (fastchess's normal approximation); unlike it, it stays sound with a
// perfect record (a few games cannot accept a hypothesis alone). Empty classes count 1e-3 (fishtest's and
// fastchess's regularisation). The test stops when LLR leaves [ln(beta / (1 - alpha)), ln((1 - beta) / alpha)]:
// below, H0 is accepted; above, H1.
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
// The normal approximation N (s1 - s0) (2 s - s0 - s1) / (2 var), same regularisation (for comparison and tests).
double llrApproximationFromGames(const SprtSettings& s, const Wdl& wdl);

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
