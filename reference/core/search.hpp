// The shared search core: greedy, minimax (AIMA Fig. 5.3) and alpha-beta (AIMA Fig. 5.7) with a cut-off
// depth, a streamed traverse log and node counting. Written once; variants supply only rules through
// the SearchGame concept below.
//
// Conventions fixed by the specs (docs/variants/README.md):
// - depth 0 is the root, a MAX node; plies alternate MAX/MIN, a pass being a ply like any other;
// - a node is a leaf when it is at the cut-off depth or the game says it is over (even above the cut-off);
// - children are expanded in the variant's order, and a value replaces the best only when strictly
//   better, so ties go to the first move in that order;
// - alpha-beta cuts on v >= beta at MAX and v <= alpha at MIN; in the default log dialect (`aima`) a
//   cutting child is logged with the bounds not yet updated, in `bound-first` after updating them;
// - every visited state counts as a node, the root and pass nodes included; pruned children are not visited.
//
// SearchConfig::faults switches on students' mistakes (search_faults.hpp); with any on, the search runs
// the separate instantiation Searcher<..., true> (visitFaulty), so the default walk below is unchanged.
// Two walks stay for speed: the plain one is selects, forced-inline lambdas and the leaf shortcuts, the faulty one
// a test per fault. That they agree is checked, not assumed: with SearchConfig::faultyWalk and no fault on, the
// faulty walk must write byte for byte the outputs of the plain one, a RapidCheck property per variant on random
// positions (fuzz/test/one_walk_test.cpp).
#pragma once

#include <algorithm>
#include <array>
#include <chrono>
#include <concepts>
#include <cstdint>
#include <optional>
#include <string_view>
#include <type_traits>

#include "reference/core/search_faults.hpp"
#include "reference/core/value.hpp"

