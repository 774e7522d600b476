#include "reference/starcircle/rules.hpp"

namespace plyjudge::starcircle {

namespace {

// Star's weight of row r is v_r; Circle's weight of row r is v_(9-r) (row H is Circle's v1).
Value rowWeight(Player p, int row, const std::array<int, 8>& values) {
    return p == Player::Star ? values[row - 1] : values[8 - row];
}

}  // namespace

State makeState(const Board& board, Player toMove) {
    State s;
    s.board = board;
    s.toMove = toMove;
    for (int square = 0; square < 64; ++square) {
        const std::int8_t c = board.cells[square];
        if (c > 0) {
            s.starPieces = static_cast<std::uint16_t>(s.starPieces + c);
            s.occupied[static_cast<int>(Player::Star)] |= Bitboard{1} << square;
        }
        if (c < 0) {
            s.circlePieces = static_cast<std::uint16_t>(s.circlePieces - c);
            s.occupied[static_cast<int>(Player::Circle)] |= Bitboard{1} << square;
        }
    }
    return s;
}

Game::Game(Player rootPlayer, const std::array<int, 8>& rowValues) : root_(rootPlayer) {
    for (int s = 0; s < 64; ++s) {
        rootWeight_[s] = rowWeight(root_, rowOf(s), rowValues);
        opponentWeight_[s] = rowWeight(opponent(root_), rowOf(s), rowValues);
        moverGain_[0][s] = rootWeight_[s];
        victimGain_[0][s] = opponentWeight_[s];
        moverGain_[1][s] = -opponentWeight_[s];
        victimGain_[1][s] = -rootWeight_[s];
    }
}

}  // namespace plyjudge::starcircle
