// The core's search faults (search_faults.hpp) on explicit trees: each mistake changes the log, the value,
// the move or the node count exactly as a program with that mistake would.
#include <gtest/gtest.h>

#include <algorithm>

#include "reference/core/test/tree_game.hpp"

namespace plyjudge {
namespace {

SearchConfig faulty(Algorithm a, int depth, const SearchFault& fault) {
    SearchConfig c{a, depth};
    fault.apply(c.faults);
    return c;
}

// root (MAX) -> P (MIN) -> p1 (MAX) -> 5, 6 ; root -> Q (MIN) -> q1 (MAX) -> 1, 2: depth 3, so that a MAX node
// below the root is entered with a finite alpha.
const std::vector<TreeNode> kThreePlies = {{"root", {1, 2}}, {"P", {3}}, {"Q", {4}}, {"p1", {5, 6}}, {"q1", {7, 8}},
                                           {"x", {}, 5}, {"y", {}, 6}, {"u", {}, 1}, {"w", {}, 2}};
TreeGame threePlies() { return TreeGame(kThreePlies); }

// root -> B (3, 12, 8), C (3, 4, 6): C's first leaf ties alpha.
TreeGame tieAtAlpha() {
    return TreeGame({{"root", {1, 2}}, {"B", {3, 4, 5}}, {"C", {6, 7, 8}}, {"b1", {}, 3}, {"b2", {}, 12}, {"b3", {}, 8},
                     {"c1", {}, 3}, {"c2", {}, 4}, {"c3", {}, 6}});
}

// root -> pass -> pass (game over, 7): the only moves are passes.
TreeGame twoPasses() { return TreeGame({{"root", {1}, 0}, {"pass", {2}, 1}, {"pass", {}, 7, true}}); }

TEST(SearchFaults, StrictPruningDoesNotCutOnATie) {
    const auto right = runLogged(tieAtAlpha(), {Algorithm::AlphaBeta, 2}, true);
    const auto wrong = runLogged(tieAtAlpha(), faulty(Algorithm::AlphaBeta, 2, search_fault::strictPruning), true);
    EXPECT_EQ(right.first.nodes, 7u);
    EXPECT_EQ(wrong.first.nodes, 9u);  // c2 and c3 visited
    EXPECT_EQ(wrong.first.value, 3);
    EXPECT_NE(wrong.second.find("C,1,3,3,3\nc2,2,4,3,3\n"), std::string::npos) << wrong.second;
}

TEST(SearchFaults, ReversedTieBreakChoosesTheLastOfEqualMoves) {
    NullLog log;
    EXPECT_EQ(search(tieAtAlpha(), 0, {Algorithm::Minimax, 2}, log).move, 1);
    EXPECT_EQ(search(tieAtAlpha(), 0, faulty(Algorithm::Minimax, 2, search_fault::reversedTieBreak), log).move, 2);
}

TEST(SearchFaults, FailHardInitShowsAlphaOnEntryToADeeperMaxNode) {
    const auto right = runLogged(threePlies(), {Algorithm::AlphaBeta, 3}, true);
    const auto wrong = runLogged(threePlies(), faulty(Algorithm::AlphaBeta, 3, search_fault::failHardInit), true);
    EXPECT_NE(right.second.find("\nq1,2,-Infinity,6,Infinity\n"), std::string::npos) << right.second;
    EXPECT_NE(wrong.second.find("\nq1,2,6,6,Infinity\n"), std::string::npos) << wrong.second;
}

TEST(SearchFaults, BoundTimingFaultsChangeOnlyTheLoggedBounds) {
    const auto late = runLogged(aimaFigure52(), faulty(Algorithm::AlphaBeta, 2, search_fault::boundsLoggedBeforeUpdate), true);
    EXPECT_NE(late.second.find("b1,2,3,-Infinity,Infinity\nB,1,3,-Infinity,Infinity\n"), std::string::npos) << late.second;
    const auto early = runLogged(aimaFigure52(), faulty(Algorithm::AlphaBeta, 2, search_fault::boundsUpdatedBeforeCutTest), true);
    EXPECT_NE(early.second.find("\nC,1,2,3,2\n"), std::string::npos) << early.second;  // as the bound-first dialect
    const auto silent = runLogged(aimaFigure52(), faulty(Algorithm::AlphaBeta, 2, search_fault::noLineAtCutoff), true);
    EXPECT_NE(silent.second.find("c1,2,2,3,Infinity\nroot,0,3,3,Infinity\n"), std::string::npos) << silent.second;
    for (const auto* r : {&late, &early, &silent}) EXPECT_EQ(r->first.nodes, 11u);
}

TEST(SearchFaults, BoundsNotPassedDownPrunesNothingBelowTheRoot) {
    const auto wrong = runLogged(aimaFigure52(), faulty(Algorithm::AlphaBeta, 2, search_fault::boundsNotPassedDown), true);
    EXPECT_EQ(wrong.first.nodes, 13u);  // C is entered with alpha -Infinity: no cut
    EXPECT_EQ(wrong.first.value, 3);
}

TEST(SearchFaults, RootAsMinAndLeafPerspectiveChangeTheChoice) {
    NullLog log;
    const auto min = search(aimaFigure52(), 0, faulty(Algorithm::Minimax, 2, search_fault::rootAsMin), log);
    EXPECT_EQ(min.value, 6);  // the root minimises over B=12, C=6, D=14
    EXPECT_EQ(min.move, 2);
    const TreeGame oneply({{"root", {1, 2}}, {"x", {}, 5}, {"y", {}, -3}});
    const auto side = search(oneply, 0, faulty(Algorithm::Minimax, 1, search_fault::leafSideToMove), log);
    EXPECT_EQ(side.value, 3);
    EXPECT_EQ(side.move, 2);
}

TEST(SearchFaults, DepthOffsetsMoveTheCutoffButNotGreedy) {
    NullLog log;
    EXPECT_EQ(search(threePlies(), 0, faulty(Algorithm::Minimax, 2, search_fault::depthPlusOne), log).nodes, 9u);
    EXPECT_EQ(search(threePlies(), 0, faulty(Algorithm::Minimax, 2, search_fault::depthMinusOne), log).nodes, 3u);
    EXPECT_EQ(search(threePlies(), 0, faulty(Algorithm::Minimax, 1, search_fault::depthMinusOne), log).nodes, 3u);
    EXPECT_EQ(search(threePlies(), 0, faulty(Algorithm::Greedy, 1, search_fault::depthPlusOne), log).nodes, 3u);
}

TEST(SearchFaults, TerminalNotLeafAndCountGenerated) {
    const TreeGame g({{"root", {1, 2}}, {"a", {3}, 7, true}, {"b", {}, 1}, {"after", {}, -5}});
    NullLog log;
    EXPECT_EQ(search(g, 0, {Algorithm::Minimax, 3}, log).value, 7);
    EXPECT_EQ(search(g, 0, faulty(Algorithm::Minimax, 3, search_fault::terminalNotLeaf), log).value, 1);
    const auto generated = search(aimaFigure52(), 0, faulty(Algorithm::AlphaBeta, 2, search_fault::countGenerated), log);
    EXPECT_EQ(generated.nodes, 13u);  // 11 visited + c2, c3 generated
}

TEST(SearchFaults, GreedyFromZeroKeepsTheFirstMoveWhenAllAreNegative) {
    const TreeGame g({{"root", {1, 2}}, {"x", {}, -5}, {"y", {}, -2}});
    NullLog log;
    EXPECT_EQ(search(g, 0, {Algorithm::Greedy, 1}, log).move, 2);
    const auto wrong = search(g, 0, faulty(Algorithm::Greedy, 1, search_fault::greedyFromZero), log);
    EXPECT_EQ(wrong.move, 1);
    EXPECT_EQ(wrong.value, 0);
}

TEST(SearchFaults, PassFaults) {
    const auto right = runLogged(twoPasses(), {Algorithm::Minimax, 3}, false);
    EXPECT_EQ(right.second, "Node,Depth,Value\nroot,0,-Infinity\npass,1,Infinity\npass,2,7\npass,1,7\nroot,0,7");
    const auto once = runLogged(twoPasses(), faulty(Algorithm::Minimax, 3, search_fault::endsAfterOnePass), false);
    EXPECT_EQ(once.second, "Node,Depth,Value\nroot,0,0");
    const auto none = runLogged(twoPasses(), faulty(Algorithm::Minimax, 3, search_fault::noPassNodesAtEnd), false);
    EXPECT_EQ(none.second, "Node,Depth,Value\nroot,0,0");
    const auto missing = runLogged(twoPasses(), faulty(Algorithm::Minimax, 3, search_fault::passNodeMissing), false);
    EXPECT_EQ(missing.second, "Node,Depth,Value\nroot,0,-Infinity\nroot,0,7");
    EXPECT_EQ(missing.first.nodes, 1u);
    const auto named = runLogged(twoPasses(), faulty(Algorithm::Minimax, 3, search_fault::passCapitalised), false);
    EXPECT_EQ(named.second, "Node,Depth,Value\nroot,0,-Infinity\nPass,1,Infinity\nPass,2,7\nPass,1,7\nroot,0,7");
    const auto cut = runLogged(twoPasses(), {Algorithm::Minimax, 1}, false);
    EXPECT_EQ(cut.second, "Node,Depth,Value\nroot,0,-Infinity\npass,1,1\nroot,0,1");
    const auto expanded = runLogged(twoPasses(), faulty(Algorithm::Minimax, 1, search_fault::passExpandedAtCutoff), false);
    EXPECT_EQ(expanded.second, "Node,Depth,Value\nroot,0,-Infinity\npass,1,Infinity\npass,2,7\npass,1,7\nroot,0,7");
}

// Seen in a real program (atulshgl's reversi, docs/real-programs.md): a node that must pass is a leaf when the move
// into its parent was a pass, as if two passes in a row had been played; a node that must pass after any other
// move passes as it should.
TEST(SearchFaults, PassTwoPliesBackEndsTheGameOnlyAfterAPass) {
    // root -> pass -> m (must pass) -> pass -> x (9)
    const TreeGame afterPass({{"root", {1}}, {"pass", {2}, 1}, {"m", {3}, 2}, {"pass", {4}, 3}, {"x", {}, 9}});
    const SearchFault& fault = search_fault::passTwoPliesBackEndsGame;
    EXPECT_EQ(runLogged(afterPass, {Algorithm::Minimax, 5}, false).second,
              "Node,Depth,Value\nroot,0,-Infinity\npass,1,Infinity\nm,2,-Infinity\npass,3,Infinity\nx,4,9\npass,3,9\nm,2,9\npass,1,9"
              "\nroot,0,9");
    const auto ended = runLogged(afterPass, faulty(Algorithm::Minimax, 5, fault), false);
    EXPECT_EQ(ended.second, "Node,Depth,Value\nroot,0,-Infinity\npass,1,Infinity\nm,2,2\npass,1,2\nroot,0,2");
    EXPECT_EQ(ended.first.nodes, 3u);
    // root -> a (must pass) -> pass -> x (9): a's parent move was not a pass.
    const TreeGame afterMove({{"root", {1}}, {"a", {2}, 1}, {"pass", {3}, 2}, {"x", {}, 9}});
    EXPECT_EQ(runLogged(afterMove, faulty(Algorithm::Minimax, 5, fault), false).second,
              runLogged(afterMove, {Algorithm::Minimax, 5}, false).second);
}

// Seen in real programs (docs/real-programs.md): the game-over node keeps the line it would be entered with.
TEST(SearchFaults, TerminalLoggedAsEntryWritesOnlyTheEntryLineOfAGameOverNode) {
    // root -> a (game over, 7), b -> c (1)
    const TreeGame g({{"root", {1, 2}}, {"a", {3}, 7, true}, {"b", {4}}, {"after", {}, -5}, {"c", {}, 1}});
    const SearchFault& set = search_fault::terminalLoggedAsEntry;
    const auto right = runLogged(g, {Algorithm::Minimax, 2}, false);
    EXPECT_EQ(right.second, "Node,Depth,Value\nroot,0,-Infinity\na,1,7\nroot,0,7\nb,1,Infinity\nc,2,1\nb,1,1\nroot,0,7");
    const auto wrong = runLogged(g, faulty(Algorithm::Minimax, 2, set), false);
    EXPECT_EQ(wrong.second, "Node,Depth,Value\nroot,0,-Infinity\na,1,Infinity\nroot,0,7\nb,1,Infinity\nc,2,1\nb,1,1\nroot,0,7");
    EXPECT_EQ(wrong.first.value, 7);
    EXPECT_EQ(wrong.first.nodes, right.first.nodes);
    // at the cut-off depth a game-over node is an ordinary leaf
    EXPECT_EQ(runLogged(g, faulty(Algorithm::Minimax, 1, set), false).second, runLogged(g, {Algorithm::Minimax, 1}, false).second);
}

TEST(SearchFaults, GameOverKeepsInfinityGivesAGameOverNodeItsEntryValue) {
    const TreeGame g({{"root", {1, 2}}, {"a", {3}, 7, true}, {"b", {4}}, {"after", {}, -5}, {"c", {}, 1}});
    const SearchFault& set = search_fault::gameOverKeepsInfinity;
    const auto wrong = runLogged(g, faulty(Algorithm::Minimax, 2, set), false);
    // a (MIN) keeps Infinity, so the root takes it
    EXPECT_EQ(wrong.second, "Node,Depth,Value\nroot,0,-Infinity\na,1,Infinity\nroot,0,Infinity\nb,1,Infinity\nc,2,1\nb,1,1\nroot,0,Infinity");
    EXPECT_EQ(wrong.first.move, 1);
    const auto pruned = runLogged(g, faulty(Algorithm::AlphaBeta, 2, set), true);
    // with alpha-beta the root's Infinity reaches beta: a cut, and b is never visited
    EXPECT_EQ(pruned.second, "Node,Depth,Value,Alpha,Beta\nroot,0,-Infinity,-Infinity,Infinity\na,1,Infinity,-Infinity,Infinity\n"
                             "root,0,Infinity,-Infinity,Infinity");
}

TEST(SearchFaults, NoEntryLineAtMaxLeavesOutOnlyTheEntryOfMaxNodesBelowTheRoot) {
    const auto right = runLogged(threePlies(), {Algorithm::AlphaBeta, 3}, true);
    const auto wrong = runLogged(threePlies(), faulty(Algorithm::AlphaBeta, 3, search_fault::noEntryLineAtMax), true);
    EXPECT_NE(right.second.find("\nq1,2,-Infinity,6,Infinity\n"), std::string::npos) << right.second;
    EXPECT_EQ(wrong.second.find("-Infinity,6,Infinity"), std::string::npos) << wrong.second;
    EXPECT_EQ(wrong.second.find("p1,2,-Infinity"), std::string::npos) << wrong.second;
    EXPECT_NE(wrong.second.find("root,0,-Infinity,-Infinity,Infinity\nP,1,Infinity,-Infinity,Infinity\nx,3,5"), std::string::npos)
        << wrong.second;
    EXPECT_EQ(wrong.first.value, right.first.value);
    // two MAX entry lines fewer (p1, q1), nothing else
    EXPECT_EQ(std::count(right.second.begin(), right.second.end(), '\n') - std::count(wrong.second.begin(), wrong.second.end(), '\n'), 2);
}

// Seen in a real program (docs/real-programs.md): the next state is kept at every MAX node, not only at the root.
TEST(SearchFaults, NextStateFromDeeperMaxKeepsThePositionTheLastImprovingMaxNodeChose) {
    NullLog log;
    const TreeGame g = threePlies();
    const SearchFault& set = search_fault::nextStateFromDeeperMax;
    const auto right = search(g, 0, {Algorithm::AlphaBeta, 3}, log);
    EXPECT_EQ(stateAfter(g, 0, right), 1);  // P, the root's choice
    const auto wrong = search(g, 0, faulty(Algorithm::AlphaBeta, 3, set), log);
    EXPECT_EQ(wrong.move, right.move);
    EXPECT_EQ(wrong.value, right.value);
    // q1 (MAX, below the root's second child) improves on u then on w after the root chose P: w is kept
    EXPECT_EQ(stateAfter(g, 0, wrong), 8);
    EXPECT_EQ(runLogged(g, faulty(Algorithm::AlphaBeta, 3, set), true).second, runLogged(g, {Algorithm::AlphaBeta, 3}, true).second);
    // a mistake of the alpha-beta search only: minimax keeps the root's choice
    EXPECT_EQ(stateAfter(g, 0, search(g, 0, faulty(Algorithm::Minimax, 3, set), log)), 1);
}

// Seen in a real program (docs/real-programs.md): greedy runs minimax to the input's depth line.
TEST(SearchFaults, GreedySearchesToDepthLooksAsFarAsTheDepthLineSays) {
    // root -> a (5) -> a1 (1); root -> b (2) -> b1 (4): one ply ahead a is best, two plies ahead b
    const TreeGame g({{"root", {1, 2}}, {"a", {3}, 5}, {"b", {4}, 2}, {"a1", {}, 1}, {"b1", {}, 4}});
    NullLog log;
    const auto right = search(g, 0, {Algorithm::Greedy, 2}, log);
    EXPECT_EQ(right.move, 1);
    EXPECT_EQ(right.value, 5);
    EXPECT_EQ(right.nodes, 3u);
    const auto wrong = search(g, 0, faulty(Algorithm::Greedy, 2, search_fault::greedySearchesToDepth), log);
    EXPECT_EQ(wrong.move, 2);
    EXPECT_EQ(wrong.value, 4);
    EXPECT_EQ(wrong.nodes, 5u);
    // with depth 1 it is greedy
    EXPECT_EQ(search(g, 0, faulty(Algorithm::Greedy, 1, search_fault::greedySearchesToDepth), log).move, 1);
}

// A game whose leafValues() shortcut lies (every leaf 1000 too high): the default search uses it, so its log
// differs from the plain tree's; a search with any fault on must value leaves by play() and evaluate(), so
// that a fault acting on leaves (leaf-side-to-move, depth-plus-one, ...) is never bypassed by the shortcut.
class LyingLeafValues : public TreeGame {
public:
    using TreeGame::TreeGame;
    auto leafValues(const State&) const {
        return [this](Move m) { return evaluate(m) + 1000; };
    }
};
static_assert(HasLeafValues<LyingLeafValues>);

TEST(SearchFaults, FaultySearchNeverUsesTheLeafValuesShortcut) {
    const TreeGame plain(kThreePlies);
    const LyingLeafValues lying(kThreePlies);
    // The shortcut is in use in the default search (else this test would prove nothing).
    EXPECT_NE(runLogged(plain, {Algorithm::Minimax, 3}, false).second, runLogged(lying, {Algorithm::Minimax, 3}, false).second);
    for (const SearchFault* f : kSearchFaults) {
        for (Algorithm a : {Algorithm::Greedy, Algorithm::Minimax, Algorithm::AlphaBeta}) {
            for (int depth = 1; depth <= 4; ++depth) {
                SearchConfig config{a, depth};
                f->apply(config.faults);
                const auto expected = runLogged(plain, config, true);
                const auto actual = runLogged(lying, config, true);
                EXPECT_EQ(actual.second, expected.second) << f->name << " depth " << depth;
                EXPECT_EQ(actual.first.value, expected.first.value) << f->name << " depth " << depth;
            }
        }
    }
}

// SearchConfig::faultyWalk runs the faulty walk with no fault on: it ignores the lying leafValues() shortcut, which
// the plain walk takes (so fuzz/test/one_walk_test.cpp compares the two walks, not one walk with itself).
TEST(SearchFaults, TheFaultyWalkSwitchTakesTheFaultyWalk) {
    SearchConfig faultyWalk{Algorithm::Minimax, 3};
    faultyWalk.faultyWalk = true;
    const auto truth = runLogged(TreeGame(kThreePlies), {Algorithm::Minimax, 3}, false).second;
    EXPECT_NE(runLogged(LyingLeafValues(kThreePlies), {Algorithm::Minimax, 3}, false).second, truth);
    EXPECT_EQ(runLogged(LyingLeafValues(kThreePlies), faultyWalk, false).second, truth);
}

TEST(SearchFaults, NoFaultIsTheDefaultSearch) {
    EXPECT_FALSE(SearchFaults{}.any());
    for (const SearchFault* f : kSearchFaults) {
        SearchFaults faults;
        f->apply(faults);
        EXPECT_TRUE(faults.any()) << f->name;
    }
}

}  // namespace
}  // namespace plyjudge