namespace plyjudge {

enum class Algorithm { Greedy, Minimax, AlphaBeta };
enum class CutoffLog { Aima, BoundFirst };

template <class Game>
using MoveBuffer = std::array<typename Game::Move, Game::kMaxMoves>;

// What a variant provides. State is small and copied per node (copy-make); Move is a small value.
// generateMoves writes the legal moves of the side to move in expansion order and returns their count;
// a variant with passes returns its single pass move when nothing else is legal. isTerminal says whether
// the game is over (the node is then a leaf above the cut-off). evaluate scores from the root player's
// perspective. moveName is the node's name in the log and must not allocate.
template <class G>
concept SearchGame = requires(const G& game, typename G::State& state, const typename G::State& cstate,
                              typename G::Move move, MoveBuffer<G>& buffer) {
    { G::kMaxMoves } -> std::convertible_to<int>;
    { game.generateMoves(cstate, buffer) } -> std::convertible_to<int>;
    { game.play(state, move) };
    { game.isTerminal(cstate) } -> std::convertible_to<bool>;
    { game.evaluate(cstate) } -> std::convertible_to<Value>;
    { game.moveName(move) } -> std::convertible_to<std::string_view>;
};

// Optional, for speed: game.leafValues(state) returns a small callable whose call with a move gives the
// value of the child that move leads to, computed without building the child. The core uses it for the
// children of a node just above the cut-off (the bulk of any tree), where each child is a leaf whatever
// the game says. It must equal evaluate() of the state play() makes (an exact incremental update, e.g.
// the parent's value plus the move's score, worked out once per parent). Games without it are searched
// by copy, play and evaluate as usual. Rules that wrap other rules to change play() or evaluate() (the fault
// catalogue's FaultyGame) must not pass the wrapped rules' leafValues() on: the mistakes would then vanish at
// the leaves. The faulty search (visitFaulty) never uses it (core_test: FaultySearchNeverUsesTheLeafValuesShortcut).
template <class G>
concept HasLeafValues = requires(const G& game, const typename G::State& state, typename G::Move move) {
    { game.leafValues(state)(move) } -> std::convertible_to<Value>;
};

// Optional, for speed: game.forEachMove(state, visit) calls visit(move) for the moves generateMoves() would write,
// in the same order, and stops as soon as visit returns false. Alpha-beta often cuts after a few children, so a game
// whose moves cost something each to list (gomoku561: 20-60 candidates read from a bit set) need not list them all.
// It is called only for states that are not terminal, and must then visit at least one move. Wrappers do not pass
// it on, like leafValues(), since they may change generateMoves().
template <class G>
concept HasMoveWalk = requires(const G& game, const typename G::State& state) {
    game.forEachMove(state, [](typename G::Move) { return true; });
};

// generateMoves() of a game that has forEachMove(): the moves it visits, written into `out`, so that the order is
// defined once. Its count.
template <class G>
int listWalkedMoves(const G& game, const typename G::State& state, MoveBuffer<G>& out) {
    int count = 0;
    game.forEachMove(state, [&](typename G::Move move) {
        out[count++] = move;
        return true;
    });
    return count;
}

struct SearchConfig {
    Algorithm algorithm = Algorithm::AlphaBeta;
    int depth = 1;  // cut-off depth; greedy always searches one ply
    CutoffLog cutoffLog = CutoffLog::Aima;
    // Optional wall-clock deadline (live play's iterative deepening): checked at the root and every 1024
    // nodes; past it the search unwinds at once and reports `aborted`, its value and move then being
    // meaningless. The default never aborts and costs one comparison per node.
    std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
    SearchFaults faults{};  // none by default
    bool faultyWalk = false;  // run the faulty walk even with no fault on (the property that both walks agree)
};

template <class Game>
struct SearchResult {
    Value value = 0;                  // the root's backed-up value (the "farsighted utility")
    bool hasMove = false;             // false only when the root itself is a leaf
    typename Game::Move move{};       // the chosen move: first of the best in expansion order
    std::uint64_t nodes = 0;          // states visited, root included
    bool aborted = false;             // the deadline passed before the search finished
    // Under next-state-from-deeper-max only: the position the faulty search keeps as its next state.
    std::optional<typename Game::State> keptState;
};

// The state after the search's chosen move: the root itself when the root is a leaf (or a pass leaves it as it is).
template <class Game>
typename Game::State stateAfter(const Game& game, typename Game::State root, const SearchResult<Game>& result) {
    if (result.keptState) return *result.keptState;
    if (result.hasMove) game.play(root, result.move);
    return root;
}

namespace detail {

// A node's own log lines (entering it, then one after each child) share its name and depth. A sink that
// can prepare them once per node (TraverseLog::nodeLines and line()) does; any other gets them per line.
struct NamedNode {
    std::string_view name;
    int depth;
};
template <class Log>
auto nodeLinesOf(const Log& log, std::string_view name, int depth) {
    if constexpr (requires { log.nodeLines(name, depth); }) {
        return log.nodeLines(name, depth);
    } else {
        return NamedNode{name, depth};
    }
}
template <class Log, class Lines>
[[gnu::always_inline]] inline void writeNodeLine(Log& log, const Lines& lines, Value value, Value alpha, Value beta) {
    if constexpr (std::is_same_v<Lines, NamedNode>) {
        log.node(lines.name, lines.depth, value, alpha, beta);
    } else {
        log.line(lines, value, alpha, beta);
    }
}

// The first line of a node below the root. Its bounds are those of the line just written (its parent's), which
// a sink may take for granted (TraverseLog::childNode); any other sink gets node().
template <class Log>
[[gnu::always_inline]] inline void writeChildLine(Log& log, std::string_view name, int depth, Value value, Value alpha, Value beta) {
    if constexpr (requires { log.childNode(name, depth, value, alpha, beta); }) {
        log.childNode(name, depth, value, alpha, beta);
    } else {
        log.node(name, depth, value, alpha, beta);
    }
}

// kPruning: alpha-beta (true) or not; fixed per instantiation for the plain walk, where minimax and
// alpha-beta are both hot, so its loop tests no flag. The faulty walk reads pruning_ instead.
template <SearchGame Game, class Log, bool kFaulty = false, bool kPruning = true>
class Searcher {
public:
    using State = typename Game::State;
    using Move = typename Game::Move;

    Searcher(const Game& game, const SearchConfig& config, Log& log)
        : game_(game), log_(log), config_(config),
          cutoff_(cutoffOf(config)),
          pruning_(config.algorithm == Algorithm::AlphaBeta),
          boundFirst_(config.cutoffLog == CutoffLog::BoundFirst),
          // The root is node 1: a deadline is first checked there, then every 1024 nodes.
          nextClockCheck_(config.deadline == std::chrono::steady_clock::time_point::max() ? kNever : 1) {}

