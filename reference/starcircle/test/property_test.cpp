// Properties of the shared core on random legal starcircle positions (starcircle/generator.hpp).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cstdlib>

#include "reference/starcircle/generator.hpp"
#include "reference/core/output_file.hpp"
#include "reference/core/traverse_log.hpp"
#include "testsupport/log_checks.hpp"
#include "testsupport/search_properties.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::starcircle {
namespace {

RC_GTEST_PROP(StarcircleProperties, MinimaxAndAlphaBetaAgreeAndAlphaBetaVisitsNoMore, ()) {
    const Problem p = *problems(4);
    testing::assertAlphaBetaAgreesWithMinimax(Game(p.player, p.rowValues), makeState(p.board, p.player), p.depth);
}

RC_GTEST_PROP(StarcircleProperties, GreedyIsMinimaxAtDepthOne, ()) {
    const Problem p = *problems(3);
    testing::assertGreedyIsMinimaxAtDepthOne(Game(p.player, p.rowValues), makeState(p.board, p.player), p.depth);
}

RC_GTEST_PROP(StarcircleProperties, LogsAreWellFormed, ()) {
    const Problem p = *problems(4);
    for (Algorithm a : {Algorithm::Minimax, Algorithm::AlphaBeta}) {
        testing::TempDir dir;
        OutputFile out(dir / "log.txt");
        TraverseLog log(out, a == Algorithm::AlphaBeta ? LogColumns::WithBounds : LogColumns::NameDepthValue);
        log.header("Node");
        const auto r = search(Game(p.player, p.rowValues), makeState(p.board, p.player), SearchConfig{a, p.depth}, log);
        out.commit();
        RC_ASSERT(testing::checkTraverseLog(testing::readFile(dir / "log.txt"), a == Algorithm::AlphaBeta, r.value) == "");
    }
}

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

}  // namespace
}  // namespace plyjudge::starcircle
