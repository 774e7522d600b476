// Reversi rules (docs/variants/reversi.md) on bitboards: moves in positional order, flips, passes,
// the positional-weight evaluation. The per-node functions are defined here, in the header, so that the
// search core inlines them; the tables they read are built at compile time.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string_view>

#include "reference/core/search.hpp"

namespace plyjudge::reversi {

enum class Player : std::uint8_t { Black, White };  // X, O
inline Player opponent(Player p) { return p == Player::Black ? Player::White : Player::Black; }

// Cell index = row * 8 + column with row 0 = rank `1` at the top and column 0 = file `a`, so ascending
// index is the expansion order (upper rows first, then left to right).
using Bitboard = std::uint64_t;

struct State {
    std::array<Bitboard, 2> pieces{};  // indexed by Player
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

inline constexpr Bitboard kNotFileA = 0xfefefefefefefefeULL;  // column 0 cleared
inline constexpr Bitboard kNotFileH = 0x7f7f7f7f7f7f7f7fULL;  // column 7 cleared

// The 8 directions as (shift, mask applied after shifting) pairs; positive shifts move towards higher
// indices. The four ascending ones come first.
struct Direction {
    int shift;
    Bitboard mask;
};
inline constexpr std::array<Direction, 8> kDirections = {{
    {1, kNotFileA}, {8, ~0ULL}, {9, kNotFileA}, {7, kNotFileH},
    {-1, kNotFileH}, {-8, ~0ULL}, {-7, kNotFileA}, {-9, kNotFileH},
}};

constexpr Bitboard shifted(Bitboard b, const Direction& d) {
    return (d.shift > 0 ? b << d.shift : b >> -d.shift) & d.mask;
}

// kRays[cell][d]: the cells strictly beyond `cell` in direction d, up to the board's edge.
inline constexpr std::array<std::array<Bitboard, 8>, 64> kRays = [] {
    std::array<std::array<Bitboard, 8>, 64> rays{};
    for (int cell = 0; cell < 64; ++cell) {
        for (int d = 0; d < 8; ++d) {
            Bitboard at = shifted(Bitboard{1} << cell, kDirections[d]);
            while (at) {
                rays[cell][d] |= at;
                at = shifted(at, kDirections[d]);
            }
        }
    }
    return rays;
}();

// kBetween[cell][end]: Σ of the weights of the cells strictly between `cell` and `end` when `end` lies
// on one of the 8 rays from `cell` (0 otherwise). A move at `cell` bracketing a run with our piece at
// `end` flips exactly those cells, so a leaf's value needs no flip mask: one lookup per bracketing ray.
inline constexpr auto kBetween = [] {
    std::array<std::array<std::int16_t, 64>, 64> between{};
    for (int cell = 0; cell < 64; ++cell) {
        for (const Direction& d : kDirections) {
            int sum = 0;
            for (Bitboard at = shifted(Bitboard{1} << cell, d); at; at = shifted(at, d)) {
                const int end = std::countr_zero(at);
                between[cell][end] = static_cast<std::int16_t>(sum);
                sum += kWeights[end];
            }
        }
    }
    return between;
}();

inline constexpr std::array<std::array<char, 2>, 64> kCellNames = [] {
    std::array<std::array<char, 2>, 64> names{};
    for (int i = 0; i < 64; ++i) names[i] = {static_cast<char>('a' + i % 8), static_cast<char>('1' + i / 8)};
    return names;
}();

}  // namespace detail

// Cells where `p` may play, as a bitboard.
inline Bitboard legalMoves(const State& state, Player p) {
    const Bitboard mine = state.pieces[static_cast<int>(p)];
    const Bitboard theirs = state.pieces[static_cast<int>(opponent(p))];
    const Bitboard empty = ~(mine | theirs);
    // Per direction, runs of opponent pieces next to ours, grown 1, 1, 2, 2 steps (a run is at most 6
    // long), then one more step onto an empty cell. A run that bends round an edge is never a bracket,
    // so for the directions with a sideways step the runs are kept off columns a and h: the shifts then
    // need no masks (dumb7fill with the wrap masks folded into the opponent's pieces).
    const Bitboard inner = theirs & 0x7e7e7e7e7e7e7e7eULL;
    Bitboard moves = 0;
    auto both = [&](int shift, Bitboard t) {
        Bitboard up = (mine << shift) & t, down = (mine >> shift) & t;
        up |= (up << shift) & t;
        down |= (down >> shift) & t;
        const Bitboard upPairs = t & (t << shift), downPairs = upPairs >> shift;
        up |= (up << 2 * shift) & upPairs;
        down |= (down >> 2 * shift) & downPairs;
        up |= (up << 2 * shift) & upPairs;
        down |= (down >> 2 * shift) & downPairs;
        moves |= ((up << shift) | (down >> shift)) & empty;
    };
    both(1, inner);
    both(8, theirs);
    both(7, inner);
    both(9, inner);
    return moves;
}

// The opponent pieces a move by the side to move at `cell` flips (0 if illegal).
inline Bitboard flipsOf(const State& state, int cell) {
    using namespace detail;
    const Bitboard mine = state.pieces[static_cast<int>(state.toMove)];
    const Bitboard theirs = state.pieces[static_cast<int>(opponent(state.toMove))];
    if ((mine | theirs) & (Bitboard{1} << cell)) return 0;
    // Along each ray the first cell that is not the opponent's ends the run; the run flips when that
    // cell is ours. Branch-free: which rays flip is different at every move, so branches would mispredict.
    const std::array<Bitboard, 8>& rays = kRays[cell];
    Bitboard flips = 0;
    for (int d = 0; d < 4; ++d) {  // ascending rays: the nearest stop is the lowest bit
        const Bitboard stops = rays[d] & ~theirs;
        const Bitboard first = stops & (0 - stops);
        flips |= rays[d] & (first - 1) & (0 - static_cast<Bitboard>((first & mine) != 0));
    }
    for (int d = 4; d < 8; ++d) {  // descending rays: the nearest stop is the highest bit
        const Bitboard stops = rays[d] & ~theirs;
        const Bitboard first = (Bitboard{1} << 63 >> std::countl_zero(stops | 1)) & stops;
        flips |= rays[d] & ~((first << 1) - 1) & (0 - static_cast<Bitboard>((first & mine) != 0));
    }
    return flips;
}

class Game {
public:
    using State = reversi::State;
    using Move = reversi::Move;
    static constexpr int kMaxMoves = 64;  // at most 60 empty cells, or the pass

