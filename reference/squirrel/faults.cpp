#include "reference/squirrel/faults.hpp"

#include <algorithm>
#include <bit>

namespace plyjudge::squirrel {

const FaultCatalogue<RuleFaults>& faultCatalogue() {
    constexpr std::string_view kCut = "Alpha-beta (AIMA 3rd ed. Fig. 5.7): cut on `v >= beta` at MAX and `v <= alpha` at MIN";
    constexpr std::string_view kTimes = "MAX raises alpha to v, MIN lowers beta to v, after the cut test. Children receive the node's current bounds.";
    constexpr std::string_view kLeaf = "A node is a leaf at the cut-off depth D or when the board is full.";
    constexpr std::string_view kView = "E(s) = (sum of the values of the squares held by the **root player**) − (sum of the values of the "
                                       "squares held by the other player).";
    constexpr std::string_view kRaid = "**Raid** — the square is 4-adjacent (up, down, left or right; diagonals never count) to at "
                                       "least one piece of P *before* the move.";
    static const FaultCatalogue<RuleFaults> catalogue{
        searchFault(search_fault::strictPruning, kCut),
        searchFault(search_fault::reversedTieBreak, "a value replaces the best only when strictly better: the first of equal "
                    "moves wins, and the root plays that move."),
        searchFault(search_fault::failHardInit, "| inner node entered | `-Infinity` (MAX) / `Infinity` (MIN), (and the received "
                    "alpha/beta) |"),
        searchFault(search_fault::boundsUpdatedBeforeCutTest, "| child returned, cut | the node's value, with the bounds **as "
                    "before this child**; the node then returns |"),
        searchFault(search_fault::boundsLoggedBeforeUpdate, "| child returned, no cut | the node's value after taking the child "
                    "into account (and its **updated** bounds) |"),
        searchFault(search_fault::boundsNotPassedDown, kTimes),
        searchFault(search_fault::noLineAtCutoff, "| child returned, cut | the node's value, with the bounds **as before this "
                    "child**; the node then returns |"),
        searchFault(search_fault::rootAsMin, "The root (`root`, depth 0) is a MAX node; depths alternate MAX/MIN."),
        ruleFault(&RuleFaults::wrongPerspective, kWrongPerspective, kView),
        searchFault(search_fault::leafSideToMove, kView),
        searchFault(search_fault::depthPlusOne, kLeaf),
        searchFault(search_fault::depthMinusOne, kLeaf),
        searchFault(search_fault::terminalLoggedAsEntry, kLeaf),
        searchFault(search_fault::gameOverKeepsInfinity, kLeaf),
        searchFault(search_fault::noEntryLineAtMax, "| inner node entered | `-Infinity` (MAX) / `Infinity` (MIN), (and the "
                    "received alpha/beta) |"),
        searchFault(search_fault::nextStateFromDeeperMax, "`next_state.txt` (tasks 1–3): 5 lines, the board after the root "
                    "player's chosen move"),
        searchFault(search_fault::greedyFromZero, "Greedy is a search with D = 1 (the depth line of the input is then not "
                    "used)."),
        searchFault(search_fault::greedySearchesToDepth, "Greedy is a search with D = 1 (the depth line of the input is then "
                    "not used)."),
        ruleFault(&RuleFaults::diagonalAdjacency, "diagonal-adjacency", "Your program counts diagonal neighbours as adjacent "
                  "(for raids and conversions); only up, down, left and right count.", kRaid),
        ruleFault(&RuleFaults::sneakConverts, "sneak-converts", "Your program converts the enemy pieces next to a sneak too; "
                  "only a raid converts.", "**Sneak** — otherwise. The piece is placed; nothing changes colour."),
        ruleFault(&RuleFaults::ownScoreOnly, "own-score-only", "Your program scores a position by the root player's squares "
                  "only; the other player's squares are subtracted.", kView),
        ruleFault(&RuleFaults::columnFirstOrder, "column-first-order", "Your program orders moves column by column (A1, A2, …); "
                  "the order is row-major: A1, B1, C1, …", "Row-major from the top-left: `A1, B1, C1, D1, E1, A2, …, E5`, "
                  "listing only the empty squares."),
        ruleFault(&RuleFaults::swappedNames, "swapped-square-names", "Your program names squares row letter then column digit "
                  "(C1 written A3); a square is its column letter then its row digit.", "a square is named column letter + row "
                  "digit (`C3`)."),
        ruleFault(&RuleFaults::battleSinglePerspective, "battle-single-perspective", "In a battle your program evaluates every "
                  "search from the first player's side; each side searches from its own perspective.", "evaluating from **its "
                  "own** perspective, and plays the chosen move."),
    };
    return catalogue;
}

namespace {

// The squares 8-adjacent to each square.
constexpr std::array<Mask, kSquares> kNeighbours8 = [] {
    std::array<Mask, kSquares> n{};
    for (int s = 0; s < kSquares; ++s) {
        for (int dr = -1; dr <= 1; ++dr) {
            for (int dc = -1; dc <= 1; ++dc) {
                const int r = rowOf(s) + dr, c = columnOf(s) + dc;
                if ((dr || dc) && r >= 1 && r <= kSide && c >= 1 && c <= kSide) n[s] |= bitOf(squareOf(r, c));
            }
        }
    }
    return n;
}();

}  // namespace

int FaultyGame::generateMoves(const State& state, MoveBuffer<FaultyGame>& out) const {
    int count = 0;
    for (Mask empty = ~state.occupied() & kFullBoard; empty; empty &= empty - 1) out[count++] = static_cast<Move>(std::countr_zero(empty));
    if (faults_.columnFirstOrder) {
        std::sort(out.begin(), out.begin() + count, [](Move a, Move b) { return columnOf(a) * 8 + rowOf(a) < columnOf(b) * 8 + rowOf(b); });
    }
    return count;
}

void FaultyGame::play(State& state, Move move) const {
    if (!faults_.diagonalAdjacency && !faults_.sneakConverts) return game_.play(state, move);
    const int me = static_cast<int>(state.toMove);
    const int sign = state.toMove == Player::X ? 1 : -1;
    const Mask around = (faults_.diagonalAdjacency ? kNeighbours8 : kNeighbours)[move];
    const bool raid = (around & state.pieces[me]) != 0;
    const Mask converted = raid || faults_.sneakConverts ? around & state.pieces[1 - me] : 0;
    for (Mask m = converted; m; m &= m - 1) state.score += 2 * sign * game_.values()[std::countr_zero(m)];
    state.pieces[me] |= converted | bitOf(move);
    state.pieces[1 - me] &= ~converted;
    state.score += sign * game_.values()[move];
    state.toMove = opponent(state.toMove);
}

Value FaultyGame::evaluate(const State& state) const {
    if (!faults_.ownScoreOnly) return game_.evaluate(state);
    Value own = 0;
    for (Mask m = state.pieces[static_cast<int>(game_.rootPlayer())]; m; m &= m - 1) own += game_.values()[std::countr_zero(m)];
    return own;
}

std::string_view FaultyGame::moveName(Move move) const {
    if (!faults_.swappedNames) return game_.moveName(move);
    return squareName(squareOf(columnOf(move), rowOf(move)));  // the square's mirror across the diagonal
}

}  // namespace plyjudge::squirrel
