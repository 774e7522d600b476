// Properties of the shared core on random reversi positions reached by legal play.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <bit>

#include "reference/reversi/generator.hpp"
#include "reference/core/output_file.hpp"
#include "reference/core/traverse_log.hpp"
#include "testsupport/log_checks.hpp"
#include "reference/reversi/faults.hpp"
#include "testsupport/plain_game.hpp"
#include "testsupport/search_properties.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::reversi {
namespace {

RC_GTEST_PROP(ReversiProperties, MinimaxAndAlphaBetaAgreeAndAlphaBetaVisitsNoMore, ()) {
    const Problem p = *problems(4);
    testing::assertAlphaBetaAgreesWithMinimax(Game(p.player), p.root, p.depth);
}

RC_GTEST_PROP(ReversiProperties, GreedyIsMinimaxAtDepthOne, ()) {
    const Problem p = *problems(1);
    testing::assertGreedyIsMinimaxAtDepthOne(Game(p.player), p.root);
}

RC_GTEST_PROP(ReversiProperties, SolverLogIsWellFormedInBothDialects, ()) {
    const Problem p = *problems(4);
    for (CutoffLog dialect : {CutoffLog::Aima, CutoffLog::BoundFirst}) {
        testing::TempDir dir;
        OutputFile out(dir / "log.txt");
        TraverseLog log(out, LogColumns::WithBounds);
        log.header("Node");
        const auto r = search(Game(p.player), p.root, SearchConfig{Algorithm::AlphaBeta, p.depth, dialect}, log);
        out.commit();
        RC_ASSERT(testing::checkTraverseLog(testing::readFile(dir / "log.txt"), true, r.value) == "");
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

RC_GTEST_PROP(ReversiProperties, LeafValuesShortcutSearchesTheSameTreeAsPlainRules, ()) {
    const Problem p = *problems(4);
    for (Algorithm a : {Algorithm::Greedy, Algorithm::Minimax, Algorithm::AlphaBeta}) {
        for (CutoffLog dialect : {CutoffLog::Aima, CutoffLog::BoundFirst}) {
            RC_ASSERT(testing::plainSearchDifference(Game(p.player), p.root, SearchConfig{a, p.depth, dialect}) == "");
        }
    }
}

// The fault catalogue's rule-level mistakes live in FaultyGame, which wraps the rules and has no leafValues()
// shortcut of its own: searched as it is and through PlainGame, every rule fault logs the same tree. A
// FaultyGame that forwarded the wrapped rules' leafValues() would value cut-off leaves by the right rules,
// so a fault in play() or evaluate() would vanish from most of the tree; this property would then fail.
RC_GTEST_PROP(ReversiProperties, RuleFaultsAreNeverBypassedByTheLeafValuesShortcut, ()) {
    const auto faults = *rc::gen::elementOf(testing::ruleFaultsIn(faultCatalogue(), ruleFaultsOf));
    RC_TAG(faults.first);
    const Problem p = *problems(4);
    const Game game(p.player);
    const FaultyGame faulty(game, faults.second);
    for (Algorithm a : {Algorithm::Minimax, Algorithm::AlphaBeta}) {
        RC_ASSERT(testing::plainSearchDifference(faulty, p.root, SearchConfig{a, p.depth}) == "");
    }
}

}  // namespace
}  // namespace plyjudge::reversi
