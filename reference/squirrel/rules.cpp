#include "reference/squirrel/rules.hpp"

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
    for (int sq = 0; sq < kSquares; ++sq) doubled_[sq] = 2 * values[sq];
}

}  // namespace plyjudge::squirrel
