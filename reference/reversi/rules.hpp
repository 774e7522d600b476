// Reversi rules (docs/variants/reversi.md) on bitboards: moves in positional order, flips, passes,
// the positional-weight evaluation. The per-node functions are defined here, in the header, so that the
// search core inlines them; the tables they read are built at compile time.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string_view>
#include <utility>

#include "reference/core/search.hpp"
#include "reference/reversi/moves.hpp"

namespace plyjudge::reversi {

enum class Player : std::uint8_t { Black, White };  // X, O
inline Player opponent(Player p) { return p == Player::Black ? Player::White : Player::Black; }

// Cell index = row * 8 + column with row 0 = rank `1` at the top and column 0 = file `a`, so ascending
// index is the expansion order (upper rows first, then left to right). Bitboard: moves.hpp.

// 24 bytes, copied per node. `score` is Σ W over Black's pieces − Σ W over White's, kept up to date by
// play() (and by rescore() for a board built or edited by hand), so that evaluation is a read.
struct State {
    std::array<Bitboard, 2> pieces{};  // indexed by Player
    std::int16_t score = 0;
    Player toMove = Player::Black;
    std::uint8_t consecutivePasses = 0;  // the root's preceding move counts as not-a-pass
};

using Move = std::uint8_t;  // a cell 0..63, or kPass
inline constexpr Move kPass = 64;

namespace detail {

inline constexpr std::array<int, 64> kWeights = {
    99, -8,  8,  6,  6,  8, -8, 99,   //
    -8, -24, -4, -3, -3, -4, -24, -8,  //
    8,  -4,  7,  4,  4,  7, -4,  8,   //
    6,  -3,  4,  0,  0,  4, -3,  6,   //
    6,  -3,  4,  0,  0,  4, -3,  6,   //
    8,  -4,  7,  4,  4,  7, -4,  8,   //
    -8, -24, -4, -3, -3, -4, -24, -8,  //
    99, -8,  8,  6,  6,  8, -8, 99,
};

// The cells of each distinct non-zero weight, so a weighted sum over a bitboard is a handful of popcounts.
struct WeightClass {
    int weight;
    Bitboard cells;
};
inline constexpr auto kWeightClasses = [] {
    std::array<WeightClass, 9> classes{};
    int count = 0;
    for (int cell = 0; cell < 64; ++cell) {
        if (kWeights[cell] == 0) continue;
        int i = 0;
        while (i < count && classes[i].weight != kWeights[cell]) ++i;
        if (i == count) classes[count++].weight = kWeights[cell];
        classes[i].cells |= Bitboard{1} << cell;
    }
    return classes;
}();

// Σ of the weights of the cells in b.
inline int weightOf(Bitboard b) {
    int sum = 0;
    for (const WeightClass& w : kWeightClasses) sum += w.weight * std::popcount(b & w.cells);
    return sum;
}

// A line's cells in line order (cell -1 where the line is shorter than 8): a row or a diagonal by column,
// a column by row. Kinds: 0 row, 1 column, 2 diagonal (a1-h8 direction), 3 anti-diagonal.
struct LineCells {
    std::array<int, 8> cells{-1, -1, -1, -1, -1, -1, -1, -1};
};
constexpr LineCells lineCells(int cell, int kind) {
    LineCells l;
    const int r = cell / 8, c = cell % 8;
    for (int i = 0; i < 8; ++i) {
        const int row = kind == 0 ? r : kind == 1 ? i : kind == 2 ? r - c + i : r + c - i;
        const int col = kind == 1 ? c : i;
        if (row >= 0 && row < 8) l.cells[i] = row * 8 + col;
    }
    return l;
}
constexpr std::array<int, 8> lineWeights(int cell, int kind) {
    std::array<int, 8> w{};
    for (int i = 0; i < 8; ++i) w[i] = lineCells(cell, kind).cells[i] < 0 ? 0 : kWeights[lineCells(cell, kind).cells[i]];
    return w;
}

// The distinct weight rows of the 46 lines (the board's symmetries leave fewer), and their count.
inline constexpr auto kWeightRows = [] {
    std::array<std::array<int, 8>, 64 * 4> rows{};
    int count = 0;
    for (int cell = 0; cell < 64; ++cell) {
        for (int kind = 0; kind < 4; ++kind) {
            int k = 0;
            while (k < count && rows[k] != lineWeights(cell, kind)) ++k;
            if (k == count) rows[count++] = lineWeights(cell, kind);
        }
    }
    return std::pair{rows, count};
}();

// For a move at index `pos` of a line: outflank[theirs] holds, per side of pos, the first cell ending a
// non-empty run of `theirs` next to pos (the run flips when that cell is ours); flipped[ends] the cells
// strictly between pos and the nearest of `ends` on each side.
struct RunTables {
    std::array<std::uint8_t, 256> outflank;
    std::array<std::uint8_t, 256> flipped;
};
inline constexpr auto kRunTables = [] {
    std::array<RunTables, 8> tables{};
    for (int pos = 0; pos < 8; ++pos) {
        for (int bits = 0; bits < 256; ++bits) {
            for (int step : {-1, 1}) {
                int i = pos + step;
                while (i >= 0 && i < 8 && (bits >> i & 1)) i += step;
                if (i >= 0 && i < 8 && i != pos + step) tables[pos].outflank[bits] |= static_cast<std::uint8_t>(1 << i);
                int run = 0;
                for (i = pos + step; i >= 0 && i < 8 && !(bits >> i & 1); i += step) run |= 1 << i;
                if (i >= 0 && i < 8) tables[pos].flipped[bits] |= static_cast<std::uint8_t>(run);
            }
        }
    }
    return tables;
}();

// What a move gains along one line, for its leaf's value (Game::leafValues()), by the line's `outflank & mine`
// bits (bracketsOf, below): twice the weight of the run it flips, each flipped cell changing sides, and on the move's row
// line also the weight of the placed cell itself. So a leaf's gain is the sum of 4 lookups, with no table of
// flipped runs in between. One table per distinct (weight row, position in the line, row line or not).
struct GainKey {
    int weightRow = -1;
    int pos = 0;
    bool placed = false;
    constexpr bool operator==(const GainKey&) const = default;
};
constexpr GainKey gainKey(int cell, int kind) {
    GainKey key;
    while (kWeightRows.first[++key.weightRow] != lineWeights(cell, kind)) {
    }
    for (int i = 0; i < 8; ++i) {
        if (lineCells(cell, kind).cells[i] == cell) key.pos = i;
    }
    key.placed = kind == 0;
    return key;
}
inline constexpr auto kGainKeys = [] {
    std::array<GainKey, 64 * 4> keys{};
    int count = 0;
    for (int cell = 0; cell < 64; ++cell) {
        for (int kind = 0; kind < 4; ++kind) {
            int k = 0;
            while (k < count && !(keys[k] == gainKey(cell, kind))) ++k;
            if (k == count) keys[count++] = gainKey(cell, kind);
        }
    }
    return std::pair{keys, count};
}();
inline constexpr auto kGainTables = [] {
    std::array<std::array<std::int16_t, 256>, kGainKeys.second> tables{};
    for (int k = 0; k < kGainKeys.second; ++k) {
        const GainKey key = kGainKeys.first[k];
        const std::array<int, 8>& weights = kWeightRows.first[key.weightRow];
        for (int bits = 0; bits < 256; ++bits) {
            const int run = kRunTables[key.pos].flipped[bits];
            int gain = key.placed ? weights[key.pos] : 0;
            for (int i = 0; i < 8; ++i) gain += 2 * (run >> i & 1) * weights[i];
            tables[k][bits] = static_cast<std::int16_t>(gain);
        }
    }
    return tables;
}();

// The 4 lines through each cell, for lookups by line: a line's pieces are gathered into 8 bits by one
// multiply, then the tables give the run a move flips along the line in both directions at once, and what it
// gains. A leaf's value thus costs 4 lines instead of 8 scanned rays. Pointers rather than indices, so a
// lookup needs no address arithmetic.
struct Line {
    Bitboard mask;    // the line's cells
    Bitboard gather;  // ((b & mask) * gather) >> 56: the line's cells of b as 8 bits, in line order
    Bitboard spread;  // (bits * spread) & mask: a run of inner cells (never the line's ends) back on the board
    const RunTables* runs;       // kRunTables[the cell's index in line order]
    const std::int16_t* gains;  // the line's kGainTables entry, by outflank & mine bits
};
inline constexpr auto kLines = [] {
    std::array<std::array<Line, 4>, 64> lines{};
    for (int cell = 0; cell < 64; ++cell) {
        const int r = cell / 8, c = cell % 8;
        for (int kind = 0; kind < 4; ++kind) {
            Line& l = lines[cell][kind];
            const LineCells cells = lineCells(cell, kind);
            for (int i = 0; i < 8; ++i) {
                if (cells.cells[i] >= 0) l.mask |= Bitboard{1} << cells.cells[i];
                if (cells.cells[i] == cell) l.runs = &kRunTables[i];
            }
            int g = 0;
            while (!(kGainKeys.first[g] == gainKey(cell, kind))) ++g;
            l.gains = kGainTables[g].data();
            if (kind == 0) {  // row r: bit 8r + i goes to 56 + i
                l.gather = Bitboard{1} << (56 - 8 * r);
                l.spread = Bitboard{1} << (8 * r);
            } else if (kind == 1) {  // column c: bit 8i + c goes to 56 + i (the other products fall elsewhere)
                l.gather = 0x0102040810204080ULL >> c;
                // Bit i to 8i + c: the products of bits 0 and 7 would collide, but a run never holds a line's end.
                l.spread = 0x0002040810204081ULL << c;
            } else {  // a diagonal has one cell per column and per row: the bytes add up without carries
                l.gather = 0x0101010101010101ULL;
                l.spread = 0x0101010101010101ULL;
            }
        }
    }
    return lines;
}();

// The line's cells that end a run of `theirs` next to a move at its cell and are `mine`, as line bits: the index by
// which the run the move flips along the line (l.runs->flipped) and its gain (l.gains) are read.
inline unsigned bracketsOf(const Line& l, Bitboard mine, Bitboard theirs) {
    const auto bits = [&l](Bitboard b) { return static_cast<unsigned>(((b & l.mask) * l.gather) >> 56); };
    return l.runs->outflank[bits(theirs)] & bits(mine);
}

inline constexpr std::array<std::array<char, 2>, 64> kCellNames = [] {
    std::array<std::array<char, 2>, 64> names{};
    for (int i = 0; i < 64; ++i) names[i] = {static_cast<char>('a' + i % 8), static_cast<char>('1' + i / 8)};
    return names;
}();

}  // namespace detail

// Cells where `p` may play, as a bitboard (moves.hpp: with AVX2 where the processor has it).
[[gnu::always_inline]] inline Bitboard legalMoves(const State& state, Player p) {
    return movesOf(state.pieces[static_cast<int>(p)], state.pieces[static_cast<int>(opponent(p))]);
}

namespace detail {
// The opponent pieces a move at the empty cell `cell` flips, and what the mover's score gains by it in `gain`
// (the placed cell's weight and twice the flipped ones').
inline Bitboard flipsAndGain(Bitboard mine, Bitboard theirs, int cell, int& gain) {
    Bitboard flips = 0;
    gain = 0;
    for (const Line& l : kLines[cell]) {
        const unsigned brackets = bracketsOf(l, mine, theirs);
        flips |= (l.runs->flipped[brackets] * l.spread) & l.mask;
        gain += l.gains[brackets];
    }
    return flips;
}
}  // namespace detail

// The opponent pieces a move by the side to move at `cell` flips (0 if illegal).
inline Bitboard flipsOf(const State& state, int cell) {
    const Bitboard mine = state.pieces[static_cast<int>(state.toMove)];
    const Bitboard theirs = state.pieces[static_cast<int>(opponent(state.toMove))];
    if ((mine | theirs) & (Bitboard{1} << cell)) return 0;
    int gain;
    return detail::flipsAndGain(mine, theirs, cell, gain);
}

// Sets state.score from the board, for a board built or edited other than by play().
inline void rescore(State& state) { state.score = static_cast<std::int16_t>(detail::weightOf(state.pieces[0]) - detail::weightOf(state.pieces[1])); }

// The side to move's piece on `cell` with `flips` turned over, and the turn passed; `gain` is what the mover's score
// gains: the placed cell's weight and twice the flipped ones' (each changes sides).
inline void place(State& state, int cell, Bitboard flips, int gain) {
    const int me = static_cast<int>(state.toMove);
    state.score = static_cast<std::int16_t>(state.score + (me == 0 ? gain : -gain));
    state.pieces[me] |= flips | (Bitboard{1} << cell);
    state.pieces[1 - me] &= ~flips;
    state.consecutivePasses = 0;
    state.toMove = opponent(state.toMove);
}

class Game {
public:
    using State = reversi::State;
    using Move = reversi::Move;
    static constexpr int kMaxMoves = 60;  // at most 60 empty cells, or the pass

