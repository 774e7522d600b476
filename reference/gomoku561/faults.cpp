#include "reference/gomoku561/faults.hpp"

#include <algorithm>

namespace plyjudge::gomoku561 {

const FaultCatalogue<RuleFaults>& faultCatalogue() {
    constexpr std::string_view kCut = "Alpha-beta cuts with `v >= beta` at MAX, `v <= alpha` at MIN; bounds are tightened after the cut test.";
    constexpr std::string_view kLeaf = "Leaf: depth = d, a winning move, or no legal move.";
    constexpr std::string_view kSign = "**Signed move value**: +score when P is the root player (MAX), −score when P is the opponent (MIN).";
    constexpr std::string_view kOrder = "Alphanumeric: by column letter first, then by row **as a number**: `A1 < A2 < … < A9 < A10 < … < A13 < B1`.";
    constexpr std::string_view kNames = "A point's name is its letter followed by its row number: `E5`, `H13`.";
    static const FaultCatalogue<RuleFaults> catalogue{
        searchFault(search_fault::strictPruning, kCut),
        searchFault(search_fault::reversedTieBreak, "Children in alphanumeric order; the best changes only on a strictly better "
                    "value."),
        searchFault(search_fault::failHardInit, "| inner node entered | `-Infinity` at MAX, `Infinity` at MIN (and the "
                    "alpha/beta it received) |"),
        searchFault(search_fault::boundsUpdatedBeforeCutTest, "| child returned, cut | the node's value with the bounds as "
                    "before this child; the node returns |"),
        searchFault(search_fault::boundsLoggedBeforeUpdate, "| child returned, no cut | the node's value so far (and its "
                    "updated bounds) |"),
        searchFault(search_fault::boundsNotPassedDown, kCut),
        searchFault(search_fault::noLineAtCutoff, "| child returned, cut | the node's value with the bounds as before this "
                    "child; the node returns |"),
        searchFault(search_fault::rootAsMin, "The root is `root`, depth 0, MAX; depths alternate"),
        ruleFault(&RuleFaults::wrongPerspective, kWrongPerspective, kSign),
        searchFault(search_fault::leafSideToMove, "Leaves (cut-off, win or draw) report this path sum; there is no separate "
                    "static evaluation."),
        searchFault(search_fault::depthPlusOne, kLeaf),
        searchFault(search_fault::depthMinusOne, kLeaf),
        searchFault(search_fault::terminalNotLeaf, "A move that gives the mover a line of **five or more** (in any of the 4 "
                    "directions through the new stone) wins: the resulting node is a leaf, even above the cut-off.", "Your "
                    "program goes on searching after a winning move; the position after a five is a leaf, even above the "
                    "cut-off."),
        ruleFault(&RuleFaults::edgeNotBlocking, "edge-not-blocking", "Your program counts the board's edge as an open end; the "
                  "edge blocks like an opponent stone.", "it is *open* if empty, *blocked* if it holds an opponent stone or "
                  "lies off the board."),
        ruleFault(&RuleFaults::categoryOnce, "category-once", "Your program scores each category once per move; the scores of "
                  "all categories found on all lines are added up.", "The scores of all categories found are **added up**."),
        ruleFault(&RuleFaults::exactFive, "exact-five", "Your program wins only with exactly five in a row; five or more wins.", "| "
                  "≥ 5 | win **50000** (whatever the ends) | 50000 | 50000 |"),
        ruleFault(&RuleFaults::blockOpenFourScored, "block-open-four-scored", "Your program scores blocking an opponent four "
                  "whose far end is open; only a closed four is blockClosedFour, an open one scores nothing.", "| 4 | "
                  "blockClosedFour **10000** | 0 (the text defines no such category) |"),
        ruleFault(&RuleFaults::alphanumericOrder, "alphanumeric-order", "Your program orders moves by their names as text (A1, "
                  "A10, A11, …, A2); rows are ordered as numbers.", kOrder),
        ruleFault(&RuleFaults::rowFirstOrder, "row-first-order", "Your program orders moves row by row (A1, B1, C1, …); the "
                  "order is by column letter first.", kOrder),
        ruleFault(&RuleFaults::rowsFromTop, "rows-from-top", "Your program numbers rows from the top of the board; row 1 is the "
                  "bottom row.", "Rows are numbered `1`…`N` starting at the **bottom** row."),
        ruleFault(&RuleFaults::swappedNames, "swapped-point-names", "Your program writes points row letter then column number; a "
                  "point is its column letter then its row number.", kNames),
    };
    return catalogue;
}

std::multiset<Value> categoriesWithFaults(const Game& game, const State& s, int point, Player mover,
                                          const RuleFaults& f) {
    const int n = game.size(), c0 = game.columnOf(point), r0 = game.rowOf(point);
    const Player other = opponent(mover);
    auto inside = [&](int c, int r) { return c >= 0 && c < n && r >= 1 && r <= n; };
    // An end is open when empty, or off the board when the edge does not block.
    auto openAt = [&](int c, int r) { return inside(c, r) ? s.empty(game.pointOf(c, r)) : f.edgeNotBlocking; };
    constexpr int dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    std::multiset<Value> found;
    for (const auto& d : dirs) {
        int length = 1, open = 0;
        for (int sign : {1, -1}) {
            int c = c0 + sign * d[0], r = r0 + sign * d[1];
            while (inside(c, r) && s.has(mover, game.pointOf(c, r))) c += sign * d[0], r += sign * d[1], ++length;
            open += openAt(c, r) ? 1 : 0;
            int k = 0, bc = c0 + sign * d[0], br = r0 + sign * d[1];
            while (inside(bc, br) && s.has(other, game.pointOf(bc, br))) bc += sign * d[0], br += sign * d[1], ++k;
            const bool farOpen = openAt(bc, br);
            if (k == 4 && (!farOpen || f.blockOpenFourScored)) found.insert(kBlockClosedFour);
            if (k == 3) found.insert(farOpen ? kBlockOpenThree : kBlockClosedThree);
        }
        if (f.exactFive ? length == 5 : length >= 5) {
            found.insert(kWin);
        } else if (length >= 2 && length <= 4 && open > 0) {
            constexpr Value values[5][3] = {{}, {}, {0, kCreateClosedTwo, kCreateOpenTwo}, {0, kCreateClosedThree, kCreateOpenThree},
                                            {0, kCreateClosedFour, kCreateOpenFour}};
            found.insert(values[length][open]);
        }
    }
    return found;
}

MoveScore scoreWithFaults(const Game& game, const State& s, int point, Player mover, const RuleFaults& f) {
    const std::multiset<Value> found = categoriesWithFaults(game, s, point, mover, f);
    MoveScore score{.points = 0, .wins = found.contains(kWin)};
    Value last = -1;
    for (Value v : found) {
        if (!f.categoryOnce || v != last) score.points += v;
        last = v;
    }
    return score;
}

FaultyGame::FaultyGame(const Game& game, RuleFaults faults) : RulesWithFaults(game, faults) {
    const int n = game.size();
    for (int point = 0; point < n * n; ++point) {
        const int column = game.columnOf(point), row = game.rowOf(point);
        int letter = column, number = faults.rowsFromTop ? n - row + 1 : row;
        if (faults.swappedNames) letter = row - 1, number = column + 1;
        names_[point] = PointName::of(letter, number);
    }
}

int FaultyGame::generateMoves(const State& state, MoveBuffer<FaultyGame>& out) const {
    const int count = game_.generateMoves(state, out);  // the same buffer type: same moves, same count
    const Game& g = game_;
    if (faults_.alphanumericOrder) {
        std::sort(out.begin(), out.begin() + count, [&](Move a, Move b) { return moveName(a) < moveName(b); });
    } else if (faults_.rowFirstOrder) {
        std::sort(out.begin(), out.begin() + count,
                  [&](Move a, Move b) { return g.rowOf(a) * kMaxSize + g.columnOf(a) < g.rowOf(b) * kMaxSize + g.columnOf(b); });
    } else if (faults_.rowsFromTop) {
        std::sort(out.begin(), out.begin() + count,
                  [&](Move a, Move b) { return g.columnOf(a) * kMaxSize - g.rowOf(a) < g.columnOf(b) * kMaxSize - g.rowOf(b); });
    }
    return count;
}

void FaultyGame::play(State& state, Move move) const {
    if (!faults_.scoring()) return game_.play(state, move);
    const Player mover = state.toMove;
    const MoveScore right = game_.score(state, move, mover);
    const MoveScore wrong = scoreWithFaults(game_, state, move, mover, faults_);
    game_.play(state, move);
    state.value += (mover == game_.rootPlayer() ? 1 : -1) * (wrong.points - right.points);
    state.won = wrong.wins;
}

std::string_view FaultyGame::moveName(Move move) const {
    if (!faults_.rowsFromTop && !faults_.swappedNames) return game_.moveName(move);
    return names_[move].view();
}

}  // namespace plyjudge::gomoku561
