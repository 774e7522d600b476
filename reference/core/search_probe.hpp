// Watching the reference's search to measure coverage: an observing wrapper around a variant's rules
// (every move played, every game-over seen inside the tree) and a log sink that reads the tree's shape
// (cut-offs per depth, the root children's values) without writing anything.
#pragma once

#include <set>
#include <vector>

#include "reference/core/forwarded_rules.hpp"
#include "reference/core/search.hpp"
#include "reference/core/traverse_log_reader.hpp"

namespace plyjudge {

// The rules of G, calling onPlay(state, move) before each move and counting game-overs met above the
// cut-off (the search asks isTerminal only there).
template <SearchGame G, class OnPlay>
class ObservedGame : public ForwardedRules<G> {
public:
    using typename ForwardedRules<G>::State;
    using typename ForwardedRules<G>::Move;

    ObservedGame(const G& game, OnPlay& onPlay) : ForwardedRules<G>(game), onPlay_(onPlay) {}

    void play(State& s, Move m) const {
        onPlay_(s, m);
        this->game_.play(s, m);
    }
    bool isTerminal(const State& s) const {
        const bool over = this->game_.isTerminal(s);
        if (over) ++terminals;
        return over;
    }

    mutable int terminals = 0;  // game-over positions inside the tree (the root included)

private:
    OnPlay& onPlay_;
};

// A log sink reading the tree's shape from the stream of log lines (see search.hpp for their rhythm):
// a line one level deeper than the previous one enters a node; a line one level shallower follows a
// child, and with alpha-beta it is a cut-off when the value reaches the bound (traverse_log_reader.hpp;
// the bounds printed not yet updated in the aima rhythm used here).
struct TreeShape {
    static constexpr bool enabled = true;
    std::set<int> cutoffDepths;
    std::vector<Value> rootChildValues;  // each root child's final value, in expansion order

    void node(std::string_view, int depth, Value value, Value alpha, Value beta) {
        if (followsChild(depth, previous_)) {
            if (reachesBound(depth, value, alpha, beta)) cutoffDepths.insert(depth);
            if (depth == 0) rootChildValues.push_back(lastAtDepthOne_);
        }
        if (depth == 1) lastAtDepthOne_ = value;
        previous_ = depth;
    }

    // Whether two root moves tie for the best value (meaningful for a search without pruning).
    bool rootTie() const {
        if (rootChildValues.empty()) return false;
        Value best = rootChildValues[0];
        for (Value v : rootChildValues) best = std::max(best, v);
        int count = 0;
        for (Value v : rootChildValues) count += v == best;
        return count >= 2;
    }

private:
    int previous_ = -1;
    Value lastAtDepthOne_ = 0;
};

// Runs minimax (observing the rules) and alpha-beta (reading cut-offs) on `root` to `depth`.
struct ProbeResult {
    int terminals = 0;  // game-over positions strictly inside the tree
    bool rootTie = false;
    std::set<int> cutoffDepths;
};

template <SearchGame G, class OnPlay>
ProbeResult probeSearch(const G& game, const typename G::State& root, int depth, OnPlay& onPlay) {
    ProbeResult r;
    const ObservedGame<G, OnPlay> observed(game, onPlay);
    TreeShape minimaxShape;
    search(observed, root, SearchConfig{Algorithm::Minimax, depth, CutoffLog::Aima}, minimaxShape);
    r.terminals = observed.terminals - (game.isTerminal(root) ? 1 : 0);
    r.rootTie = minimaxShape.rootTie();
    TreeShape alphaBetaShape;
    search(game, root, SearchConfig{Algorithm::AlphaBeta, depth, CutoffLog::Aima}, alphaBetaShape);
    r.cutoffDepths = alphaBetaShape.cutoffDepths;
    return r;
}

}  // namespace plyjudge
