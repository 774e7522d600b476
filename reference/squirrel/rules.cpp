#include "reference/squirrel/rules.hpp"

#include <bit>

namespace plyjudge::squirrel {

State makeState(const std::array<Mask, 2>& pieces, Player toMove, const Values& values) {
    State s;
    s.pieces = pieces;
    s.toMove = toMove;
    for (int sq = 0; sq < kSquares; ++sq) {
        if (pieces[0] & bitOf(sq)) s.score += values[sq];
        if (pieces[1] & bitOf(sq)) s.score -= values[sq];
    }
    return s;
}

Game::Game(Player rootPlayer, const Values& values) : root_(rootPlayer), values_(values) {
    for (int sq = 0; sq < kSquares; ++sq) {
        // Every subset of the square's neighbours (indices no subset gives stay 0, never read).
        const Mask near = kNeighbours[sq];
        for (Mask converted = near;; converted = (converted - 1) & near) {
            std::int32_t gain = values[sq];
            for (Mask m = converted; m; m &= m - 1) gain += 2 * values[std::countr_zero(m)];
            gain_[gainIndex(0, sq, converted)] = gain;
            gain_[gainIndex(1, sq, converted)] = -gain;
            if (converted == 0) break;
        }
    }
}

}  // namespace plyjudge::squirrel
