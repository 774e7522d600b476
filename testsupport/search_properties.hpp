// The properties every variant's search has, stated once for the variants' RapidCheck tests: call from
// inside an RC_GTEST_PROP with the variant's rules and a random root.
#pragma once

#include <rapidcheck.h>

#include "reference/core/search.hpp"

namespace plyjudge::testing {

template <SearchGame G>
SearchResult<G> searchWithoutLog(const G& game, const typename G::State& root, Algorithm algorithm, int depth) {
    NullLog log;
    return search(game, root, SearchConfig{algorithm, depth}, log);
}

// Alpha-beta backs up the value and move minimax does, visiting no more nodes.
template <SearchGame G>
void assertAlphaBetaAgreesWithMinimax(const G& game, const typename G::State& root, int depth) {
    const auto minimax = searchWithoutLog(game, root, Algorithm::Minimax, depth);
    const auto alphaBeta = searchWithoutLog(game, root, Algorithm::AlphaBeta, depth);
    RC_ASSERT(minimax.value == alphaBeta.value);
    RC_ASSERT(minimax.hasMove == alphaBeta.hasMove);
    RC_ASSERT(minimax.move == alphaBeta.move);
    RC_ASSERT(alphaBeta.nodes <= minimax.nodes);
}

// Greedy is minimax one ply deep, whatever depth it is given (`greedyDepth`).
template <SearchGame G>
void assertGreedyIsMinimaxAtDepthOne(const G& game, const typename G::State& root, int greedyDepth = 1) {
    const auto greedy = searchWithoutLog(game, root, Algorithm::Greedy, greedyDepth);
    const auto minimax = searchWithoutLog(game, root, Algorithm::Minimax, 1);
    RC_ASSERT(greedy.value == minimax.value);
    RC_ASSERT(greedy.hasMove == minimax.hasMove);
    RC_ASSERT(greedy.move == minimax.move);
    RC_ASSERT(greedy.nodes == minimax.nodes);
}

}  // namespace plyjudge::testing
