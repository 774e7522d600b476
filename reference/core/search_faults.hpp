// Mistakes students make in the search itself, as switches the core can run with. Each one departs from one
// convention of search.hpp's header comment; all are off by default. The search runs a separate
// instantiation when any is on (search.hpp, Searcher<..., true>), so the default search is untouched.
//
// A variant offers the ones that can change its outputs in its fault catalogue (reference/<variant>/faults.cpp),
// under the names below, with its own sentence and rule; `--fault NAME` switches one on (dialect.hpp).
#pragma once

#include <string_view>
#include <vector>

namespace plyjudge {

struct SearchFaults {
    bool strictPruning = false;             // cuts only on v > beta at MAX / v < alpha at MIN
    bool reversedTieBreak = false;          // a value replaces the best when equal too: the last of equal moves wins
    bool failHardInit = false;              // alpha-beta: an inner node starts at alpha (MAX) / beta (MIN), not -inf/+inf
    bool boundsUpdatedBeforeCutTest = false; // the cut line shows the bound already updated (reversi's bound-first dialect)
    bool boundsLoggedBeforeUpdate = false;  // the line after a child that does not cut shows the bounds before its update
    bool boundsNotPassedDown = false;       // children receive the bounds the node received, never the updated ones
    bool noLineAtCutoff = false;            // a node that cuts returns without writing its line
    bool rootAsMin = false;                 // the root (and every even depth) minimises, odd depths maximise
    bool leafSideToMove = false;            // leaves at odd depths are scored for the side to move (negated)
    int depthOffset = 0;                    // the cut-off depth is D + offset (at least 1); greedy is unaffected
    bool terminalNotLeaf = false;           // a game-over position above the cut-off is expanded like any other
    bool greedyFromZero = false;            // greedy: the best value starts at 0 (the first move kept when none beats it)
    bool passExpandedAtCutoff = false;      // a node at the cut-off whose side can only pass gets its pass child (a leaf)
    bool endsAfterOnePass = false;          // a node whose side can only pass is a leaf: the game ends after one pass
    bool noPassNodesAtEnd = false;          // a node where neither side can move is a leaf, without the two pass nodes
    bool passNodeMissing = false;           // a pass node is neither logged nor counted (the search goes on below it)
    bool passCapitalised = false;           // the pass is written `Pass`
    bool countGenerated = false;            // nodes are counted when generated: pruned children count too

    bool any() const {
        return strictPruning || reversedTieBreak || failHardInit || boundsUpdatedBeforeCutTest || boundsLoggedBeforeUpdate || boundsNotPassedDown ||
               noLineAtCutoff || rootAsMin || leafSideToMove || depthOffset != 0 || terminalNotLeaf || greedyFromZero ||
               passExpandedAtCutoff || endsAfterOnePass || noPassNodesAtEnd || passNodeMissing || passCapitalised ||
               countGenerated;
    }
};

// The name of the pass in logs and answers under `faults`.
inline std::string_view passNameUnder(const SearchFaults& faults) { return faults.passCapitalised ? "Pass" : "pass"; }

// Calls body(game), or body(FaultyGame(game, faults)) when one of a variant's rule faults is on: the variant's
// rules with its rule-level mistakes (reference/<variant>/faults.hpp).
template <class FaultyGame, class Game, class RuleFaults, class Body>
auto withRuleFaults(const Game& game, const RuleFaults& faults, Body&& body) {
    if (faults.any()) return body(FaultyGame(game, faults));
    return body(game);
}

// One generic search fault: its catalogue name and the switch it sets.
struct SearchFaultName {
    std::string_view name;
    void (*apply)(SearchFaults&);
};

// Every generic search fault by name ("strict-pruning", "depth-plus-one", ...), in catalogue order.
const std::vector<SearchFaultName>& searchFaultNames();

}  // namespace plyjudge
