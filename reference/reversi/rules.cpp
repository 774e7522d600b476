#include "reference/reversi/rules.hpp"

#include <bit>

namespace plyjudge::reversi {

namespace {

constexpr std::array<int, 64> kWeights = {
    99, -8,  8,  6,  6,  8, -8, 99,   //
    -8, -24, -4, -3, -3, -4, -24, -8,  //
    8,  -4,  7,  4,  4,  7, -4,  8,   //
    6,  -3,  4,  0,  0,  4, -3,  6,   //
    6,  -3,  4,  0,  0,  4, -3,  6,   //
    8,  -4,  7,  4,  4,  7, -4,  8,   //
    -8, -24, -4, -3, -3, -4, -24, -8,  //
    99, -8,  8,  6,  6,  8, -8, 99,
};

// The cells of each distinct non-zero weight, so evaluation is a handful of popcounts.
struct WeightClass {
    int weight;
    Bitboard cells;
};
constexpr auto kWeightClasses = [] {
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

constexpr Bitboard kNotFileA = 0xfefefefefefefefeULL;  // column 0 cleared
constexpr Bitboard kNotFileH = 0x7f7f7f7f7f7f7f7fULL;  // column 7 cleared

// The 8 directions as (shift, mask applied after shifting) pairs; positive shifts move towards higher indices.
struct Direction {
    int shift;
    Bitboard mask;
};
constexpr std::array<Direction, 8> kDirections = {{
    {1, kNotFileA}, {-1, kNotFileH}, {8, ~0ULL}, {-8, ~0ULL},
    {9, kNotFileA}, {7, kNotFileH},  {-7, kNotFileA}, {-9, kNotFileH},
}};

constexpr Bitboard shifted(Bitboard b, const Direction& d) {
    return (d.shift > 0 ? b << d.shift : b >> -d.shift) & d.mask;
}

// kRays[cell][d]: the cells strictly beyond `cell` in direction d, up to the board's edge.
constexpr std::array<std::array<Bitboard, 8>, 64> kRays = [] {
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

constexpr std::array<std::array<char, 2>, 64> kCellNames = [] {
    std::array<std::array<char, 2>, 64> names{};
    for (int i = 0; i < 64; ++i) names[i] = {static_cast<char>('a' + i % 8), static_cast<char>('1' + i / 8)};
    return names;
}();

}  // namespace

Bitboard legalMoves(const State& state, Player p) {
    const Bitboard mine = state.pieces[static_cast<int>(p)];
    const Bitboard theirs = state.pieces[static_cast<int>(opponent(p))];
    const Bitboard empty = ~(mine | theirs);
    Bitboard moves = 0;
    for (const Direction& d : kDirections) {
        // Runs of opponent pieces next to ours, grown 1, 1, 2, 2 steps at a time (a run is at most 6 long).
        Bitboard run = shifted(mine, d) & theirs;
        run |= shifted(run, d) & theirs;
        const Bitboard pairs = theirs & shifted(theirs, d);
        run |= shifted(shifted(run, d), d) & pairs;
        run |= shifted(shifted(run, d), d) & pairs;
        moves |= shifted(run, d) & empty;
    }
    return moves;
}

Bitboard flipsOf(const State& state, int cell) {
    const Bitboard mine = state.pieces[static_cast<int>(state.toMove)];
    const Bitboard theirs = state.pieces[static_cast<int>(opponent(state.toMove))];
    if ((mine | theirs) & (Bitboard{1} << cell)) return 0;
    Bitboard flips = 0;
    for (int d = 0; d < 8; ++d) {
        // The first cell along the ray that is not the opponent's ends the run; it must be ours.
        const Bitboard ray = kRays[cell][d];
        const Bitboard stops = ray & ~theirs;
        if (!stops) continue;
        if (kDirections[d].shift > 0) {
            const Bitboard first = stops & (~stops + 1);  // lowest: nearest in an ascending ray
            if (first & mine) flips |= ray & (first - 1);
        } else {
            const Bitboard first = Bitboard{1} << (63 - std::countl_zero(stops));  // highest: nearest
            if (first & mine) flips |= ray & ~(first | (first - 1));
        }
    }
    return flips;
}

int Game::generateMoves(const State& state, MoveBuffer<Game>& out) const {
    Bitboard moves = legalMoves(state, state.toMove);
    int count = 0;
    while (moves) {
        out[count++] = static_cast<Move>(std::countr_zero(moves));
        moves &= moves - 1;
    }
    if (count == 0) out[count++] = kPass;
    return count;
}

void Game::play(State& state, Move move) const {
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

Value Game::evaluate(const State& state) const {
    // Σ W over the root's pieces − Σ W over the opponent's, one popcount pair per distinct weight.
    const Bitboard mine = state.pieces[static_cast<int>(root_)];
    const Bitboard theirs = state.pieces[static_cast<int>(opponent(root_))];
    Value e = 0;
    for (const WeightClass& w : kWeightClasses) e += w.weight * (std::popcount(mine & w.cells) - std::popcount(theirs & w.cells));
    return e;
}

std::string_view Game::moveName(Move move) const {
    if (move == kPass) return "pass";
    return {kCellNames[move].data(), 2};
}

}  // namespace plyjudge::reversi
