// Properties of the gomoku561 solver on random positions reached by legal play (generator.hpp).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "reference/gomoku561/generator.hpp"
#include "reference/core/traverse_log.hpp"
#include "reference/variant.hpp"
#include "testsupport/log_checks.hpp"
#include "reference/gomoku561/faults.hpp"
#include "testsupport/plain_game.hpp"
#include "testsupport/search_properties.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::gomoku561 {
namespace {

// Keeps every log line in memory, for comparing two searches' trees.
struct RecordingLog {
    static constexpr bool enabled = true;
    struct Line {
        std::string name;
        int depth;
        Value value, alpha, beta;
    };
    std::vector<Line> lines;
    void node(std::string_view name, int depth, Value value, Value alpha, Value beta) {
        lines.push_back({std::string(name), depth, value, alpha, beta});
    }
};

// A node of a logged tree: its lines' values (entering, then one per child) and its children.
struct LoggedNode {
    const RecordingLog::Line* first = nullptr;
    const RecordingLog::Line* last = nullptr;
    std::vector<LoggedNode> children;
};

LoggedNode parseNode(const std::vector<RecordingLog::Line>& lines, std::size_t& at) {
    LoggedNode node;
    node.first = node.last = &lines[at];
    const int depth = lines[at++].depth;
    while (at < lines.size() && lines[at].depth == depth + 1) {
        node.children.push_back(parseNode(lines, at));
        RC_ASSERT(at < lines.size());
        RC_ASSERT(lines[at].depth == depth);
        RC_ASSERT(lines[at].name == node.first->name);
        node.last = &lines[at++];
    }
    return node;
}

// Alpha-beta's tree is minimax's with subtrees cut: at every node its children are a prefix of
// minimax's (same moves, same order), its leaves have minimax's values, and a node with fewer
// children ended on a cut (v >= beta at MAX, v <= alpha at MIN).
void expectPrunedCopy(const LoggedNode& ab, const LoggedNode& mm) {
    RC_ASSERT(ab.first->name == mm.first->name);
    RC_ASSERT(ab.children.empty() == mm.children.empty());
    if (ab.children.empty()) {
        RC_ASSERT(ab.first->value == mm.first->value);
        return;
    }
    RC_ASSERT(ab.children.size() <= mm.children.size());
    for (std::size_t i = 0; i < ab.children.size(); ++i) expectPrunedCopy(ab.children[i], mm.children[i]);
    if (ab.children.size() < mm.children.size()) {
        const bool isMax = ab.first->depth % 2 == 0;
        const bool cut = isMax ? ab.last->value >= ab.last->beta : ab.last->value <= ab.last->alpha;
        RC_ASSERT(cut);
    }
}

template <class Log>
SearchResult<Game> run(const Problem& p, Algorithm algorithm, int depth, Log& log) {
    const Game game = gameOf(p);
    return search(game, rootOf(p, game), SearchConfig{algorithm, depth}, log);
}

SearchResult<Game> run(const Problem& p, Algorithm algorithm, int depth) {
    NullLog log;
    return run(p, algorithm, depth, log);
}

// Depth 3 searches grow with the cube of the number of legal moves: keep those positions small.
Problem smallProblem() {
    const int depth = *rc::gen::inRange(1, 4);
    Problem p = *problems(depth, depth == 3 ? 20 : 30);
    p.depth = std::min<long long>(p.depth, depth);
    return p;
}

RC_GTEST_PROP(Gomoku561Properties, MinimaxAndAlphaBetaAgreeAndAlphaBetaVisitsNoMore, ()) {
    const Problem p = smallProblem();
    const Game game = gameOf(p);
    testing::assertAlphaBetaAgreesWithMinimax(game, rootOf(p, game), static_cast<int>(p.depth));
}

RC_GTEST_PROP(Gomoku561Properties, AlphaBetaLogIsMinimaxLogWithCuts, ()) {
    const Problem p = smallProblem();
    const int depth = static_cast<int>(p.depth);
    RecordingLog minimaxLog, alphaBetaLog;
    run(p, Algorithm::Minimax, depth, minimaxLog);
    run(p, Algorithm::AlphaBeta, depth, alphaBetaLog);
    std::size_t at = 0;
    const LoggedNode mm = parseNode(minimaxLog.lines, at);
    RC_ASSERT(at == minimaxLog.lines.size());
    at = 0;
    const LoggedNode ab = parseNode(alphaBetaLog.lines, at);
    RC_ASSERT(at == alphaBetaLog.lines.size());
    expectPrunedCopy(ab, mm);
}

RC_GTEST_PROP(Gomoku561Properties, GreedyIsMinimaxAtDepthOne, ()) {
    const Problem p = *problems(1);
    const Game game = gameOf(p);
    testing::assertGreedyIsMinimaxAtDepthOne(game, rootOf(p, game));
    RC_ASSERT(testing::searchWithoutLog(game, rootOf(p, game), Algorithm::Greedy, 1).hasMove);  // positions from play are never full boards here
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

// The two shortcuts of the rules (search.hpp): moves visited as forEachMove() finds them and cut-off children
// valued by leafValues(). Searched through PlainGame, which has neither, the tree must be the same.
RC_GTEST_PROP(Gomoku561Properties, MoveWalkAndLeafValuesSearchTheSameTreeAsPlainRules, ()) {
    const Problem p = *problems(2, 20);
    const Game game = gameOf(p);
    for (Algorithm a : {Algorithm::Greedy, Algorithm::Minimax, Algorithm::AlphaBeta}) {
        RC_ASSERT(testing::plainSearchDifference(game, rootOf(p, game), SearchConfig{a, static_cast<int>(p.depth)}) == "");
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

// The fault catalogue's rule-level mistakes live in FaultyGame, which wraps the rules and has no leafValues()
// shortcut of its own: searched as it is and through PlainGame, every rule fault logs the same tree. A
// FaultyGame that forwarded the wrapped rules' leafValues() would value cut-off leaves by the right rules,
// so a fault in play() or evaluate() would vanish from most of the tree; this property would then fail.
RC_GTEST_PROP(Gomoku561Properties, RuleFaultsAreNeverBypassedByTheLeafValuesShortcut, ()) {
    const auto faults = *rc::gen::elementOf(testing::ruleFaultsIn(faultCatalogue()));
    RC_TAG(faults.first);
    const Problem p = *problems(2, 20);
    const Game game = gameOf(p);
    const FaultyGame faulty(game, faults.second);
    for (Algorithm a : {Algorithm::Minimax, Algorithm::AlphaBeta}) {
        RC_ASSERT(testing::plainSearchDifference(faulty, rootOf(p, game), SearchConfig{a, static_cast<int>(p.depth)}) == "");
    }
}

}  // namespace
}  // namespace plyjudge::gomoku561
