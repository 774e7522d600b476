#include "referee/tournament/sprt.hpp"

#include <array>
#include <algorithm>
#include <cmath>

namespace plyjudge::referee {

namespace {
// fishtest's and fastchess's regularisation: an empty class counts 1e-3.
double regularized(int count) { return count == 0 ? 1e-3 : count; }

template <std::size_t N>
struct Sample {
    std::array<double, N> x{}, f{};  // values and their observed frequencies (regularised)
    double total = 0;                // the regularised number of samples
};

template <std::size_t N>
Sample<N> sampleOf(const std::array<double, N>& values, const std::array<int, N>& counts) {
    Sample<N> s;
    s.x = values;
    for (std::size_t k = 0; k < N; ++k) s.total += regularized(counts[k]);
    for (std::size_t k = 0; k < N; ++k) s.f[k] = regularized(counts[k]) / s.total;
    return s;
}

// The maximum-likelihood distribution on the sample's support with mean `mean`: p_k = f_k / (1 + lambda (x_k - mean)),
// lambda the root of sum f_k (x_k - mean) / (1 + lambda (x_k - mean)) (decreasing in lambda), found by bisection
// inside the interval where every 1 + lambda (x_k - mean) stays positive.
template <std::size_t N>
std::array<double, N> constrainedMle(const Sample<N>& s, double mean) {
    double low = -1e300, high = 1e300;
    for (std::size_t k = 0; k < N; ++k) {
        const double d = s.x[k] - mean;
        if (d > 0) low = std::max(low, -1 / d);
        if (d < 0) high = std::min(high, -1 / d);
    }
    const auto slope = [&](double lambda) {
        double sum = 0;
        for (std::size_t k = 0; k < N; ++k) sum += s.f[k] * (s.x[k] - mean) / (1 + lambda * (s.x[k] - mean));
        return sum;
    };
    for (int i = 0; i < 200; ++i) {
        const double mid = low + (high - low) / 2;
        if (mid == low || mid == high) break;
        (slope(mid) > 0 ? low : high) = mid;
    }
    const double lambda = low + (high - low) / 2;
    std::array<double, N> p{};
    for (std::size_t k = 0; k < N; ++k) p[k] = s.f[k] / (1 + lambda * (s.x[k] - mean));
    return p;
}

template <std::size_t N>
double llrOf(const SprtSettings& settings, const std::array<double, N>& values, const std::array<int, N>& counts) {
    int samples = 0;
    for (int c : counts) samples += c;
    if (samples == 0) return 0;
    const Sample<N> s = sampleOf(values, counts);
    const auto p0 = constrainedMle(s, scoreOfElo(settings.elo0));
    const auto p1 = constrainedMle(s, scoreOfElo(settings.elo1));
    double llr = 0;
    for (std::size_t k = 0; k < N; ++k) llr += s.total * s.f[k] * std::log(p1[k] / p0[k]);
    return llr;
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

double llrApproximationFromGames(const SprtSettings& settings, const Wdl& wdl) {
    if (wdl.games() == 0) return 0;
    const Sample<3> s = sampleOf<3>({1.0, 0.5, 0.0}, {wdl.wins, wdl.draws, wdl.losses});
    double mean = 0, variance = 0;
    for (std::size_t k = 0; k < 3; ++k) mean += s.f[k] * s.x[k];
    for (std::size_t k = 0; k < 3; ++k) variance += s.f[k] * (s.x[k] - mean) * (s.x[k] - mean);
    const double s0 = scoreOfElo(settings.elo0), s1 = scoreOfElo(settings.elo1);
    return s.total * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance);
}

SprtDecision sprtDecision(const SprtSettings& s, double llr) {
    if (llr >= sprtUpperBound(s)) return SprtDecision::AcceptH1;
    if (llr <= sprtLowerBound(s)) return SprtDecision::AcceptH0;
    return SprtDecision::Continue;
}

}  // namespace plyjudge::referee
