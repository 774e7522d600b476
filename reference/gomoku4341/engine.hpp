// The reference player's view of gomoku4341 as a SearchGame for the shared search core: threat-aware
// window evaluation, candidate moves near the stones ordered by a local pattern score (forced wins and
// forced blocks first and alone), and the previous iteration's best move first at the root (iterative
// deepening). The search itself is ../core/search.hpp; playing live is ../../referee/player/.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "reference/core/search.hpp"
#include "reference/gomoku4341/rules.hpp"

namespace plyjudge::gomoku4341 {

struct SearchState {
    Board board;
    Stone toMove = Stone::X;
    std::int16_t lastCell = -1;  // the move that led here, -1 at the start
    std::uint16_t ply = 0;       // plies from the search's root
};

// Values: a five is worth kWin minus the plies to it (quicker wins are better); a four the side to move
// completes next, or two fours the opponent cannot both block, kThreatWin minus plies; otherwise the
// window score difference stays far below.
inline constexpr Value kWin = 1'000'000'000;
inline constexpr Value kThreatWin = 100'000'000;

class SearchGameAdapter {
public:
    using State = SearchState;
    using Move = std::int16_t;  // a cell
    static constexpr int kMaxMoves = kCells;

    // `root` is the colour to move at the search's root; `seed` varies the order of equally scored moves
    // (so that games between deterministic players differ); `breadth` caps the moves tried per node.
    SearchGameAdapter(Stone root, std::uint64_t seed, int breadth);

    void setRootFirst(int cell) { rootFirst_ = cell; }

    int generateMoves(const State& state, MoveBuffer<SearchGameAdapter>& out) const;
    void play(State& state, Move move) const;
    bool isTerminal(const State& state) const;
    Value evaluate(const State& state) const;
    std::string_view moveName(Move move) const;

private:
    Stone root_;
    int breadth_;
    int rootFirst_ = -1;
    std::array<std::uint16_t, kCells> tiebreak_{};
};

// The window evaluation from `side`'s point of view with `toMove` to move (exposed for tests).
Value evaluateFor(const Board& board, Stone side, Stone toMove);

}  // namespace plyjudge::gomoku4341