    SearchResult<Game> run(const State& root) {
        result_ = {};
        try {
            if constexpr (kFaulty) {
                result_.nodes = config_.faults.countGenerated ? 1 : 0;
                result_.value = visitFaulty(root, "root", 0, kMinusInfinity, kPlusInfinity, false, false);
            } else {
                result_.value = visit(root, "root", 0, kMinusInfinity, kPlusInfinity);
            }
        } catch (const OutOfTime&) {
            result_.aborted = true;
            result_.value = 0;
        }
        return result_;
    }

private:
    // The cut-off depth: one ply for greedy (unless greedy-searches-to-depth), moved by the depth faults.
    static int cutoffOf(const SearchConfig& config) {
        if constexpr (kFaulty) {
            if (config.algorithm == Algorithm::Greedy && !config.faults.greedySearchesToDepth) return 1;
            return std::max(1, config.depth + config.faults.depthOffset());
        }
        return config.algorithm == Algorithm::Greedy ? 1 : config.depth;
    }

    // Counts the node and, when it is a leaf (at the cut-off or game over), evaluates and logs it; an
    // inner node goes on in expand(). Inlined into expand()'s loop, so a leaf costs no call.
    [[gnu::always_inline]] inline Value visit(const State& state, std::string_view name, int depth, Value alpha, Value beta) {
        countNode();
        if (depth >= cutoff_ || game_.isTerminal(state)) {
            const Value e = game_.evaluate(state);
            if constexpr (Log::enabled) log_.node(name, depth, e, alpha, beta);
            return e;
        }
        return expand(state, name, depth, alpha, beta);
    }

    Value expand(const State& state, std::string_view name, int depth, Value alpha, Value beta) {
        if constexpr (HasMoveWalk<Game>) {
            // The moves are listed as they are visited: a cut leaves the rest unlisted.
            return expandWith(state, name, depth, alpha, beta, [&](const auto& visitChild) __attribute__((always_inline)) {
                game_.forEachMove(state, visitChild);
            });
        } else {
            MoveBuffer<Game> moves;
            const int count = game_.generateMoves(state, moves);
            if (count == 0) {  // defensive: a variant without passes whose isTerminal missed a blocked position
                Value e = game_.evaluate(state);
                if constexpr (Log::enabled) log_.node(name, depth, e, alpha, beta);
                return e;
            }
            return expandWith(state, name, depth, alpha, beta, [&](const auto& visitChild) __attribute__((always_inline)) {
                for (int i = 0; i < count; ++i) {
                    if (!visitChild(moves[i])) break;
                }
            });
        }
    }

    // An inner node's children, visited through forMoves(visitChild), which calls visitChild(move) per move in
    // expansion order until it returns false (a cut).
    template <class ForMoves>
    [[gnu::always_inline]] inline Value expandWith(const State& state, std::string_view name, int depth, Value alpha, Value beta,
                                                   const ForMoves& forMoves) {
        if constexpr (HasLeafValues<Game>) {
            if (depth + 1 >= cutoff_) {
                // Every child is a leaf at the cut-off: valued without being built, and counted, checked
                // against the deadline and logged exactly as visit() would. Both child lambdas are forced
                // inline: GCC otherwise may leave one out of line, a call per child (squirrel: +18 % instructions).
                const auto leafValue = game_.leafValues(state);
                return children(forMoves, name, depth, alpha, beta, [&](Move move, Value a, Value b) __attribute__((always_inline)) -> Value {
                    countNode();
                    const Value e = leafValue(move);
                    if constexpr (Log::enabled) writeChildLine(log_, game_.moveName(move), depth + 1, e, a, b);
                    return e;
                });
            }
        }
        return children(forMoves, name, depth, alpha, beta, [&](Move move, Value a, Value b) __attribute__((always_inline)) {
            State child = state;
            game_.play(child, move);
            return visit(child, Log::enabled ? game_.moveName(move) : std::string_view(), depth + 1, a, b);
        });
    }

