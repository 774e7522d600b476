// Ratings from game results, as cutechess-cli and fastchess print them: the logistic Elo model (a score s
// means an Elo difference of -400 log10(1/s - 1)), a 95 % interval from the standard error of the mean score,
// and the likelihood of superiority. The error comes from the games one by one (trinomial: win, draw, loss)
// or, when the games come in pairs of one opening with colours swapped, from the pairs (pentanomial: a pair
// scores 0, 1/2, 1, 3/2 or 2), which removes the colour's and the opening's share of the variance.
// docs/tournaments.md gives the formulas and their references.
#pragma once

#include <array>
#include <optional>

namespace plyjudge::referee {

// Win, draw and loss counts from one side's point of view.
struct Wdl {
    int wins = 0, draws = 0, losses = 0;
    int games() const { return wins + draws + losses; }
    double score() const;  // (wins + draws / 2) / games; 0.5 with no games
};

// Game pairs by their score for one side: index k holds the pairs that scored k/2 (0, 1/2, 1, 3/2, 2).
using Pentanomial = std::array<int, 5>;

struct EloEstimate {
    double elo = 0;               // the difference, +inf / -inf for a perfect score
    std::optional<double> error;  // the half-width of the 95 % interval; none with fewer than two samples or no variance
    double low = 0, high = 0;     // the interval's ends in Elo (either may be infinite: a score interval reaching 0 or 1)
    double los = 0.5;             // the likelihood that the side is the stronger, in [0, 1]
    bool pentanomial = false;     // the error came from game pairs
};

// The Elo difference of a mean score in (0, 1) (logistic model); +-infinity at 1 and 0.
double eloOfScore(double score);
// The expected score of an Elo difference.
double scoreOfElo(double elo);

// From single games: mean and variance of the game scores 1, 1/2, 0; LOS as cutechess-cli computes it,
// 0.5 (1 + erf((W - L) / sqrt(2 (W + L)))).
EloEstimate estimateFromGames(const Wdl& wdl);
// From game pairs: mean and variance of the pair scores 0, 1/4, 1/2, 3/4, 1 (each pair's score over its two
// games); LOS = Phi((mean - 1/2) / standard error).
EloEstimate estimateFromPairs(const Pentanomial& pairs);

}  // namespace plyjudge::referee
