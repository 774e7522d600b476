#include "reference/reversi/moves.hpp"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace plyjudge::reversi {

namespace {

Bitboard portableOutOfLine(Bitboard mine, Bitboard theirs) { return portableMovesOf(mine, theirs); }

// Picks the version on the first call (any thread; they all pick the same) and forwards it.
Bitboard chooseOnFirstCall(Bitboard mine, Bitboard theirs) {
    const MovesFunction chosen = avx2Available() ? avx2MovesOf : portableOutOfLine;
    movesFunction.store(chosen, std::memory_order_relaxed);
    return chosen(mine, theirs);
}

}  // namespace

std::atomic<MovesFunction> movesFunction{chooseOnFirstCall};

#if defined(__x86_64__)
bool avx2Available() {
    static const bool available = __builtin_cpu_supports("avx2");
    return available;
}

// portableMovesOf()'s steps with the lanes (1, 8, 7, 9): lane i shifts by shift[i], and the opponent's pieces are
// kept off columns a and h in every lane but the vertical one's.
__attribute__((target("avx2"))) Bitboard avx2MovesOf(Bitboard mine, Bitboard theirs) {
    const __m256i shift = _mm256_set_epi64x(9, 7, 8, 1);
    const __m256i shift2 = _mm256_add_epi64(shift, shift);
    const __m256i wrapMask = _mm256_set_epi64x(0x7e7e7e7e7e7e7e7eLL, 0x7e7e7e7e7e7e7e7eLL, -1LL, 0x7e7e7e7e7e7e7e7eLL);
    const __m256i m = _mm256_set1_epi64x(static_cast<long long>(mine));
    const __m256i t = _mm256_and_si256(_mm256_set1_epi64x(static_cast<long long>(theirs)), wrapMask);
    __m256i up = _mm256_and_si256(_mm256_sllv_epi64(m, shift), t);
    __m256i down = _mm256_and_si256(_mm256_srlv_epi64(m, shift), t);
    up = _mm256_or_si256(up, _mm256_and_si256(_mm256_sllv_epi64(up, shift), t));
    down = _mm256_or_si256(down, _mm256_and_si256(_mm256_srlv_epi64(down, shift), t));
    const __m256i upPairs = _mm256_and_si256(t, _mm256_sllv_epi64(t, shift));
    const __m256i downPairs = _mm256_srlv_epi64(upPairs, shift);
    up = _mm256_or_si256(up, _mm256_and_si256(_mm256_sllv_epi64(up, shift2), upPairs));
    down = _mm256_or_si256(down, _mm256_and_si256(_mm256_srlv_epi64(down, shift2), downPairs));
    up = _mm256_or_si256(up, _mm256_and_si256(_mm256_sllv_epi64(up, shift2), upPairs));
    down = _mm256_or_si256(down, _mm256_and_si256(_mm256_srlv_epi64(down, shift2), downPairs));
    const __m256i lanes = _mm256_or_si256(_mm256_sllv_epi64(up, shift), _mm256_srlv_epi64(down, shift));
    const __m128i halves = _mm_or_si128(_mm256_castsi256_si128(lanes), _mm256_extracti128_si256(lanes, 1));
    const Bitboard moves = static_cast<Bitboard>(_mm_cvtsi128_si64(halves)) |
                           static_cast<Bitboard>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(halves, halves)));
    return moves & ~(mine | theirs);
}

#else
// Elsewhere than x86-64 the portable version is all there is.
bool avx2Available() { return false; }
Bitboard avx2MovesOf(Bitboard mine, Bitboard theirs) { return portableMovesOf(mine, theirs); }
#endif

}  // namespace plyjudge::reversi
