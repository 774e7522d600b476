// Properties of the shared core on random legal starcircle positions (starcircle/generator.hpp).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cstdlib>

#include "reference/starcircle/generator.hpp"
#include "reference/core/output_file.hpp"
#include "reference/core/traverse_log.hpp"
#include "testsupport/log_checks.hpp"
#include "reference/starcircle/faults.hpp"
#include "testsupport/plain_game.hpp"
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

RC_GTEST_PROP(StarcircleProperties, LeafValuesShortcutSearchesTheSameTreeAsPlainRules, ()) {
    const Problem p = *problems(4);
    const Game game(p.player, p.rowValues);
    for (Algorithm a : {Algorithm::Greedy, Algorithm::Minimax, Algorithm::AlphaBeta}) {
        RC_ASSERT(testing::plainSearchDifference(game, makeState(p.board, p.player), SearchConfig{a, p.depth}) == "");
    }
}

// The fault catalogue's rule-level mistakes live in FaultyGame, which wraps the rules and has no leafValues()
// shortcut of its own: searched as it is and through PlainGame, every rule fault logs the same tree. A
// FaultyGame that forwarded the wrapped rules' leafValues() would value cut-off leaves by the right rules,
// so a fault in play() or evaluate() would vanish from most of the tree; this property would then fail.
RC_GTEST_PROP(StarcircleProperties, RuleFaultsAreNeverBypassedByTheLeafValuesShortcut, ()) {
    const auto faults = *rc::gen::elementOf(testing::ruleFaultsIn(faultCatalogue()));
    RC_TAG(faults.first);
    const Problem p = *problems(4);
    const Game game(p.player, p.rowValues);
    const FaultyGame faulty(game, faults.second, p.player, p.rowValues);
    for (Algorithm a : {Algorithm::Minimax, Algorithm::AlphaBeta}) {
        RC_ASSERT(testing::plainSearchDifference(faulty, makeState(p.board, p.player), SearchConfig{a, p.depth}) == "");
    }
}

}  // namespace
}  // namespace plyjudge::starcircle
