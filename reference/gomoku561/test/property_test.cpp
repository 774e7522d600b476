// Properties of the gomoku561 rules and solver on random positions reached by legal play (generator.hpp); the
// search's properties, checked on every variant, are reference/test/core_properties_test.cpp's.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <stdexcept>

#include "reference/gomoku561/generator.hpp"
#include "reference/core/traverse_log.hpp"
#include "reference/variant.hpp"
#include "testsupport/log_checks.hpp"
#include "testsupport/plain_game.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::gomoku561 {
namespace {

SearchResult<Game> run(const Problem& p, Algorithm algorithm, int depth) {
    const Game game = gameOf(p);
    NullLog log;
    return search(game, rootOf(p, game), SearchConfig{algorithm, depth}, log);
}

RC_GTEST_PROP(Gomoku561Properties, InputsRoundTrip, ()) {
    const Problem p = *problems(4);
    const Problem back = parseProblem(InputText(formatProblem(p), "generated"));
    RC_ASSERT(back == p);
}

// The definition of the legal moves: the empty points 8-adjacent to a stone, found by walking the board.
PointSet adjacentEmptyPoints(const Game& game, const State& s) {
    PointSet expected;
    const int size = game.size();
    for (int c = 0; c < size; ++c) {
        for (int r = 1; r <= size; ++r) {
            const int point = game.pointOf(c, r);
            if (!s.empty(point)) continue;
            bool adjacent = false;
            for (int dc = -1; dc <= 1; ++dc) {
                for (int dr = -1; dr <= 1; ++dr) {
                    const int c2 = c + dc, r2 = r + dr;
                    if ((dc || dr) && c2 >= 0 && c2 < size && r2 >= 1 && r2 <= size) {
                        const int q = game.pointOf(c2, r2);
                        adjacent = adjacent || !s.empty(q);
                    }
                }
            }
            if (adjacent) expected.set(point);
        }
    }
    return expected;
}

// The root's candidate set (makeState) and the incremental one after every move equal the definition,
// and the path value grows by the move's signed score.
RC_GTEST_PROP(Gomoku561Properties, IncrementalStateMatchesTheDefinition, ()) {
    const Problem p = *problems(1);
    const Game game = gameOf(p);
    const State root = rootOf(p, game);
    if (!(p.black.none() && p.white.none())) RC_ASSERT(root.candidates == adjacentEmptyPoints(game, root));
    MoveBuffer<Game> moves;
    const int n = game.generateMoves(root, moves);
    for (int i = 0; i < n; ++i) {
        State s = root;
        game.play(s, moves[i]);
        const MoveScore score = game.score(root, moves[i], root.toMove);
        RC_ASSERT(s.value == root.value + (root.toMove == game.rootPlayer() ? score.points : -score.points));
        RC_ASSERT(s.won == score.wins);
        RC_ASSERT(s.candidates == adjacentEmptyPoints(game, s));
    }
}

TEST(Gomoku561Rules, ABoardSizeBeyondTheTablesIsRefused) {
    EXPECT_THROW(Game(kMaxSize + 1, Player::Black), std::out_of_range);
    EXPECT_THROW(Game(0, Player::Black), std::out_of_range);
    EXPECT_EQ(Game(kMaxSize, Player::Black).size(), kMaxSize);
}

RC_GTEST_PROP(Gomoku561Properties, SolverOutputIsWellFormed, ()) {
    Problem p = *problems(2, 20);
    testing::TempDir dir;
    const auto written = findVariant("gomoku561")->solve(InputText(formatProblem(p), "input.txt"), Dialect{}, dir.path());
    RC_ASSERT(written.size() == (p.algorithm == Algorithm::Greedy ? 1u : 2u));
    const Game game = gameOf(p);
    const auto result = run(p, p.algorithm, static_cast<int>(p.depth));
    State next = rootOf(p, game);
    game.play(next, result.move);
    RC_ASSERT(testing::readFile(dir / "next_state.txt") == boardText(game, next));
    if (p.algorithm != Algorithm::Greedy) {
        RC_ASSERT(testing::checkTraverseLog(testing::readFile(dir / "traverse_log.txt"),
                                            p.algorithm == Algorithm::AlphaBeta, result.value) == "");
    }
}

// Sibling scores (leafValues() in rules.hpp) are kept between the children of one node, so they are met only from
// depth 3 on (the leaves' parents then have a parent other than the root's) and across several searches in a row:
// every search here must equal the plain rules', whatever the searches before it left in the thread's scores.
RC_GTEST_PROP(Gomoku561Properties, SiblingScoresSearchTheSameTreeAsPlainRulesAtDepthThree, ()) {
    const Problem p = *problems(3, 6);
    const Game game = gameOf(p);
    for (Algorithm a : {Algorithm::Minimax, Algorithm::AlphaBeta}) {
        RC_ASSERT(testing::plainSearchDifference(game, rootOf(p, game), SearchConfig{a, 3}) == "");
    }
}

}  // namespace
}  // namespace plyjudge::gomoku561
