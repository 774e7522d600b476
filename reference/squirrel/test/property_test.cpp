// Properties of squirrel's rules on random legal problems (generator.hpp); the search's properties, checked on
// every variant, are reference/test/core_properties_test.cpp's.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <bit>

#include "reference/squirrel/generator.hpp"
#include "reference/core/traverse_log.hpp"
#include "reference/squirrel/battle.hpp"
#include "testsupport/plain_game.hpp"

namespace plyjudge::squirrel {
namespace {

RC_GTEST_PROP(SquirrelProperties, PlayKeepsTheScoreAndConvertsExactlyTheAdjacentEnemiesOnARaid, ()) {
    const Problem p = *problems(1);
    const Game game(p.first.player, p.values);
    const State root = p.root();
    MoveBuffer<Game> moves;
    const int n = game.generateMoves(root, moves);
    RC_ASSERT(n == kSquares - std::popcount(root.occupied()));
    const int me = static_cast<int>(root.toMove);
    for (int i = 0; i < n; ++i) {
        State after = root;
        game.play(after, moves[i]);
        RC_ASSERT(after == makeState(after.pieces, after.toMove, p.values));
        const Mask adjacentEnemies = kNeighbours[moves[i]] & root.pieces[1 - me];
        const Mask expected = (kNeighbours[moves[i]] & root.pieces[me]) ? adjacentEnemies : 0;
        RC_ASSERT(after.pieces[me] == (root.pieces[me] | expected | bitOf(moves[i])));
        RC_ASSERT(after.pieces[1 - me] == (root.pieces[1 - me] & ~expected));
    }
}

RC_GTEST_PROP(SquirrelProperties, ABattleFillsTheBoardOneSquarePerMoveEachSideSearchingForItself, ()) {
    Problem p = *problems(2);
    if (p.task != kTaskBattle) {  // make any problem a battle, keeping its board
        p.task = kTaskBattle;
        p.second = Side{opponent(p.first.player), Algorithm::AlphaBeta, 2};
    }
    const auto states = playBattle(p);
    const int empty = kSquares - std::popcount(p.root().occupied());
    RC_ASSERT(static_cast<int>(states.size()) == empty);
    RC_ASSERT(states.back().occupied() == kFullBoard);
    State before = p.root();
    for (std::size_t i = 0; i < states.size(); ++i) {
        const Side& side = i % 2 == 0 ? p.first : p.second;
        before.toMove = side.player;
        NullLog log;
        const Game game(side.player, p.values);
        const auto r = search(game, before, SearchConfig{side.algorithm, side.depth}, log);
        game.play(before, r.move);
        RC_ASSERT(before == states[i]);
    }
}

RC_GTEST_PROP(SquirrelProperties, FormatThenParseGivesTheSameProblem, ()) {
    const Problem p = *problems(5);
    RC_ASSERT(parseProblem(InputText(formatProblem(p), "generated")) == p);
}

// The solver lowers a cut-off beyond the end of the game to it (withCutoffAtGameEnd), so that the full boards
// are valued by leafValues(): the log, value, move and node count must be those of the plain rules searched to
// the depth as given. Boards keep at most 6 empty squares, the depth is anywhere from there to 25.
RC_GTEST_PROP(SquirrelProperties, ACutoffLoweredToTheEndOfTheGameSearchesTheSameTree, ()) {
    Problem p = *problems(1);
    const int keep = *rc::gen::inRange(1, 7);
    int kept = 0;
    for (int s = 0; s < kSquares; ++s) {
        if (p.root().occupied() & bitOf(s)) continue;
        if (++kept > keep) p.pieces[s % 2] |= bitOf(s);  // fill the rest; the root keeps `keep` or fewer empty
    }
    const State root = p.root();
    const int empty = kSquares - std::popcount(root.occupied());
    const int depth = *rc::gen::inRange(empty, kSquares + 1);
    const Game game(p.first.player, p.values);
    for (Algorithm a : {Algorithm::Minimax, Algorithm::AlphaBeta}) {
        const SearchConfig config{a, depth};
        RC_ASSERT(withCutoffAtGameEnd(config, root).depth == empty);
        testing::LineRecorder lowered, plain;
        const auto r = search(game, root, withCutoffAtGameEnd(config, root), lowered);
        const auto q = search(testing::PlainGame<Game>(game), root, config, plain);
        RC_ASSERT(lowered.lines == plain.lines);
        RC_ASSERT(r.value == q.value);
        RC_ASSERT(r.move == q.move);
        RC_ASSERT(r.nodes == q.nodes);
    }
}

}  // namespace
}  // namespace plyjudge::squirrel