    explicit Game(Player rootPlayer) : root_(rootPlayer) {}

    int generateMoves(const State& state, MoveBuffer<Game>& out) const {
        Bitboard moves = legalMoves(state, state.toMove);
        int count = 0;
        for (; moves; moves &= moves - 1) out[count++] = static_cast<Move>(std::countr_zero(moves));
        if (count == 0) out[count++] = kPass;
        return count;
    }
    void play(State& state, Move move) const {
        if (move == kPass) {
            ++state.consecutivePasses;
        } else {
            const Bitboard flips = flipsOf(state, move);
            const int me = static_cast<int>(state.toMove);
            state.pieces[me] |= flips | (Bitboard{1} << move);
            state.pieces[1 - me] &= ~flips;
            state.consecutivePasses = 0;
        }
        state.toMove = opponent(state.toMove);
    }
    bool isTerminal(const State& state) const { return state.consecutivePasses >= 2; }
    // Σ W over the root's pieces − Σ W over the opponent's.
    Value evaluate(const State& state) const {
        return detail::weightOf(state.pieces[static_cast<int>(root_)]) - detail::weightOf(state.pieces[static_cast<int>(opponent(root_))]);
    }
    // evaluate() after play(move) for the moves from `state` (HasLeafValues in search.hpp): the parent's
    // value once, then per move the placed cell and twice the flipped cells (each changes sides), read
    // from kBetween per bracketing ray without building the flip mask.
    auto leafValues(const State& state) const {
        const Value before = evaluate(state);
        const bool rootMoves = state.toMove == root_;
        const Bitboard mine = state.pieces[static_cast<int>(state.toMove)];
        const Bitboard theirs = state.pieces[static_cast<int>(opponent(state.toMove))];
        return [before, rootMoves, mine, theirs](Move move) -> Value {
            if (move == kPass) return before;
            const std::array<Bitboard, 8>& rays = detail::kRays[move];
            const std::array<std::int16_t, 64>& between = detail::kBetween[move];
            int flipped = 0;
            // The nearest non-opponent cell of each ray (as in flipsOf); the ray brackets when it is ours.
            // An empty `stops` gives a stand-in position whose bit of stops & mine is 0.
            for (int d = 0; d < 4; ++d) {
                const Bitboard stops = rays[d] & ~theirs;
                const int end = std::countr_zero(stops | Bitboard{1} << 63);
                flipped += between[end] & -static_cast<int>(((stops & mine) >> end) & 1);
            }
            for (int d = 4; d < 8; ++d) {
                const Bitboard stops = rays[d] & ~theirs;
                const int end = 63 - std::countl_zero(stops | 1);
                flipped += between[end] & -static_cast<int>(((stops & mine) >> end) & 1);
            }
            const Value gain = detail::kWeights[move] + 2 * flipped;
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
