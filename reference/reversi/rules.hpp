// Reversi rules (docs/variants/reversi.md) on bitboards: moves in positional order, flips, passes,
// the positional-weight evaluation.
#pragma once

#include <array>
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

// Cells where `p` may play, as a bitboard.
Bitboard legalMoves(const State& state, Player p);
// The opponent pieces a move by the side to move at `cell` flips (0 if illegal).
Bitboard flipsOf(const State& state, int cell);

class Game {
public:
    using State = reversi::State;
    using Move = reversi::Move;
    static constexpr int kMaxMoves = 64;  // at most 60 empty cells, or the pass

    explicit Game(Player rootPlayer) : root_(rootPlayer) {}

    int generateMoves(const State& state, MoveBuffer<Game>& out) const;
    void play(State& state, Move move) const;
    bool isTerminal(const State& state) const { return state.consecutivePasses >= 2; }
    Value evaluate(const State& state) const;
    std::string_view moveName(Move move) const;

private:
    Player root_;
};

}  // namespace plyjudge::reversi
