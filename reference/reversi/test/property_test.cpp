// Properties of reversi's rules on random boards and positions; the search's properties, checked on every
// variant, are reference/test/core_properties_test.cpp's.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <bit>
#include <random>
#include <vector>

#include "reference/reversi/generator.hpp"
#include "reference/reversi/faults.hpp"

namespace plyjudge::reversi {
namespace {

// Σ W over Black's pieces − Σ W over White's, cell by cell (what State::score must hold).
int weightedBoard(const State& s) {
    int sum = 0;
    for (int cell = 0; cell < 64; ++cell) {
        if (s.pieces[0] >> cell & 1) sum += detail::kWeights[cell];
        if (s.pieces[1] >> cell & 1) sum -= detail::kWeights[cell];
    }
    return sum;
}

// The flips of a move by the side to move at the empty `cell`, walking the 8 rays cell by cell.
Bitboard flipsByWalking(const State& s, int cell) {
    const Bitboard mine = s.pieces[static_cast<int>(s.toMove)], theirs = s.pieces[1 - static_cast<int>(s.toMove)];
    Bitboard flips = 0;
    for (int dr = -1; dr <= 1; ++dr) {
        for (int dc = -1; dc <= 1; ++dc) {
            Bitboard run = 0;
            int r = cell / 8 + dr, c = cell % 8 + dc;
            for (; (dr || dc) && r >= 0 && r < 8 && c >= 0 && c < 8 && (theirs >> (r * 8 + c) & 1); r += dr, c += dc) {
                run |= Bitboard{1} << (r * 8 + c);
            }
            if (r >= 0 && r < 8 && c >= 0 && c < 8 && (mine >> (r * 8 + c) & 1)) flips |= run;
        }
    }
    return flips;
}

// Random boards, most of them unreachable in play (long runs, crowded edges): the line tables must give
// every ray's flips and weights, the kept score must follow every move, and the leaf values must be the
// evaluation of the children play() makes.
// moves.hpp: both move generators, the portable one and the AVX2 one where the processor has it, give exactly the
// empty cells where a move flips something, on boards of every density (arbitrary words run from sparse to full).
RC_GTEST_PROP(ReversiProperties, BothMoveGeneratorsGiveTheCellsWhereAMoveFlips, ()) {
    State s;
    const auto mine = *rc::gen::arbitrary<Bitboard>();
    const auto theirs = *rc::gen::arbitrary<Bitboard>() & ~mine;
    s.pieces = {mine, theirs};
    Bitboard expected = 0;
    for (int cell = 0; cell < 64; ++cell) {
        if (!((mine | theirs) >> cell & 1) && flipsByWalking(s, cell) != 0) expected |= Bitboard{1} << cell;
    }
    RC_ASSERT(portableMovesOf(mine, theirs) == expected);
    if (avx2Available()) RC_ASSERT(avx2MovesOf(mine, theirs) == expected);
    RC_ASSERT(legalMoves(s, Player::Black) == expected);
}

TEST(ReversiRules, TheAvx2MoveGeneratorAgreesWithThePortableOneOnRandomBoards) {
    if (!avx2Available()) GTEST_SKIP() << "this processor has no AVX2: only the portable move generator runs here";
    std::mt19937_64 random(561);
    for (int i = 0; i < 200000; ++i) {
        const Bitboard a = random(), b = random(), c = random();
        const Bitboard mine = a & b, theirs = ~a & c;  // a quarter each, half the board empty
        ASSERT_EQ(avx2MovesOf(mine, theirs), portableMovesOf(mine, theirs)) << std::hex << mine << " " << theirs;
        ASSERT_EQ(avx2MovesOf(theirs, mine), portableMovesOf(theirs, mine)) << std::hex << mine << " " << theirs;
    }
}

RC_GTEST_PROP(ReversiProperties, FlipsScoresAndLeafValuesMatchAPlainCountOnRandomBoards, ()) {
    State s;
    const auto black = *rc::gen::arbitrary<Bitboard>();
    const auto white = *rc::gen::arbitrary<Bitboard>();
    const auto empties = *rc::gen::arbitrary<Bitboard>();  // a third of the cells empty, on average
    s.pieces = {black & ~empties, white & ~black & ~empties};
    s.toMove = *rc::gen::arbitrary<bool>() ? Player::Black : Player::White;
    rescore(s);
    RC_ASSERT(s.score == weightedBoard(s));
    const Game game(*rc::gen::arbitrary<bool>() ? Player::Black : Player::White);
    const auto leafValue = game.leafValues(s);
    MoveBuffer<Game> moves;
    const int n = game.generateMoves(s, moves);
    std::vector<Move> expected;  // the legal cells in ascending order, or the pass
    for (Bitboard m = legalMoves(s, s.toMove); m; m &= m - 1) expected.push_back(static_cast<Move>(std::countr_zero(m)));
    if (expected.empty()) expected.push_back(kPass);
    RC_ASSERT(std::vector<Move>(moves.begin(), moves.begin() + n) == expected);
    for (int cell = 0; cell < 64; ++cell) {
        if ((s.pieces[0] | s.pieces[1]) >> cell & 1) continue;
        RC_ASSERT(flipsOf(s, cell) == flipsByWalking(s, cell));
        RC_ASSERT(((legalMoves(s, s.toMove) >> cell) & 1) == (flipsOf(s, cell) != 0));
    }
    for (int i = 0; i < n; ++i) {
        State child = s;
        game.play(child, moves[i]);
        RC_ASSERT(child.score == weightedBoard(child));
        RC_ASSERT(leafValue(moves[i]) == game.evaluate(child));
    }
}

// The score play() keeps along a game, passes and the faulty flips of FaultyGame included.
RC_GTEST_PROP(ReversiProperties, TheKeptScoreIsTheWeightedBoardAfterEveryPly, ()) {
    const Problem p = *problems(1);
    const Game game(p.player);
    RuleFaults faults;
    faults.flipsOneDirection = *rc::gen::arbitrary<bool>();
    const FaultyGame faulty(game, faults);
    State s = p.root;
    RC_ASSERT(s.score == weightedBoard(s));
    for (int ply = 0; ply < 70 && !game.isTerminal(s); ++ply) {
        MoveBuffer<FaultyGame> moves;
        const int n = faulty.generateMoves(s, moves);
        faulty.play(s, moves[*rc::gen::inRange(0, n)]);
        RC_ASSERT(s.score == weightedBoard(s));
        RC_ASSERT(faulty.evaluate(s) == (p.player == Player::Black ? 1 : -1) * weightedBoard(s));
    }
}

RC_GTEST_PROP(ReversiProperties, PieceCountGrowsByFlipsPlusOneAndInputsRoundTrip, ()) {
    const Problem p = *problems(2);
    const Problem back = parseProblem(InputText(formatProblem(p), "generated"));
    RC_ASSERT(back.root.pieces == p.root.pieces);
    RC_ASSERT(back.player == p.player);
    RC_ASSERT(back.depth == p.depth);
    const Game game(p.player);
    MoveBuffer<Game> moves;
    const int n = game.generateMoves(p.root, moves);
    const int me = static_cast<int>(p.root.toMove);
    for (int i = 0; i < n; ++i) {
        if (moves[i] == kPass) continue;
        const int flips = std::popcount(flipsOf(p.root, moves[i]));
        RC_ASSERT(flips >= 1);
        State t = p.root;
        game.play(t, moves[i]);
        RC_ASSERT(std::popcount(t.pieces[me]) == std::popcount(p.root.pieces[me]) + flips + 1);
        RC_ASSERT(std::popcount(t.pieces[1 - me]) == std::popcount(p.root.pieces[1 - me]) - flips);
    }
}

}  // namespace
}  // namespace plyjudge::reversi
