// Reversi's legal-move generation, the costliest part of an inner node (a sixth of a d10 search's instructions):
// a portable version on 64-bit words and one on AVX2's four 64-bit lanes, one direction per lane, chosen once per
// process by what the processor has. The AVX2 one runs in a function of its own, compiled for AVX2 alone, so the
// rest of the program stays runnable on any x86-64 (the build asks for no more than POPCNT).
#pragma once

#include <atomic>
#include <cstdint>

namespace plyjudge::reversi {

using Bitboard = std::uint64_t;

// The empty cells where the player with pieces `mine` may play against `theirs`. Per direction, runs of opponent
// pieces next to ours, grown 1, 1, 2, 2 steps (a run is at most 6 long), then one more step onto an empty cell. A run
// that bends round an edge is never a bracket, so for the directions with a sideways step the runs are kept off
// columns a and h: the shifts then need no masks (dumb7fill with the wrap masks folded into the opponent's pieces).
[[gnu::always_inline]] inline Bitboard portableMovesOf(Bitboard mine, Bitboard theirs) {
    const Bitboard empty = ~(mine | theirs);
    const Bitboard inner = theirs & 0x7e7e7e7e7e7e7e7eULL;
    Bitboard moves = 0;
    auto both = [&](int shift, Bitboard t) __attribute__((always_inline)) {
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

// The same steps on four lanes at once (directions 1, 8, 7 and 9). Only where avx2Available().
Bitboard avx2MovesOf(Bitboard mine, Bitboard theirs);
bool avx2Available();

// The version this process uses: portableMovesOf out of line, or avx2MovesOf. It starts as a function that makes
// the choice on the first call, so it is set before any static initializer could call it, and is read once per node
// (the indirect call is always the same one, and predicted). A d10 search from the start: see bench/README.md.
using MovesFunction = Bitboard (*)(Bitboard mine, Bitboard theirs);
extern std::atomic<MovesFunction> movesFunction;
[[gnu::always_inline]] inline Bitboard movesOf(Bitboard mine, Bitboard theirs) {
    return movesFunction.load(std::memory_order_relaxed)(mine, theirs);
}

}  // namespace plyjudge::reversi
