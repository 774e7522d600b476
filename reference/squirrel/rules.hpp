// Squirrel War rules (docs/variants/squirrel.md): a 5x5 board of valued squares, raid and sneak, the
// row-major expansion order and the root player's score.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string_view>

#include "reference/core/search.hpp"

namespace plyjudge::squirrel {

enum class Player : std::uint8_t { X, O };
inline constexpr Player opponent(Player p) { return p == Player::X ? Player::O : Player::X; }
inline constexpr char symbolOf(Player p) { return p == Player::X ? 'X' : 'O'; }

inline constexpr int kSide = 5;
inline constexpr int kSquares = kSide * kSide;

// Square index = (row - 1) * 5 + (column - 1), row 1 at the top, column A at the left: ascending index is
// the expansion and tie order A1, B1, ..., E1, A2, ... .
inline constexpr int squareOf(int row, int column) { return (row - 1) * kSide + (column - 1); }
inline constexpr int rowOf(int square) { return square / kSide + 1; }
inline constexpr int columnOf(int square) { return square % kSide + 1; }

using Mask = std::uint32_t;  // one bit per square
inline constexpr Mask kFullBoard = (Mask{1} << kSquares) - 1;
inline constexpr Mask bitOf(int square) { return Mask{1} << square; }

// The squares 4-adjacent (up, down, left, right; never diagonal) to each square.
inline constexpr std::array<Mask, kSquares> kNeighbours = [] {
    std::array<Mask, kSquares> n{};
    for (int s = 0; s < kSquares; ++s) {
        const int r = rowOf(s), c = columnOf(s);
        if (r > 1) n[s] |= bitOf(squareOf(r - 1, c));
        if (r < kSide) n[s] |= bitOf(squareOf(r + 1, c));
        if (c > 1) n[s] |= bitOf(squareOf(r, c - 1));
        if (c < kSide) n[s] |= bitOf(squareOf(r, c + 1));
    }
    return n;
}();

// The same neighbours as a list of up to 4 squares, padded with kSquares (no square): play() sums the
// converted neighbours' values with 4 fixed steps instead of a loop over a mask of 0-4 bits.
inline constexpr std::array<std::array<std::uint8_t, 4>, kSquares> kNeighbourList = [] {
    std::array<std::array<std::uint8_t, 4>, kSquares> list{};
    for (int s = 0; s < kSquares; ++s) {
        int n = 0;
        for (int t = 0; t < kSquares; ++t) {
            if (kNeighbours[s] & bitOf(t)) list[s][n++] = static_cast<std::uint8_t>(t);
        }
        while (n < 4) list[s][n++] = kSquares;
    }
    return list;
}();

using Values = std::array<int, kSquares>;  // each square's value, 1..99

// 12 bytes, copied per node. `score` is X's total minus O's total, kept up to date by play() so that
// evaluation is one negation at most.
struct State {
    std::array<Mask, 2> pieces{};  // indexed by Player
    std::int32_t score = 0;
    Player toMove = Player::X;

    Mask occupied() const { return pieces[0] | pieces[1]; }
    bool operator==(const State&) const = default;
};

// A board (pieces) with its score computed from the values.
State makeState(const std::array<Mask, 2>& pieces, Player toMove, const Values& values);

using Move = std::uint8_t;  // the square taken

// A move by the side to move is a raid when the square touches one of its pieces.
inline bool isRaid(const State& state, Move square) {
    return (kNeighbours[square] & state.pieces[static_cast<int>(state.toMove)]) != 0;
}

// The enemy pieces a move by the side to move converts: every 4-adjacent one on a raid, none on a sneak.
inline Mask conversionsOf(const State& state, Move square) {
    if (!isRaid(state, square)) return 0;
    return kNeighbours[square] & state.pieces[static_cast<int>(opponent(state.toMove))];
}

namespace detail {
inline constexpr std::array<std::array<char, 2>, kSquares> kSquareNames = [] {
    std::array<std::array<char, 2>, kSquares> names{};
    for (int s = 0; s < kSquares; ++s) names[s] = {static_cast<char>('A' + columnOf(s) - 1), static_cast<char>('0' + rowOf(s))};
    return names;
}();
}  // namespace detail

// The square's name, e.g. "C3".
inline std::string_view squareName(int square) { return {detail::kSquareNames[square].data(), 2}; }

// The search game seen from `rootPlayer` with the input's square values. The per-node functions are
// defined here, in the header, so that the search core inlines them.
class Game {
public:
    using State = squirrel::State;
    using Move = squirrel::Move;
    static constexpr int kMaxMoves = kSquares;

    Game(Player rootPlayer, const Values& values);

    int generateMoves(const State& state, MoveBuffer<Game>& out) const {
        int count = 0;
        for (Mask empty = ~state.occupied() & kFullBoard; empty; empty &= empty - 1) {
            out[count++] = static_cast<Move>(std::countr_zero(empty));
        }
        return count;
    }
    void play(State& state, Move move) const {
        const int me = static_cast<int>(state.toMove);
        Mask converted;
        state.score += scoreGain(state, move, converted);
        state.pieces[me] |= converted | bitOf(move);
        state.pieces[1 - me] &= ~converted;
        state.toMove = opponent(state.toMove);
    }
    bool isTerminal(const State& state) const { return state.occupied() == kFullBoard; }
    Value evaluate(const State& state) const { return root_ == Player::X ? state.score : -state.score; }
    // evaluate() after play(move), for the moves from `state`, without building the children
    // (HasLeafValues in search.hpp).
    auto leafValues(const State& state) const {
        return [this, &state](Move move) -> Value {
            Mask converted;
            const std::int32_t score = state.score + scoreGain(state, move, converted);
            return root_ == Player::X ? score : -score;
        };
    }
    std::string_view moveName(Move move) const { return squareName(move); }

    Player rootPlayer() const { return root_; }
    const Values& values() const { return values_; }

private:
    // What a move by the side to move adds to State::score (X's total minus O's): the square's value,
    // plus twice the value of each piece it converts (it leaves the enemy's total for the mover's).
    std::int32_t scoreGain(const State& state, Move move, Mask& converted) const {
        const int me = static_cast<int>(state.toMove);
        const Mask near = kNeighbours[move];
        converted = (near & state.pieces[me]) ? near & state.pieces[1 - me] : 0;
        std::int32_t gain = values_[move];
        for (int k = 0; k < 4; ++k) {
            const int n = kNeighbourList[move][k];  // kSquares pads: its bit is never set, its value is 0
            gain += doubled_[n] & -static_cast<std::int32_t>((converted >> n) & 1);
        }
        return me == static_cast<int>(Player::X) ? gain : -gain;
    }

    Player root_;
    Values values_;
    std::array<std::int32_t, kSquares + 1> doubled_{};  // 2 * value per square; 0 for the padding square
};

}  // namespace plyjudge::squirrel
