#include "reference/reversi/faults.hpp"

#include <algorithm>
#include <array>

namespace plyjudge::reversi {

const FaultCatalogue<RuleFaults>& faultCatalogue() {
    constexpr std::string_view kCut = "Cut test: `v >= beta` at MAX, `v <= alpha` at MIN.";
    constexpr std::string_view kLeaf = "Leaf: depth = D, or the second of two consecutive passes.";
    constexpr std::string_view kPassNode = "a pass is a ply and a node named `pass`.";
    constexpr std::string_view kEnd = "The only way the game ends is **two passes in a row**";
    constexpr std::string_view kView = "From the **root player's** point of view (the side named on line 1 of the input)";
    constexpr std::string_view kFlip = "In **every** direction where that holds, the whole run is flipped to the mover.";
    constexpr std::string_view kOrder = "Cells in positional order — row 1 first, down to row 8; within a row `a` to `h`";
    static const FaultCatalogue<RuleFaults> catalogue{
        searchFault(search_fault::strictPruning, kCut),
        searchFault(search_fault::reversedTieBreak, "a child's value replaces the node's value only when strictly better, so "
                    "the first of equal moves is chosen."),
        searchFault(search_fault::failHardInit, "an inner node is entered (before any child) | `-Infinity` (MAX) or `Infinity` "
                    "(MIN), with the alpha and beta it received"),
        searchFault(search_fault::boundsLoggedBeforeUpdate, "a child has returned and no cut happens | the node's updated value "
                    "with its **updated** bounds"),
        searchFault(search_fault::boundsNotPassedDown, "Bounds passed to a child are the node's current alpha and beta."),
        searchFault(search_fault::noLineAtCutoff, "a child has returned and causes a cut | the node's updated value, then the "
                    "node returns at once"),
        searchFault(search_fault::rootAsMin, "The root (`root`, depth 0) is a MAX node; plies alternate"),
        ruleFault(&RuleFaults::wrongPerspective, kWrongPerspective, kView),
        searchFault(search_fault::leafSideToMove, kView),
        searchFault(search_fault::depthPlusOne, kLeaf),
        searchFault(search_fault::depthMinusOne, kLeaf),
        ruleFault(&RuleFaults::depthFirstDigit, "depth-first-digit", "Your program reads only the first character of the depth "
                  "line, so depth 12 is read as 1.", "| 2 | cut-off depth D | a whole number 1…1000 |"),
        searchFault(search_fault::terminalNotLeaf, "a `pass` node whose parent move was also a pass is a leaf, even above the "
                    "cut-off.", "Your program goes on searching after two passes in a row; that position is a leaf, even above "
                    "the cut-off."),
        searchFault(search_fault::passExpandedAtCutoff, kLeaf),
        searchFault(search_fault::endsAfterOnePass, kEnd),
        searchFault(search_fault::noPassNodesAtEnd, kEnd),
        searchFault(search_fault::passTwoPliesBackEndsGame, kEnd),
        searchFault(search_fault::passNodeMissing, kPassNode, "Your program writes no line for a pass node (the search goes on "
                    "below it); a pass is a node of its own."),
        searchFault(search_fault::passCapitalised, kPassNode),
        ruleFault(&RuleFaults::movePerDirection, "move-per-direction", "Your program lists a move once per direction in which it "
                  "flips pieces; each cell is one child.", kOrder),
        ruleFault(&RuleFaults::flipsOneDirection, "flips-one-direction", "Your program flips pieces in one direction only; every "
                  "direction with a closed run flips.", kFlip),
        neighbourFault(&RuleFaults::flipsLastDirection, "flips-last-direction", "flips-one-direction",
                       "it keeps the last direction that flips (clockwise from up), where flips-one-direction keeps the first",
                       "Your program flips pieces in one direction only, the last one that flips; every direction with a closed "
                       "run flips."),
        ruleFault(&RuleFaults::transposedNames, "transposed-names", "Your program names cells with row and column swapped (the "
                  "cell in row 3, column d is written c4).", "Columns `a`…`h` from left to right, rows `1`…`8` from **top to "
                  "bottom**; a cell is column + row, e.g. `d3`."),
        ruleFault(&RuleFaults::columnFirstOrder, "column-first-order", "Your program orders moves column by column (a1, a2, …); "
                  "the order is row 1 first, a to h within a row.", kOrder),
    };
    return catalogue;
}

namespace {

// The 8 directions clockwise from up, as (row step, column step); row 0 is the top.
constexpr std::array<std::array<int, 2>, 8> kDirections = {{{-1, 0}, {-1, 1}, {0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}}};

// The opponent pieces a move by the side to move at `cell` flips along one direction (0 if none).
Bitboard flipsAlong(const State& state, int cell, const std::array<int, 2>& d) {
    const Bitboard mine = state.pieces[static_cast<int>(state.toMove)];
    const Bitboard theirs = state.pieces[static_cast<int>(opponent(state.toMove))];
    Bitboard run = 0;
    for (int r = cell / 8 + d[0], c = cell % 8 + d[1]; r >= 0 && r < 8 && c >= 0 && c < 8; r += d[0], c += d[1]) {
        const Bitboard bit = Bitboard{1} << (r * 8 + c);
        if (theirs & bit) run |= bit;
        else return (mine & bit) ? run : 0;
    }
    return 0;
}

}  // namespace

int FaultyGame::generateMoves(const State& state, MoveBuffer<FaultyGame>& out) const {
    MoveBuffer<Game> cells;
    const int n = game_.generateMoves(state, cells);
    if (faults_.columnFirstOrder) {
        std::sort(cells.begin(), cells.begin() + n, [](Move a, Move b) { return (a % 8) * 8 + a / 8 < (b % 8) * 8 + b / 8; });
    }
    int count = 0;
    for (int i = 0; i < n; ++i) {
        int copies = 1;
        if (faults_.movePerDirection && cells[i] != kPass) {
            copies = 0;
            for (const auto& d : kDirections) copies += flipsAlong(state, cells[i], d) != 0;
        }
        for (int k = 0; k < copies; ++k) out[count++] = cells[i];
    }
    return count;
}

void FaultyGame::play(State& state, Move move) const {
    if ((!faults_.flipsOneDirection && !faults_.flipsLastDirection) || move == kPass) return game_.play(state, move);
    Bitboard flips = 0;
    for (const auto& d : kDirections) {
        const Bitboard along = flipsAlong(state, move, d);
        if (along != 0) flips = along;
        if (flips != 0 && faults_.flipsOneDirection) break;  // the first; flipsLastDirection goes on to the last
    }
    place(state, move, flips, detail::kWeights[move] + 2 * detail::weightOf(flips));
}

std::string_view FaultyGame::moveName(Move move) const {
    if (!faults_.transposedNames || move == kPass) return game_.moveName(move);
    return game_.moveName(static_cast<Move>(move % 8 * 8 + move / 8));  // the cell's mirror across the diagonal
}

}  // namespace plyjudge::reversi
