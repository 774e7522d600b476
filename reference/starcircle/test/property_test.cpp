// Properties of starcircle's rules on random legal positions (generator.hpp); the search's properties, checked
// on every variant, are reference/test/core_properties_test.cpp's.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cstdlib>

#include "reference/starcircle/generator.hpp"

namespace plyjudge::starcircle {
namespace {

RC_GTEST_PROP(StarcircleProperties, PieceCountFallsOnlyByCapturesAndInputsRoundTrip, ()) {
    const Problem p = *problems(2);
    const Problem back = parseProblem(InputText(formatProblem(p), "generated"));
    RC_ASSERT(back.board.cells == p.board.cells);
    RC_ASSERT(back.rowValues == p.rowValues);
    const Game game(p.player, p.rowValues);
    const State s = makeState(p.board, p.player);
    MoveBuffer<Game> moves;
    const int n = game.generateMoves(s, moves);
    for (int i = 0; i < n; ++i) {
        State t = s;
        game.play(t, moves[i]);
        const int before = s.starPieces + s.circlePieces, after = t.starPieces + t.circlePieces;
        const bool jump = moves[i] != kPass && std::abs(rowOf(moves[i] / 64) - rowOf(moves[i] % 64)) == 2;
        RC_ASSERT(after == before - (jump ? 1 : 0));
    }
}

// play() updates the occupancy masks and piece counts without branching on a jump (a step "captures" 0 from
// some other square): along random games, every move leaves them as makeState() recounts them from the cells.
RC_GTEST_PROP(StarcircleProperties, PlayKeepsMasksAndCountsEqualToARecountAlongRandomGames, ()) {
    const Problem p = *problems(2);
    const Game game(p.player, p.rowValues);
    State s = makeState(p.board, p.player);
    MoveBuffer<Game> moves;
    for (int ply = 0; ply < 40 && !game.isTerminal(s); ++ply) {
        const int n = game.generateMoves(s, moves);
        game.play(s, moves[*rc::gen::inRange(0, n)]);
        const State recount = makeState(s.board, s.toMove);
        RC_ASSERT(s.occupied == recount.occupied);
        RC_ASSERT(s.starPieces == recount.starPieces);
        RC_ASSERT(s.circlePieces == recount.circlePieces);
    }
}

}  // namespace
}  // namespace plyjudge::starcircle
