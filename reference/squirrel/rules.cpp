#include "reference/squirrel/rules.hpp"

#include <bit>

namespace plyjudge::squirrel {

namespace {

constexpr std::array<std::array<char, 2>, kSquares> kSquareNames = [] {
    std::array<std::array<char, 2>, kSquares> names{};
    for (int s = 0; s < kSquares; ++s) {
        names[s] = {static_cast<char>('A' + columnOf(s) - 1), static_cast<char>('0' + rowOf(s))};
    }
    return names;
}();

int signOf(Player p) { return p == Player::X ? 1 : -1; }

}  // namespace

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

std::string_view squareName(int square) { return {kSquareNames[square].data(), 2}; }

int Game::generateMoves(const State& state, MoveBuffer<Game>& out) const {
    int count = 0;
    for (Mask empty = ~state.occupied() & kFullBoard; empty; empty &= empty - 1) {
        out[count++] = static_cast<Move>(std::countr_zero(empty));
    }
    return count;
}

void Game::play(State& state, Move move) const {
    const int me = static_cast<int>(state.toMove);
    const int sign = signOf(state.toMove);
    const Mask converted = conversionsOf(state, move);
    // A converted piece moves its value from the enemy's total to the mover's: twice its value in score.
    for (Mask m = converted; m; m &= m - 1) state.score += 2 * sign * values_[std::countr_zero(m)];
    state.pieces[me] |= converted | bitOf(move);
    state.pieces[1 - me] &= ~converted;
    state.score += sign * values_[move];
    state.toMove = opponent(state.toMove);
}

}  // namespace plyjudge::squirrel