    // The loop over an inner node's children in expansion order: backs their values up, prunes and logs.
    // childValue(move, alpha, beta) visits one child.
    template <class ForMoves, class ChildValue>
    [[gnu::always_inline]] inline Value children(const ForMoves& forMoves, std::string_view name, int depth, Value alpha, Value beta,
                                                 const ChildValue& childValue) {
        const bool isMax = depth % 2 == 0;
        Value v = isMax ? kMinusInfinity : kPlusInfinity;
        const auto lines = nodeLinesOf(log_, name, depth);
        if constexpr (Log::enabled) writeNodeLine(log_, lines, v, alpha, beta);
        forMoves([&](Move move) __attribute__((always_inline)) {
            const Value value = childValue(move, alpha, beta);
            // Which child is better and how the bounds move differ at every node, so they are selects, not
            // branches; the cut is the loop's one branch.
            const bool better = isMax ? value > v : value < v;
            if (depth == 0 && better) {
                result_.move = move;
                result_.hasMove = true;
            }
            v = better ? value : v;
            // One log line after each child; a cutting child's line is written before the cut (in the
            // aima rhythm with the bounds not yet tightened).
            bool cut = false;
            if (kPruning) {
                // The cut test reads the bound tightening leaves alone (beta at MAX, alpha at MIN), so it
                // may come first; bound-first logs the tightened bounds on every line, aima not on a cut.
                cut = isMax ? v >= beta : v <= alpha;
                const Value alpha0 = alpha, beta0 = beta;
                tighten(isMax, v, alpha, beta);
                const bool keep = cut && !boundFirst_;
                alpha = keep ? alpha0 : alpha;
                beta = keep ? beta0 : beta;
            }
            if constexpr (Log::enabled) writeNodeLine(log_, lines, v, alpha, beta);
            return !cut;
        });
        return v;
    }

    bool isPass(Move move) const { return game_.moveName(move) == "pass"; }
    bool onlyPass(const MoveBuffer<Game>& moves, int count) const { return count == 1 && isPass(moves[0]); }
    // Whether a node whose only move is a pass is a leaf under the pass faults: endsAfterOnePass;
    // passTwoPliesBackEndsGame when the move into its parent was a pass (`afterPass`); or noPassNodesAtEnd when
    // the reply would be a pass too.
    bool passIsLeafUnder(const SearchFaults& f, const State& state, const MoveBuffer<Game>& moves, int count, bool afterPass) const {
        if (!onlyPass(moves, count)) return false;
        if (f.endsAfterOnePass || (f.passTwoPliesBackEndsGame && afterPass)) return true;
        if (!f.noPassNodesAtEnd) return false;
        State after = state;
        game_.play(after, moves[0]);
        MoveBuffer<Game> replies;
        return onlyPass(replies, game_.generateMoves(after, replies));
    }