    explicit Game(Player rootPlayer) : root_(rootPlayer) {}

    // The legal moves in cell order (a1, b1, ..., h8: ascending bit order is the expansion order), or the pass
    // when there is none, until visit returns false. The search visits them as they are found (HasMoveWalk in
    // search.hpp): an alpha-beta cut leaves the rest unread, and there is one loop per node rather than a listing
    // loop and a visiting one (d10 from the start: 6 % fewer instructions than listing the moves by whole rows).
    template <class Visit>
    [[gnu::always_inline]] void forEachMove(const State& state, const Visit& visit) const {
        Bitboard moves = legalMoves(state, state.toMove);
        if (moves == 0) {
            visit(kPass);
            return;
        }
        for (; moves; moves &= moves - 1) {
            if (!visit(static_cast<Move>(std::countr_zero(moves)))) return;
        }
    }
    int generateMoves(const State& state, MoveBuffer<Game>& out) const { return listWalkedMoves(*this, state, out); }
    void play(State& state, Move move) const {
        if (move == kPass) {
            ++state.consecutivePasses;
            state.toMove = opponent(state.toMove);
            return;
        }
        int gain;
        const Bitboard flips = detail::flipsAndGain(state.pieces[static_cast<int>(state.toMove)],
                                                    state.pieces[static_cast<int>(opponent(state.toMove))], move, gain);
        place(state, move, flips, gain);
    }
    bool isTerminal(const State& state) const { return state.consecutivePasses >= 2; }
    // Σ W over the root's pieces − Σ W over the opponent's.
    Value evaluate(const State& state) const { return root_ == Player::Black ? state.score : -state.score; }
    // evaluate() after play(move) for the moves from `state` (HasLeafValues in search.hpp): the parent's
    // value once, then per move the placed cell and twice the flipped cells (each changes sides), read per
    // line from kGainTables without building the flip mask.
    auto leafValues(const State& state) const {
        const Value before = evaluate(state);
        const bool rootMoves = state.toMove == root_;
        const Bitboard mine = state.pieces[static_cast<int>(state.toMove)];
        const Bitboard theirs = state.pieces[static_cast<int>(opponent(state.toMove))];
        return [before, rootMoves, mine, theirs](Move move) -> Value {
            if (move == kPass) return before;
            int gain = 0;
            for (const detail::Line& l : detail::kLines[move]) gain += l.gains[detail::bracketsOf(l, mine, theirs)];
            return rootMoves ? before + gain : before - gain;
        };
    }
    std::string_view moveName(Move move) const {
        if (move == kPass) return "pass";
        return {detail::kCellNames[move].data(), 2};
    }

private:
    Player root_;
};

}  // namespace plyjudge::reversi
