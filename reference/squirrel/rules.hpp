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

namespace detail {

// The enemy pieces a move converts: its 4-neighbours of `theirs` on a raid (a 4-neighbour in `mine`), else none.
// Branch-free: raid or sneak follows no pattern the branch predictor could learn.
inline Mask converts(Mask mine, Mask theirs, unsigned square) {
    const Mask near = kNeighbours[square];
    return near & theirs & (Mask{0} - static_cast<Mask>((near & mine) != 0));
}

// Which of the square's 4 neighbours a set of them holds, as 0..15 (for Game's gain table). Shifted so that
// the square is bit 5, the neighbours are bits 0 (above), 4 (left), 6 (right) and 10 (below); multiplying by
// 0x109 gathers those 4 bits into bits 7-10 without collisions (every one of the 16 sets gives another index).
inline unsigned neighbourIndex(Mask neighbours, unsigned square) {
    return ((((neighbours << 5) >> square) * 0x109u) >> 7) & 15u;
}

inline constexpr std::array<std::array<char, 2>, kSquares> kSquareNames = [] {
    std::array<std::array<char, 2>, kSquares> names{};
    for (int s = 0; s < kSquares; ++s) names[s] = {static_cast<char>('A' + columnOf(s) - 1), static_cast<char>('0' + rowOf(s))};
    return names;
}();
}  // namespace detail

// The enemy pieces a move by the side to move converts: every 4-adjacent one on a raid, none on a sneak.
inline Mask conversionsOf(const State& state, Move square) {
    const int me = static_cast<int>(state.toMove);
    return detail::converts(state.pieces[me], state.pieces[1 - me], square);
}

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

    // The empty squares in square order, until visit returns false: the search visits them as they are found
    // (HasMoveWalk in search.hpp), one loop per node instead of a listing loop and then a visiting one.
    template <class Visit>
    [[gnu::always_inline]] void forEachMove(const State& state, const Visit& visit) const {
        for (Mask empty = ~state.occupied() & kFullBoard; empty; empty &= empty - 1) {
            if (!visit(static_cast<Move>(std::countr_zero(empty)))) return;
        }
    }
    int generateMoves(const State& state, MoveBuffer<Game>& out) const { return listWalkedMoves(*this, state, out); }
    // Converted pieces change sides (in both masks at once: they were the enemy's), the square becomes the
    // mover's; branch-free like the gain.
    void play(State& state, Move move) const {
        const int me = static_cast<int>(state.toMove);
        const Mask converted = detail::converts(state.pieces[me], state.pieces[1 - me], move);
        state.score += gain_[gainIndex(me, move, converted)];  // an O move counts negative: score is X's minus O's
        state.pieces[0] ^= converted;
        state.pieces[1] ^= converted;
        state.pieces[me] |= bitOf(move);
        state.toMove = static_cast<Player>(me ^ 1);
    }
    bool isTerminal(const State& state) const { return state.occupied() == kFullBoard; }
    Value evaluate(const State& state) const { return root_ == Player::X ? state.score : -state.score; }
    // evaluate() after play(move), for the moves from `state`, without building the children
    // (HasLeafValues in search.hpp): the parent's value plus the move's gain, negative when the opponent of
    // the root moves.
    auto leafValues(const State& state) const {
        const int me = static_cast<int>(state.toMove);
        const Mask mine = state.pieces[me], theirs = state.pieces[1 - me];
        const Value before = evaluate(state);
        const int sign = state.toMove == root_ ? 0 : 1;
        return [this, mine, theirs, before, sign](Move move) -> Value {
            return before + gain_[gainIndex(sign, move, detail::converts(mine, theirs, move))];
        };
    }
    std::string_view moveName(Move move) const { return squareName(move); }

    Player rootPlayer() const { return root_; }
    const Values& values() const { return values_; }

private:
    // gain_[gainIndex(sign, square, converted)]: what taking `square` and converting `converted` (some of its
    // 4-neighbours) adds to the mover's total minus the other side's: the square's value plus twice each
    // converted piece's (it leaves one total for the other); negated when sign is 1.
    static int gainIndex(int sign, unsigned square, Mask converted) {
        return (sign * kSquares + static_cast<int>(square)) * 16 + static_cast<int>(detail::neighbourIndex(converted, square));
    }

    Player root_;
    Values values_;
    std::array<std::int32_t, 2 * kSquares * 16> gain_{};
};

// `config` with a cut-off beyond the end of the game lowered to it (the number of empty squares at `root`).
// The game ends with the board full, so no node lies deeper and the tree and its log stay the same; but with
// the full boards at the cut-off, the core values them by leafValues() (HasLeafValues in search.hpp) instead
// of building each one. Search faults may move the cut-off (depth-plus-one, depth-minus-one) or what a leaf is: their depth stays.
inline SearchConfig withCutoffAtGameEnd(SearchConfig config, const State& root) {
    const int empty = kSquares - std::popcount(root.occupied());
    if (!config.faults.any() && config.depth > empty) config.depth = empty;
    return config;
}

}  // namespace plyjudge::squirrel
