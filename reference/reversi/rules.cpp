#include "rules.hpp"

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
        Bitboard run = shifted(mine, d) & theirs;
        for (int i = 0; i < 5; ++i) run |= shifted(run, d) & theirs;
        moves |= shifted(run, d) & empty;
    }
    return moves;
}

Bitboard flipsOf(const State& state, int cell) {
    const Bitboard mine = state.pieces[static_cast<int>(state.toMove)];
    const Bitboard theirs = state.pieces[static_cast<int>(opponent(state.toMove))];
    const Bitboard start = Bitboard{1} << cell;
    if ((mine | theirs) & start) return 0;
    Bitboard flips = 0;
    for (const Direction& d : kDirections) {
        Bitboard run = 0;
        Bitboard at = shifted(start, d);
        while (at & theirs) {
            run |= at;
            at = shifted(at, d);
        }
        if (at & mine) flips |= run;
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
    Value e = 0;
    for (Bitboard b = state.pieces[static_cast<int>(root_)]; b; b &= b - 1) e += kWeights[std::countr_zero(b)];
    for (Bitboard b = state.pieces[static_cast<int>(opponent(root_))]; b; b &= b - 1) e -= kWeights[std::countr_zero(b)];
    return e;
}

std::string_view Game::moveName(Move move) const {
    if (move == kPass) return "pass";
    return {kCellNames[move].data(), 2};
}

}  // namespace plyjudge::reversi
