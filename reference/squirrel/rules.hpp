// Squirrel War rules (docs/variants/squirrel.md): a 5x5 board of valued squares, raid and sneak, the
// row-major expansion order and the root player's score.
#pragma once

#include <array>
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

// The square's name, e.g. "C3".
std::string_view squareName(int square);

// The search game seen from `rootPlayer` with the input's square values.
class Game {
public:
    using State = squirrel::State;
    using Move = squirrel::Move;
    static constexpr int kMaxMoves = kSquares;

    Game(Player rootPlayer, const Values& values) : root_(rootPlayer), values_(values) {}

    int generateMoves(const State& state, MoveBuffer<Game>& out) const;
    void play(State& state, Move move) const;
    bool isTerminal(const State& state) const { return state.occupied() == kFullBoard; }
    Value evaluate(const State& state) const { return root_ == Player::X ? state.score : -state.score; }
    std::string_view moveName(Move move) const { return squareName(move); }

    Player rootPlayer() const { return root_; }
    const Values& values() const { return values_; }

private:
    Player root_;
    Values values_;
};

}  // namespace plyjudge::squirrel
