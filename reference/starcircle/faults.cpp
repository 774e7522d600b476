#include "reference/starcircle/faults.hpp"

#include <algorithm>
#include <tuple>

namespace plyjudge::starcircle {

const FaultCatalogue<RuleFaults>& faultCatalogue() {
    constexpr std::string_view kCut = "Alpha-beta cuts with `v >= beta` at MAX nodes and `v <= alpha` at MIN nodes";
    constexpr std::string_view kCount =
        "**Node count**: one per visited state — the root, every inner node, every leaf, every pass node. Pruned children are not counted.";
    constexpr std::string_view kLeaf = "A node is a leaf when its depth equals D, or when it is terminal (see above).";
    constexpr std::string_view kEnd = "the move that reached it was a pass answering a pass (two passes in a row";
    constexpr std::string_view kView = "Always from the **root player's** point of view (the side named on line 1 of the input).";
    constexpr std::string_view kOrder = "Children are generated — and ties are broken — in **positional order**: first by from-square, "
                                        "then by to-square, where positional order means upper rows first (H before G …) and, within a row, "
                                        "left to right.";
    static const FaultCatalogue<RuleFaults> catalogue{
        searchFault(search_fault::strictPruning, kCut),
        searchFault(search_fault::reversedTieBreak, "The best value is replaced only by a *strictly* better one, so among equal "
                    "values the first child in order wins"),
        searchFault(search_fault::boundsNotPassedDown, kCut),
        searchFault(search_fault::rootAsMin, "The root is at depth 0 and is a MAX node; depths alternate MAX/MIN"),
        ruleFault(&RuleFaults::wrongPerspective, kWrongPerspective, kView),
        searchFault(search_fault::leafSideToMove, kView),
        searchFault(search_fault::depthPlusOne, kLeaf),
        searchFault(search_fault::depthMinusOne, kLeaf),
        searchFault(search_fault::terminalNotLeaf, "A position is terminal (a leaf even above the cut-off) when either", "Your "
                    "program goes on searching after a side has lost its last piece or after two passes in a row; such a "
                    "position is a leaf, even above the cut-off."),
        searchFault(search_fault::passExpandedAtCutoff, kLeaf),
        searchFault(search_fault::endsAfterOnePass, kEnd),
        searchFault(search_fault::noPassNodesAtEnd, kEnd),
        searchFault(search_fault::passNodeMissing, kCount, "Your program does not count pass nodes; every pass is a ply and a "
                    "node like any other."),
        searchFault(search_fault::passCapitalised, "Move text: `from-to`, e.g. `F4-H2`, or `pass`."),
        searchFault(search_fault::countGenerated, kCount),
        ruleFault(&RuleFaults::rootNotCounted, "root-not-counted", "Your program leaves the root out of the node count.", kCount),
        ruleFault(&RuleFaults::jumpsFirst, "jumps-first", "Your program lists a piece's jumps before its steps for Circle too; "
                  "in positional order Circle's steps (row - 1) come before its jumps (row - 2).", "Circle: steps (row − 1) "
                  "come before jumps (row − 2); left side first."),
        ruleFault(&RuleFaults::stepsFirst, "steps-first", "Your program lists a piece's steps before its jumps for Star too; in "
                  "positional order Star's jumps (row + 2) come before its steps (row + 1).", "Star: jumps (row + 2) come "
                  "before steps (row + 1); within each kind the left side comes first."),
        ruleFault(&RuleFaults::destinationColumnOrder, "destination-column-order", "Your program orders the moves of one piece "
                  "by the destination's column only; upper rows come first.", kOrder),
        ruleFault(&RuleFaults::orderByDestination, "order-by-destination", "Your program orders all moves by their destination "
                  "square; they are ordered by from-square first.", kOrder),
        ruleFault(&RuleFaults::columnFirstOrder, "column-first-order", "Your program takes the pieces column by column; "
                  "positional order is row by row, upper rows first.", kOrder),
        ruleFault(&RuleFaults::noStacking, "no-stacking", "Your program does not let a piece land on its own stack on its last "
                  "row; it may, and the stack grows.", "\"Landable\" for P means: empty, **or** on P's last row and already "
                  "holding P's own pieces."),
        ruleFault(&RuleFaults::stackCountedOnce, "stack-counted-once", "Your program weighs a stack like a single piece; every "
                  "piece of a stack counts.", "every piece of a stack counts separately (a stack of k contributes k × weight)"),
        ruleFault(&RuleFaults::circleWeightsNotMirrored, "circle-weights-not-mirrored", "Your program weighs Circle's pieces by "
                  "v1..v8 from row A up, like Star's; Circle's row H is v1.", "| weight of a Circle piece | v8 | v7 | v6 | v5 | "
                  "v4 | v3 | v2 | v1 |"),
        ruleFault(&RuleFaults::swappedNames, "swapped-square-names", "Your program writes squares column letter then row digit "
                  "(F4 written D6); a square is row letter then column digit.", "A square is written row letter then column "
                  "digit: `C5`, `H2`."),
        ruleFault(&RuleFaults::myopicOfRoot, "myopic-of-root", "Your program reports the myopic utility of the root position; it "
                  "is E right after the chosen move.", "myopic utility: E evaluated on the position just after playing the "
                  "chosen move"),
        ruleFault(&RuleFaults::farsightedWrongSide, "farsighted-wrong-side", "Your program reports the farsighted utility from "
                  "the opponent's side (negated).", "farsighted utility: the backed-up value of the root"),
    };
    return catalogue;
}

namespace {

int positional(int square) { return (8 - rowOf(square)) * 8 + columnOf(square) - 1; }

// The square's mirror across the diagonal: its name read column letter, row digit ("D6" for F4).
int transposed(int square) { return squareOf(columnOf(square), rowOf(square)); }

}  // namespace

FaultyGame::FaultyGame(const Game& game, RuleFaults faults, Player evaluator, const std::array<int, 8>& rowValues)
    : RulesWithFaults(game, faults), evaluator_(evaluator), rowValues_(rowValues) {}

int FaultyGame::generateMoves(const State& state, MoveBuffer<FaultyGame>& out) const {
    MoveBuffer<Game> base;
    const int n = game_.generateMoves(state, base);
    int count = 0;
    for (int i = 0; i < n; ++i) {
        const Move m = base[i];
        if (faults_.noStacking && m != kPass && state.board.cells[m % 64] != 0) continue;  // landing on a stack
        out[count++] = m;
    }
    if (count == 0) out[count++] = kPass;
    auto key = [&](Move m) {
        const int from = m / 64, to = m % 64;
        const int jump = std::abs(rowOf(to) - rowOf(from)) == 2;
        if (faults_.jumpsFirst) return std::tuple(positional(from), 1 - jump, positional(to));
        if (faults_.stepsFirst) return std::tuple(positional(from), jump, positional(to));
        if (faults_.destinationColumnOrder) return std::tuple(positional(from), columnOf(to), 0);
        if (faults_.orderByDestination) return std::tuple(positional(to), positional(from), 0);
        if (faults_.columnFirstOrder) return std::tuple(columnOf(from), 8 - rowOf(from), positional(to));
        return std::tuple(positional(from), positional(to), 0);
    };
    if (out[0] != kPass) std::stable_sort(out.begin(), out.begin() + count, [&](Move a, Move b) { return key(a) < key(b); });
    return count;
}

Value FaultyGame::evaluate(const State& state) const {
    if (!faults_.stackCountedOnce && !faults_.circleWeightsNotMirrored) return game_.evaluate(state);
    auto weight = [&](Player p, int row) {
        return p == Player::Star || faults_.circleWeightsNotMirrored ? rowValues_[row - 1] : rowValues_[8 - row];
    };
    Value e = 0;
    for (int s = 0; s < 64; ++s) {
        const int c = state.board.cells[s];
        if (c == 0) continue;
        const Player owner = c > 0 ? Player::Star : Player::Circle;
        const int pieces = faults_.stackCountedOnce ? 1 : std::abs(c);
        e += (owner == evaluator_ ? 1 : -1) * Value{pieces} * weight(owner, rowOf(s));
    }
    return e;
}

std::string_view FaultyGame::moveName(Move move) const {
    if (!faults_.swappedNames || move == kPass) return game_.moveName(move);
    return game_.moveName(makeMove(transposed(move / 64), transposed(move % 64)));
}

}  // namespace plyjudge::starcircle
