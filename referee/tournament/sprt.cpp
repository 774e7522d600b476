#include "referee/tournament/sprt.hpp"

#include <array>
#include <cmath>

namespace plyjudge::referee {

namespace {
// fastchess's and fishtest's regularisation: an empty class counts 1e-3.
double regularized(int count) { return count == 0 ? 1e-3 : count; }

template <std::size_t N>
double llrOf(const SprtSettings& s, const std::array<double, N>& values, const std::array<int, N>& counts) {
    int samples = 0;
    for (int c : counts) samples += c;
    if (samples == 0) return 0;
    double total = 0, mean = 0;
    for (std::size_t k = 0; k < N; ++k) total += regularized(counts[k]);
    for (std::size_t k = 0; k < N; ++k) mean += values[k] * regularized(counts[k]) / total;
    double variance = 0;
    for (std::size_t k = 0; k < N; ++k) variance += regularized(counts[k]) / total * (values[k] - mean) * (values[k] - mean);
    const double s0 = scoreOfElo(s.elo0), s1 = scoreOfElo(s.elo1);
    return total * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance);
}
}  // namespace

std::string_view sprtDecisionName(SprtDecision decision) {
    switch (decision) {
        case SprtDecision::AcceptH0: return "H0 accepted";
        case SprtDecision::AcceptH1: return "H1 accepted";
        case SprtDecision::Continue: break;
    }
    return "continue";
}

double sprtLowerBound(const SprtSettings& s) { return std::log(s.beta / (1 - s.alpha)); }
double sprtUpperBound(const SprtSettings& s) { return std::log((1 - s.beta) / s.alpha); }

double llrFromGames(const SprtSettings& s, const Wdl& wdl) {
    return llrOf<3>(s, {1.0, 0.5, 0.0}, {wdl.wins, wdl.draws, wdl.losses});
}

double llrFromPairs(const SprtSettings& s, const Pentanomial& pairs) {
    return llrOf<5>(s, {0.0, 0.25, 0.5, 0.75, 1.0}, pairs);
}

SprtDecision sprtDecision(const SprtSettings& s, double llr) {
    if (llr >= sprtUpperBound(s)) return SprtDecision::AcceptH1;
    if (llr <= sprtLowerBound(s)) return SprtDecision::AcceptH0;
    return SprtDecision::Continue;
}

}  // namespace plyjudge::referee
