// Star vs Circle rules (docs/variants/starcircle.md): board, moves in expansion order, evaluation.
// The per-node functions are defined here, in the header, so that the search core inlines them.
#pragma once

#include <array>
#include <bit>
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

// One bit per square, bit s for square s.
using Bitboard = std::uint64_t;

struct State {
    Board board;
    Player toMove = Player::Star;
    std::uint8_t consecutivePasses = 0;  // the root's preceding move counts as not-a-pass
    std::uint16_t starPieces = 0;
    std::uint16_t circlePieces = 0;
    // The squares holding each side's pieces (indexed by Player), kept with board by makeState and
    // play: moves are generated from these masks, never by scanning the 64 cells.
    std::array<Bitboard, 2> occupied{};
};

// A move is from * 64 + to; kPass is the pass.
using Move = std::uint16_t;
inline constexpr Move kPass = 64 * 64;
inline constexpr Move makeMove(int from, int to) { return static_cast<Move>(from * 64 + to); }

State makeState(const Board& board, Player toMove);

namespace detail {

inline constexpr Bitboard kRow1 = 0xffULL;
inline constexpr Bitboard kRow8 = 0xffULL << 56;
inline constexpr Bitboard kColumn1 = 0x0101010101010101ULL;
inline constexpr Bitboard kColumn2 = kColumn1 << 1;
inline constexpr Bitboard kColumn7 = kColumn1 << 6;
inline constexpr Bitboard kColumn8 = kColumn1 << 7;

// "F4-H2" for every from/to pair: built at compile time so moveName is one table read.
inline constexpr auto kMoveNames = [] {
    std::array<std::array<char, 5>, 64 * 64> text{};
    for (int from = 0; from < 64; ++from) {
        for (int to = 0; to < 64; ++to) {
            text[from * 64 + to] = {static_cast<char>('A' + rowOf(from) - 1), static_cast<char>('0' + columnOf(from)), '-',
                                    static_cast<char>('A' + rowOf(to) - 1), static_cast<char>('0' + columnOf(to))};
        }
    }
    return text;
}();

}  // namespace detail

// The search game, seen from `rootPlayer`, with the input's eight row values.
class Game {
public:
    using State = starcircle::State;
    using Move = starcircle::Move;
    // A piece has one target per diagonal side (a step or a jump): 2 per piece on 32 dark squares, or the pass.
    static constexpr int kMaxMoves = 32 * 2 + 1;

    Game(Player rootPlayer, const std::array<int, 8>& rowValues);

    int generateMoves(const State& state, MoveBuffer<Game>& out) const {
        return state.toMove == Player::Star ? movesOf<Player::Star>(state, out) : movesOf<Player::Circle>(state, out);
    }

    // Branch-free but for the pass: whether a move jumps (and so captures) follows no pattern a branch
    // predictor could learn.
    void play(State& state, Move move) const {
        const Player p = state.toMove;
        state.toMove = opponent(p);
        if (move == kPass) {
            ++state.consecutivePasses;
            return;
        }
        state.consecutivePasses = 0;
        const int me = static_cast<int>(p);
        const int sign = 1 - 2 * me;  // Star +1, Circle -1
        const int from = move / 64;
        const int to = move % 64;
        const int jump = isJump(from, to);
        const int jumped = (from + to) / 2;  // on a step some other square, changed by 0
        std::array<std::int8_t, 64>& cells = state.board.cells;
        cells[from] = static_cast<std::int8_t>(cells[from] - sign);
        cells[to] = static_cast<std::int8_t>(cells[to] + sign);
        cells[jumped] = static_cast<std::int8_t>(cells[jumped] + sign * jump);
        state.occupied[me] &= ~(Bitboard{cells[from] == 0} << from);
        state.occupied[me] |= Bitboard{1} << to;
        // An empty square is nobody's: on a step clearing it changes nothing.
        state.occupied[1 - me] &= ~(Bitboard{cells[jumped] == 0} << jumped);
        state.circlePieces = static_cast<std::uint16_t>(state.circlePieces - (jump & (me ^ 1)));
        state.starPieces = static_cast<std::uint16_t>(state.starPieces - (jump & me));
    }

    bool isTerminal(const State& state) const {
        return state.consecutivePasses >= 2 || state.starPieces == 0 || state.circlePieces == 0;
    }

