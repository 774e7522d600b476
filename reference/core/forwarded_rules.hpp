// The rules of a SearchGame as they are, as the base of a wrapper that changes or watches some of them: a variant's
// FaultyGame (its mistakes, reference/<variant>/faults.hpp), the coverage probe's ObservedGame (search_probe.hpp),
// the tests' PlainGame. Each member forwards to the wrapped rules until the wrapper replaces it. No leafValues()
// and no forEachMove() (search.hpp, HasLeafValues and HasMoveWalk): a wrapper searches by generateMoves(), play()
// and evaluate(), its own where it has them.
#pragma once

#include <string_view>

#include "reference/core/search.hpp"

namespace plyjudge {

template <SearchGame G>
class ForwardedRules {
public:
    using State = typename G::State;
    using Move = typename G::Move;
    static constexpr int kMaxMoves = G::kMaxMoves;

    explicit ForwardedRules(const G& game) : game_(game) {}

    int generateMoves(const State& state, MoveBuffer<G>& out) const { return game_.generateMoves(state, out); }
    void play(State& state, Move move) const { game_.play(state, move); }
    bool isTerminal(const State& state) const { return game_.isTerminal(state); }
    Value evaluate(const State& state) const { return game_.evaluate(state); }
    std::string_view moveName(Move move) const { return game_.moveName(move); }

protected:
    const G& game_;
};

// The base of a variant's FaultyGame (reference/<variant>/faults.hpp): the rules of `game` and the variant's rule
// faults, every member forwarding to the rules until the FaultyGame replaces it with its mistake.
template <SearchGame Game, class RuleFaults>
class RulesWithFaults : public ForwardedRules<Game> {
public:
    RulesWithFaults(const Game& game, RuleFaults faults) : ForwardedRules<Game>(game), faults_(faults) {}

protected:
    RuleFaults faults_;
};

}  // namespace plyjudge
