// Star vs Circle rules (docs/variants/starcircle.md): board, moves in expansion order, evaluation.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "reference/core/search.hpp"

namespace plyjudge::starcircle {

enum class Player : std::uint8_t { Star, Circle };
inline Player opponent(Player p) { return p == Player::Star ? Player::Circle : Player::Star; }

// Squares are indexed (row - 1) * 8 + (column - 1), row A = 1 at the bottom, column 1 at the left.
inline constexpr int squareOf(int row, int column) { return (row - 1) * 8 + (column - 1); }
inline constexpr int rowOf(int square) { return square / 8 + 1; }
inline constexpr int columnOf(int square) { return square % 8 + 1; }
inline constexpr bool isDark(int row, int column) { return (row + column) % 2 == 0; }
inline constexpr int lastRowOf(Player p) { return p == Player::Star ? 8 : 1; }

// cells[s] > 0: that many Star pieces; < 0: that many Circle pieces; 0: empty.
struct Board {
    std::array<std::int8_t, 64> cells{};
};

struct State {
    Board board;
    Player toMove = Player::Star;
    std::uint8_t consecutivePasses = 0;  // the root's preceding move counts as not-a-pass
    std::uint16_t starPieces = 0;
    std::uint16_t circlePieces = 0;
};

// A move is from * 64 + to; kPass is the pass.
using Move = std::uint16_t;
inline constexpr Move kPass = 64 * 64;
inline constexpr Move makeMove(int from, int to) { return static_cast<Move>(from * 64 + to); }

State makeState(const Board& board, Player toMove);

// The search game, seen from `rootPlayer`, with the input's eight row values.
class Game {
public:
    using State = starcircle::State;
    using Move = starcircle::Move;
    // A piece has one target per diagonal side (a step or a jump): 2 per piece on 32 dark squares, or the pass.
    static constexpr int kMaxMoves = 32 * 2 + 1;

    Game(Player rootPlayer, const std::array<int, 8>& rowValues);

    int generateMoves(const State& state, MoveBuffer<Game>& out) const;
    void play(State& state, Move move) const;
    bool isTerminal(const State& state) const {
        return state.consecutivePasses >= 2 || state.starPieces == 0 || state.circlePieces == 0;
    }
    Value evaluate(const State& state) const;
    std::string_view moveName(Move move) const;

private:
    Player root_;
    // weight_[s]: value of one root-player piece on s; opponent pieces count -opponentWeight_[s].
    std::array<Value, 64> rootWeight_{};
    std::array<Value, 64> opponentWeight_{};
};

}  // namespace plyjudge::starcircle
