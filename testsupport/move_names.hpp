// The names of a position's moves in expansion order: what the variants' rule tests compare with the spec's lists.
#pragma once

#include <string>
#include <vector>

#include "reference/core/search.hpp"

namespace plyjudge::testing {

template <SearchGame G>
std::vector<std::string> moveNames(const G& game, const typename G::State& state) {
    MoveBuffer<G> moves;
    const int n = game.generateMoves(state, moves);
    std::vector<std::string> names;
    for (int i = 0; i < n; ++i) names.emplace_back(game.moveName(moves[i]));
    return names;
}

}  // namespace plyjudge::testing