    // Σ over the root's pieces of their weight − Σ over the opponent's (stacks count every piece).
    Value evaluate(const State& state) const {
        const int r = static_cast<int>(root_);
        Value e = 0;
        for (Bitboard b = state.occupied[r]; b; b &= b - 1) {
            const int s = std::countr_zero(b);
            e += magnitude(state.board.cells[s]) * rootWeight_[s];
        }
        for (Bitboard b = state.occupied[1 - r]; b; b &= b - 1) {
            const int s = std::countr_zero(b);
            e -= magnitude(state.board.cells[s]) * opponentWeight_[s];
        }
        return e;
    }

    // evaluate() after play(move) for the moves from `state` (HasLeafValues in search.hpp): the parent's
    // value once, then per move the mover's piece changing squares and a captured piece leaving, from tables
    // already signed for the side to move (no branch on the side or on a jump).
    auto leafValues(const State& state) const {
        const Value before = evaluate(state);
        const int side = state.toMove == root_ ? 0 : 1;
        const std::array<Value, 64>& mover = moverGain_[side];
        const std::array<Value, 64>& victim = victimGain_[side];
        return [before, &mover, &victim](Move move) -> Value {
            if (move == kPass) return before;  // the only move when it is one: predicted
            const int from = move / 64, to = move % 64;
            return before + mover[to] - mover[from] + (victim[(from + to) / 2] & -Value{isJump(from, to)});
        };
    }

    std::string_view moveName(Move move) const {
        if (move == kPass) return "pass";
        return {detail::kMoveNames[move].data(), 5};
    }

private:
    static Value magnitude(int cell) { return cell < 0 ? -cell : cell; }
    // 1 for a jump (two rows: to - from is +-14 or +-18), 0 for a step (+-7 or +-9).
    static int isJump(int from, int to) { return static_cast<unsigned>(to - from + 13) > 26u; }

    // The moves of P, in the spec's expansion order. Each piece has up to four candidate moves: for Star
    // the jumps (to the upper row) before the steps, for Circle the steps before the jumps, each pair left
    // before right. A piece lands on an empty square, or on its own stack on its last row; pieces on their
    // last row never move. Each mask holds the from-squares of one candidate; the offsets (to - from) are
    // constants of P, so the loop below has no table to read.
    template <Player P>
    static int movesOf(const State& state, MoveBuffer<Game>& out) {
        using namespace detail;
        const Bitboard star = state.occupied[0], circle = state.occupied[1];
        const Bitboard empty = ~(star | circle);
        std::array<Bitboard, 4> from;
        constexpr std::array<int, 4> offset =
            P == Player::Star ? std::array<int, 4>{14, 18, 7, 9} : std::array<int, 4>{-9, -7, -18, -14};
        if constexpr (P == Player::Star) {
            const Bitboard land = empty | (star & kRow8);
            const Bitboard movable = star & ~kRow8;
            from = {movable & ~(kColumn1 | kColumn2) & (circle >> 7) & (land >> 14),
                    movable & ~(kColumn7 | kColumn8) & (circle >> 9) & (land >> 18),
                    movable & ~kColumn1 & (land >> 7), movable & ~kColumn8 & (land >> 9)};
        } else {
            const Bitboard land = empty | (circle & kRow1);
            const Bitboard movable = circle & ~kRow1;
            from = {movable & ~kColumn1 & (land << 9), movable & ~kColumn8 & (land << 7),
                    movable & ~(kColumn1 | kColumn2) & (star << 9) & (land << 18),
                    movable & ~(kColumn7 | kColumn8) & (star << 7) & (land << 14)};
        }
        int count = 0;
        // From-squares in positional order, upper rows first, then left to right: with the bytes (rows)
        // reversed, ascending bit order is exactly that; bit i of the reversed mask is square i ^ 56.
        for (Bitboard pieces = __builtin_bswap64(from[0] | from[1] | from[2] | from[3]); pieces; pieces &= pieces - 1) {
            const int square = std::countr_zero(pieces) ^ 56;
            for (int k = 0; k < 4; ++k) {  // stored always, kept when the candidate is a move
                out[count] = makeMove(square, square + offset[k]);
                count += static_cast<int>((from[k] >> square) & 1);
            }
        }
        if (count == 0) out[count++] = kPass;
        return count;
    }

    Player root_;
    // rootWeight_[s]: value of one root-player piece on s; opponent pieces count -opponentWeight_[s].
    std::array<Value, 64> rootWeight_{};
    std::array<Value, 64> opponentWeight_{};
    // For leafValues(), by side to move (0 the root, 1 its opponent), signed for the root's view: the mover's
    // weights (rootWeight_, or -opponentWeight_) and its victim's (opponentWeight_, or -rootWeight_).
    std::array<std::array<Value, 64>, 2> moverGain_{};
    std::array<std::array<Value, 64>, 2> victimGain_{};
};

}  // namespace plyjudge::starcircle
