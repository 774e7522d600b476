#include "referee/tournament/elo.hpp"

#include <cmath>
#include <limits>

namespace plyjudge::referee {

namespace {
// The two-sided 95 % quantile of the standard normal distribution.
constexpr double kZ95 = 1.959963984540054;

struct Moments {
    double mean = 0.5, variance = 0;
    int count = 0;
};

// Mean and (population) variance of values[k] weighted by counts[k].
template <std::size_t N>
Moments momentsOf(const std::array<double, N>& values, const std::array<int, N>& counts) {
    Moments m;
    for (int c : counts) m.count += c;
    if (m.count == 0) return m;
    double sum = 0;
    for (std::size_t k = 0; k < N; ++k) sum += values[k] * counts[k];
    m.mean = sum / m.count;
    double squares = 0;
    for (std::size_t k = 0; k < N; ++k) squares += counts[k] * (values[k] - m.mean) * (values[k] - m.mean);
    m.variance = squares / m.count;
    return m;
}

// The interval: the Elo of mean +- z * standard error; its half-width in Elo is the error, as cutechess-cli's
// EloError computes it (the map from score to Elo is not linear, so the interval is not symmetric around the
// estimate). An end past 0 or 1 is an infinite Elo: then the error is unknown and the ends are shown instead.
void setInterval(EloEstimate& e, const Moments& m) {
    e.low = e.high = e.elo;
    if (m.count < 2 || m.variance <= 0) return;
    const double se = std::sqrt(m.variance / m.count);
    e.high = eloOfScore(std::min(m.mean + kZ95 * se, 1.0));
    e.low = eloOfScore(std::max(m.mean - kZ95 * se, 0.0));
    if (std::isfinite(e.high) && std::isfinite(e.low)) e.error = (e.high - e.low) / 2;
}
}  // namespace

double Wdl::score() const { return games() == 0 ? 0.5 : (wins + draws / 2.0) / games(); }

double eloOfScore(double score) {
    if (score >= 1) return std::numeric_limits<double>::infinity();
    if (score <= 0) return -std::numeric_limits<double>::infinity();
    return -400.0 * std::log10(1.0 / score - 1.0);
}

double scoreOfElo(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

EloEstimate estimateFromGames(const Wdl& wdl) {
    const Moments m = momentsOf<3>({1.0, 0.5, 0.0}, {wdl.wins, wdl.draws, wdl.losses});
    EloEstimate e;
    e.elo = m.count == 0 ? 0 : eloOfScore(m.mean);
    setInterval(e, m);
    const int decisive = wdl.wins + wdl.losses;
    e.los = decisive == 0 ? 0.5 : 0.5 * (1 + std::erf((wdl.wins - wdl.losses) / std::sqrt(2.0 * decisive)));
    return e;
}

EloEstimate estimateFromPairs(const Pentanomial& pairs) {
    const Moments m = momentsOf<5>({0.0, 0.25, 0.5, 0.75, 1.0}, pairs);
    EloEstimate e;
    e.pentanomial = true;
    e.elo = m.count == 0 ? 0 : eloOfScore(m.mean);
    setInterval(e, m);
    if (m.count > 0 && m.variance > 0) {
        const double se = std::sqrt(m.variance / m.count);
        e.los = 0.5 * std::erfc(-(m.mean - 0.5) / se / std::sqrt(2.0));
    } else if (m.count > 0) {
        e.los = m.mean > 0.5 ? 1.0 : m.mean < 0.5 ? 0.0 : 0.5;
    }
    return e;
}

}  // namespace plyjudge::referee
