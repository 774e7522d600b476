// The shared search core on explicit game trees, where every expected log line is worked out by hand
// from AIMA Fig. 5.3 / 5.7 and the specs' log rhythm.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "reference/core/search.hpp"
#include "reference/core/traverse_log.hpp"
#include "reference/core/test/tree_game.hpp"
#include "testsupport/log_checks.hpp"

namespace plyjudge {
namespace {

TEST(SearchCore, MinimaxOnAimaFigure52LogsEveryNodeAndPicksB) {
    const auto [result, log] = runLogged(aimaFigure52(), {Algorithm::Minimax, 2}, false);
    EXPECT_EQ(result.value, 3);
    EXPECT_EQ(result.move, 1);  // B
    EXPECT_EQ(result.nodes, 13u);
    EXPECT_EQ(log,
              "Node,Depth,Value\n"
              "root,0,-Infinity\nB,1,Infinity\nb1,2,3\nB,1,3\nb2,2,12\nB,1,3\nb3,2,8\nB,1,3\nroot,0,3\n"
              "C,1,Infinity\nc1,2,2\nC,1,2\nc2,2,4\nC,1,2\nc3,2,6\nC,1,2\nroot,0,3\n"
              "D,1,Infinity\nd1,2,14\nD,1,14\nd2,2,5\nD,1,5\nd3,2,2\nD,1,2\nroot,0,3");
}

TEST(SearchCore, AlphaBetaOnAimaFigure52PrunesC2C3AndLogsCutWithUnchangedBounds) {
    const auto [result, log] = runLogged(aimaFigure52(), {Algorithm::AlphaBeta, 2}, true);
    EXPECT_EQ(result.value, 3);
    EXPECT_EQ(result.move, 1);
    EXPECT_EQ(result.nodes, 11u);  // c2 and c3 pruned
    EXPECT_EQ(log,
              "Node,Depth,Value,Alpha,Beta\n"
              "root,0,-Infinity,-Infinity,Infinity\n"
              "B,1,Infinity,-Infinity,Infinity\nb1,2,3,-Infinity,Infinity\nB,1,3,-Infinity,3\n"
              "b2,2,12,-Infinity,3\nB,1,3,-Infinity,3\nb3,2,8,-Infinity,3\nB,1,3,-Infinity,3\n"
              "root,0,3,3,Infinity\n"
              "C,1,Infinity,3,Infinity\nc1,2,2,3,Infinity\nC,1,2,3,Infinity\n"  // cut: beta not updated (aima)
              "root,0,3,3,Infinity\n"
              "D,1,Infinity,3,Infinity\nd1,2,14,3,Infinity\nD,1,14,3,14\nd2,2,5,3,14\nD,1,5,3,5\n"
              "d3,2,2,3,5\nD,1,2,3,5\nroot,0,3,3,Infinity");
}

TEST(SearchCore, BoundFirstDialectUpdatesTheBoundBeforeTheCutLine) {
    const auto [result, log] = runLogged(aimaFigure52(), {Algorithm::AlphaBeta, 2, CutoffLog::BoundFirst}, true);
    EXPECT_EQ(result.value, 3);
    EXPECT_NE(log.find("\nC,1,2,3,2\n"), std::string::npos) << log;   // beta updated to 2, then cut
    EXPECT_NE(log.find("\nD,1,2,3,2\nroot"), std::string::npos) << log;  // last child cuts in bound-first too
}

TEST(SearchCore, TiesGoToTheFirstMoveInExpansionOrder) {
    // root -> x (5), y (5), z (4): x is chosen by minimax, alpha-beta and greedy alike.
    const TreeGame g({{"root", {1, 2, 3}}, {"x", {}, 5}, {"y", {}, 5}, {"z", {}, 4}});
    for (Algorithm a : {Algorithm::Greedy, Algorithm::Minimax, Algorithm::AlphaBeta}) {
        NullLog log;
        const auto r = search(g, 0, {a, 3}, log);
        EXPECT_EQ(r.move, 1);
        EXPECT_EQ(r.value, 5);
    }
}

TEST(SearchCore, TerminalNodesAreLeavesAboveTheCutoffAndCutoffStopsDescent) {
    // root -> a (terminal, value 7, has children that must not be visited), b -> b1 -> b11 (depth 3)
    const TreeGame g({{"root", {1, 2}}, {"a", {5}, 7, true}, {"b", {3}}, {"b1", {4}, 1}, {"b11", {}, 100},
                      {"never", {}, -100}});
    const auto [result, log] = runLogged(g, {Algorithm::Minimax, 2}, false);
    EXPECT_EQ(log, "Node,Depth,Value\nroot,0,-Infinity\na,1,7\nroot,0,7\nb,1,Infinity\nb1,2,1\nb,1,1\nroot,0,7");
    EXPECT_EQ(result.nodes, 4u);
    EXPECT_EQ(result.move, 1);
}

TEST(SearchCore, GreedySearchesOnePlyWhateverTheDepth) {
    NullLog log;
    const auto r = search(aimaFigure52(), 0, {Algorithm::Greedy, 5}, log);
    EXPECT_EQ(r.nodes, 4u);  // root + B, C, D evaluated as leaves
}

TEST(SearchCore, LogCheckerAcceptsTheCoresLogsAndRejectsBrokenOnes) {
    const auto [result, log] = runLogged(aimaFigure52(), {Algorithm::AlphaBeta, 2}, true);
    EXPECT_EQ(testing::checkTraverseLog(log, true, result.value), "");
    std::string broken = log;
    broken.replace(broken.find("b2,2,12"), 7, "b2,3,12");
    EXPECT_NE(testing::checkTraverseLog(broken, true, result.value), "");
    EXPECT_NE(testing::checkTraverseLog(log, true, result.value + 1), "");
}

// A TreeGame that also lists its moves one by one (HasMoveWalk), writing down every move it hands out.
class WalkedTreeGame : public TreeGame {
public:
    using TreeGame::TreeGame;
    template <class Visit>
    void forEachMove(const State& s, const Visit& visit) const {
        MoveBuffer<TreeGame> moves;
        const int n = generateMoves(s, moves);
        for (int i = 0; i < n; ++i) {
            listed.push_back(std::string(moveName(moves[i])));
            if (!visit(moves[i])) return;
        }
    }
    mutable std::vector<std::string> listed;
};
static_assert(HasMoveWalk<WalkedTreeGame>);
static_assert(!HasMoveWalk<TreeGame>);

// The search visits the moves as the walk lists them: the log, value and count are the buffered walk's, and the
// walk is stopped at a cut, so C's moves after c1 are never listed (c2 and c3 are pruned).
TEST(SearchCore, AMoveWalkIsStoppedAtTheCutAndLogsWhatTheMoveListLogs) {
    for (Algorithm algorithm : {Algorithm::Minimax, Algorithm::AlphaBeta}) {
        const WalkedTreeGame walked(kAimaFigure52);
        const auto [walkedResult, walkedLog] = runLogged(walked, {algorithm, 2}, true);
        const auto [listedResult, listedLog] = runLogged(aimaFigure52(), {algorithm, 2}, true);
        EXPECT_EQ(walkedLog, listedLog);
        EXPECT_EQ(walkedResult.value, listedResult.value);
        EXPECT_EQ(walkedResult.move, listedResult.move);
        EXPECT_EQ(walkedResult.nodes, listedResult.nodes);
        const std::vector<std::string> expected =
            algorithm == Algorithm::AlphaBeta
                ? std::vector<std::string>{"B", "b1", "b2", "b3", "C", "c1", "D", "d1", "d2", "d3"}
                : std::vector<std::string>{"B", "b1", "b2", "b3", "C", "c1", "c2", "c3", "D", "d1", "d2", "d3"};
        EXPECT_EQ(walked.listed, expected);
    }
}

}  // namespace
}  // namespace plyjudge
