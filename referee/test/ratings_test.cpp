// The rating and SPRT maths (elo.hpp, sprt.hpp, ratings.hpp). Every expected number comes from an independent
// computation written out in the comment (python3, standard library only), never from this code's output.
#include <gtest/gtest.h>

#include <cmath>

#include "referee/tournament/elo.hpp"
#include "referee/tournament/ratings.hpp"
#include "referee/tournament/sprt.hpp"

namespace plyjudge::referee {
namespace {

// python3 -c "import math; print(-400*math.log10(1/0.75-1))"  -> 190.848501887865
TEST(Elo, LogisticModel) {
    EXPECT_NEAR(eloOfScore(0.75), 190.848501887865, 1e-9);
    EXPECT_NEAR(eloOfScore(0.5), 0.0, 1e-12);
    EXPECT_NEAR(scoreOfElo(190.848501887865), 0.75, 1e-12);
    EXPECT_TRUE(std::isinf(eloOfScore(1.0)) && eloOfScore(1.0) > 0);
    EXPECT_TRUE(std::isinf(eloOfScore(0.0)) && eloOfScore(0.0) < 0);
}

// W-D-L 30-10-20, cutechess-cli's formulas:
// python3 -c "import math; E=lambda s:-400*math.log10(1/s-1); W,D,L=30,10,20; n=60; s=(W+D/2)/n;
//   v=(W*(1-s)**2+D*(.5-s)**2+L*s**2)/n; se=math.sqrt(v/n); z=1.959963984540054;
//   print(E(s), (E(s+z*se)-E(s-z*se))/2, 0.5*(1+math.erf((W-L)/math.sqrt(2*(W+L)))))"
//   -> 58.45121427129523 82.82181830558194 0.9213503964748575
TEST(Elo, TrinomialErrorAndLos) {
    const EloEstimate e = estimateFromGames({30, 10, 20});
    EXPECT_NEAR(e.elo, 58.45121427129523, 1e-9);
    ASSERT_TRUE(e.error);
    EXPECT_NEAR(*e.error, 82.82181830558194, 1e-9);
    EXPECT_NEAR(e.los, 0.9213503964748575, 1e-12);
    EXPECT_FALSE(e.pentanomial);
}

// Pairs scoring 0, 1/2, 1, 3/2, 2 seen 1, 2, 5, 3, 1 times:
// python3 -c "import math; E=lambda s:-400*math.log10(1/s-1); P=[1,2,5,3,1]; x=[0,.25,.5,.75,1]; N=sum(P);
//   m=sum(p*a for p,a in zip(P,x))/N; v=sum(p*(a-m)**2 for p,a in zip(P,x))/N; se=math.sqrt(v/N); z=1.959963984540054;
//   print(E(m), (E(m+z*se)-E(m-z*se))/2, 0.5*math.erfc(-(m-.5)/se/math.sqrt(2)))"
//   -> 14.484869061777905 105.27519305146535 0.6095872153443763
TEST(Elo, PentanomialErrorAndLos) {
    const EloEstimate e = estimateFromPairs({1, 2, 5, 3, 1});
    EXPECT_NEAR(e.elo, 14.484869061777905, 1e-9);
    ASSERT_TRUE(e.error);
    EXPECT_NEAR(*e.error, 105.27519305146535, 1e-9);
    EXPECT_NEAR(e.los, 0.6095872153443763, 1e-12);
    EXPECT_TRUE(e.pentanomial);
}

// A perfect score has an infinite Elo, the interval's lower end is finite, the error unknown.
TEST(Elo, PerfectScoreIsInfiniteWithAFiniteLowerEnd) {
    const EloEstimate e = estimateFromGames({3, 1, 0});
    EXPECT_TRUE(std::isfinite(e.elo));
    const EloEstimate perfect = estimateFromGames({4, 0, 0});
    EXPECT_TRUE(std::isinf(perfect.elo));
    EXPECT_EQ(eloText(perfect), "+inf");
    EXPECT_EQ(eloText(estimateFromGames({0, 0, 0})), "+0.0 +- ?");
}

// python3 -c "import math; print(math.log(0.05/0.95), math.log(0.95/0.05))" -> -2.9444389791664403 2.9444389791664403
TEST(Sprt, Bounds) {
    const SprtSettings s{0, 10, 0.05, 0.05, 100};
    EXPECT_NEAR(sprtLowerBound(s), -2.9444389791664403, 1e-12);
    EXPECT_NEAR(sprtUpperBound(s), 2.9444389791664403, 1e-12);
    EXPECT_EQ(sprtDecision(s, 3.0), SprtDecision::AcceptH1);
    EXPECT_EQ(sprtDecision(s, -3.0), SprtDecision::AcceptH0);
    EXPECT_EQ(sprtDecision(s, 0.1), SprtDecision::Continue);
}

// The exact GSPRT, computed independently with Newton's method on lambda instead of bisection:
// python3 -c "
// import math
// S=lambda e:1/(1+10**(-e/400))
// def mle(x,f,s):
//  l=0.0
//  for _ in range(100):
//   g=sum(fi*(xi-s)/(1+l*(xi-s)) for xi,fi in zip(x,f)); d=-sum(fi*(xi-s)**2/(1+l*(xi-s))**2 for xi,fi in zip(x,f)); l-=g/d
//  return [fi/(1+l*(xi-s)) for xi,fi in zip(x,f)]
// def llr(x,c,e0,e1):
//  c=[ci or 1e-3 for ci in c]; N=sum(c); f=[ci/N for ci in c]; p0=mle(x,f,S(e0)); p1=mle(x,f,S(e1))
//  return N*sum(fi*math.log(a/b) for fi,a,b in zip(f,p1,p0))
// def approx(x,c,e0,e1):
//  c=[ci or 1e-3 for ci in c]; N=sum(c); f=[ci/N for ci in c]; m=sum(a*b for a,b in zip(x,f))
//  v=sum(fi*(xi-m)**2 for xi,fi in zip(x,f)); s0,s1=S(e0),S(e1); return N*(s1-s0)*(2*m-s0-s1)/(2*v)
// print(llr([1,.5,0],[600,200,500],0,10), approx([1,.5,0],[600,200,500],0,10))
// print(llr([0,.25,.5,.75,1],[10,40,120,55,15],0,10))"
//   -> 2.765841759245184 2.7840489396626276
//   -> 1.283316671970392
TEST(Sprt, LogLikelihoodRatio) {
    const SprtSettings s{0, 10, 0.05, 0.05, 10000};
    EXPECT_NEAR(llrFromGames(s, {600, 200, 500}), 2.765841759245184, 1e-6);
    EXPECT_NEAR(llrApproximationFromGames(s, {600, 200, 500}), 2.7840489396626276, 1e-9);
    EXPECT_NEAR(llrFromPairs(s, {10, 40, 120, 55, 15}), 1.283316671970392, 1e-6);
    EXPECT_EQ(llrFromGames(s, {0, 0, 0}), 0.0);
}

// A perfect record does not decide at once: each perfect pair can weigh at most ln(s1 / s0) (the likelihood of a
// pair win under H1 over H0 when that is all that was seen), so three pairs stay inside the bounds.
// python3 -c "import math; S=lambda e:1/(1+10**(-e/400)); print(3*math.log(S(100)/S(0)))" -> 0.7408849048993307
TEST(Sprt, APerfectRecordWeighsLittleEach) {
    const SprtSettings s{0, 100, 0.05, 0.05, 1000};
    const double llr = llrFromPairs(s, {0, 0, 0, 0, 3});
    EXPECT_GT(llr, 0.0);
    EXPECT_LE(llr, 3 * std::log(scoreOfElo(100) / scoreOfElo(0)) + 1e-3);
    EXPECT_EQ(sprtDecision(s, llr), SprtDecision::Continue);
    // Pairs that split 1-1 point to H0 (elo 0), more so as they accumulate.
    const double level = llrFromPairs(s, {0, 0, 5, 0, 0});
    EXPECT_LT(level, 0.0);
    EXPECT_LT(llrFromPairs(s, {0, 0, 10, 0, 0}), level);
}

StoredGame game(std::string x, std::string o, std::string winner, std::string opening, int round) {
    StoredGame g;
    g.key = x + o + opening + std::to_string(round);
    g.stage = "rr";
    g.x = std::move(x);
    g.o = std::move(o);
    g.winner = std::move(winner);
    g.opening = std::move(opening);
    g.round = round;
    return g;
}

// Games of one opening and round with colours swapped are a pair; the crosstable holds each side's record.
TEST(Ratings, PairsAndCrosstable) {
    const std::vector<StoredGame> games = {
        game("a", "b", "a", "H8", 1), game("b", "a", "b", "H8", 1),  // a pair split 1-1
        game("a", "b", "a", "I9", 2), game("b", "a", "a", "I9", 2),  // a pair a wins 2-0
        game("a", "c", "", "H8", 1),                                 // unpaired draw
    };
    const Ratings r = computeRatings(games, {"a", "b", "c"});
    ASSERT_EQ(r.pairings.size(), 2u);
    EXPECT_EQ(r.pairings[0].a, "a");
    EXPECT_EQ(r.pairings[0].b, "b");
    EXPECT_EQ(wdlText(r.pairings[0].record.wdl), "3-0-1");
    EXPECT_EQ(r.pairings[0].record.pairs, (Pentanomial{0, 0, 1, 0, 1}));
    EXPECT_TRUE(r.pairings[0].record.estimate().pentanomial);
    EXPECT_EQ(r.pairings[1].record.unpaired, 1);
    EXPECT_FALSE(r.pairings[1].record.estimate().pentanomial);  // no pair at all
    // Two pairs and one straggler: the pairs decide; three stragglers: the games do.
    Record mostlyPaired{{5, 0, 0}, {0, 0, 0, 0, 2}, 1};
    EXPECT_TRUE(mostlyPaired.estimate().pentanomial);
    mostlyPaired.unpaired = 3;
    EXPECT_FALSE(mostlyPaired.estimate().pentanomial);
    EXPECT_EQ(wdlText(r.crosstable[1][0]), "1-0-3");
    EXPECT_EQ(wdlText(r.crosstable[2][0]), "0-1-0");
    EXPECT_EQ(r.players.at("a").wdl.games(), 5);
    const std::string table = crosstableText(r);
    EXPECT_NE(table.find("3-0-1"), std::string::npos) << table;
    EXPECT_NE(pairingsTable(r).find("pentanomial, 2 pairs"), std::string::npos) << pairingsTable(r);
}

}  // namespace
}  // namespace plyjudge::referee