    // visit() with the mistakes of config_.faults, each switched on where it applies. `silent`: a pass node
    // that is neither counted nor logged (passNodeMissing); `afterPass`: the move into the parent was a pass.
    Value visitFaulty(const State& state, std::string_view name, int depth, Value alpha, Value beta, bool silent, bool afterPass) {
        const SearchFaults& f = config_.faults;
        if (!silent && !f.countGenerated) ++result_.nodes;
        if (result_.nodes >= nextClockCheck_) [[unlikely]] checkClock();
        const std::string_view shown = name == "pass" ? passNameUnder(f) : name;
        auto write = [&](Value v, Value a, Value b) {
            if constexpr (Log::enabled) {
                if (!silent) log_.node(shown, depth, v, a, b);
            }
        };
        auto leaf = [&] {
            Value e = game_.evaluate(state);
            if (f.leafSideToMove && depth % 2 == 1) e = -e;
            write(e, alpha, beta);
            return e;
        };
        const bool isMax = (depth % 2 == 0) != f.rootAsMin;
        if (!f.terminalNotLeaf && game_.isTerminal(state)) {
            if (!(f.terminalLoggedAsEntry || f.gameOverKeepsInfinity) || depth >= cutoff_) return leaf();
            const Value entry = isMax ? kMinusInfinity : kPlusInfinity;
            write(entry, alpha, beta);  // the line it is entered with, and no other
            if (f.gameOverKeepsInfinity) return entry;  // entered, no move found: the value it started with
            return f.leafSideToMove && depth % 2 == 1 ? -game_.evaluate(state) : game_.evaluate(state);
        }
        MoveBuffer<Game> moves;
        int count = 0;
        if (depth >= cutoff_) {
            if (!f.passExpandedAtCutoff || depth != cutoff_) return leaf();
            count = game_.generateMoves(state, moves);
            if (!onlyPass(moves, count)) return leaf();
        } else {
            count = game_.generateMoves(state, moves);
        }
        if (count == 0 || passIsLeafUnder(f, state, moves, count, afterPass)) return leaf();
        Value v = isMax ? kMinusInfinity : kPlusInfinity;
        if (f.failHardInit && pruning_) v = isMax ? alpha : beta;
        if (f.greedyFromZero && depth == 0 && config_.algorithm == Algorithm::Greedy) {
            v = 0;
            result_.move = moves[0];
            result_.hasMove = true;
        }
        if (f.countGenerated) result_.nodes += static_cast<std::uint64_t>(count);
        if (!f.noEntryLineAtMax || !isMax || depth == 0) write(v, alpha, beta);
        const bool boundFirst = config_.cutoffLog == CutoffLog::BoundFirst || f.boundsUpdatedBeforeCutTest;
        const Value alpha0 = alpha, beta0 = beta;
        for (int i = 0; i < count; ++i) {
            State child = state;
            game_.play(child, moves[i]);
            const Value childValue = visitFaulty(child, game_.moveName(moves[i]), depth + 1, f.boundsNotPassedDown ? alpha0 : alpha,
                                                 f.boundsNotPassedDown ? beta0 : beta, f.passNodeMissing && isPass(moves[i]), name == "pass");
            const bool tie = f.reversedTieBreak && childValue == v;
            if (tie || (isMax ? childValue > v : childValue < v)) {
                v = childValue;
                if (depth == 0) {
                    result_.move = moves[i];
                    result_.hasMove = true;
                }
                // a position kept at every MAX node, not only at the root (a real program's global board)
                if (f.nextStateFromDeeperMax && pruning_ && isMax) result_.keptState = child;
            }
            if (pruning_) {
                if (boundFirst) tighten(isMax, v, alpha, beta);
                const bool cut = f.strictPruning ? (isMax ? v > beta : v < alpha) : (isMax ? v >= beta : v <= alpha);
                if (cut) {
                    if (!f.noLineAtCutoff) write(v, alpha, beta);
                    return v;
                }
                if (f.boundsLoggedBeforeUpdate) write(v, alpha, beta);
                if (!boundFirst) tighten(isMax, v, alpha, beta);
                if (f.boundsLoggedBeforeUpdate) continue;
            }
            write(v, alpha, beta);
        }
        return v;
    }

    // Thrown at a clock check past the deadline: unwinds the whole search at once, so the loops carry no
    // test for it (run() reports `aborted`).
    struct OutOfTime {};
    static constexpr std::uint64_t kNever = ~std::uint64_t{0};

    // Counts a visited node; with a deadline, reads the clock at the root and every 1024 nodes after it.
    [[gnu::always_inline]] inline void countNode() {
        if (++result_.nodes == nextClockCheck_) [[unlikely]] checkClock();
    }
    [[gnu::noinline]] void checkClock() {
        nextClockCheck_ = result_.nodes + 1024;
        if (std::chrono::steady_clock::now() >= config_.deadline) throw OutOfTime{};
    }

    // Selects, not branches: whether a value tightens a bound differs at every child.
    static void tighten(bool isMax, Value v, Value& alpha, Value& beta) {
        alpha = isMax ? std::max(alpha, v) : alpha;
        beta = isMax ? beta : std::min(beta, v);
    }

    const Game& game_;
    Log& log_;
    SearchConfig config_;
    int cutoff_;
    bool pruning_;
    bool boundFirst_;
    std::uint64_t nextClockCheck_;  // the node count at which the clock is read next (kNever: no deadline)
    SearchResult<Game> result_;
};

}  // namespace detail

// Runs the configured search from `root`, streaming log lines into `log` (a TraverseLog or NullLog).
// With config.faults set, the faulty instantiation runs instead (search_faults.hpp).
template <SearchGame Game, class Log>
SearchResult<Game> search(const Game& game, const typename Game::State& root, const SearchConfig& config, Log& log) {
    if (config.faults.any() || config.faultyWalk) return detail::Searcher<Game, Log, true>(game, config, log).run(root);
    if (config.algorithm == Algorithm::AlphaBeta) return detail::Searcher<Game, Log, false, true>(game, config, log).run(root);
    return detail::Searcher<Game, Log, false, false>(game, config, log).run(root);
}

}  // namespace plyjudge
