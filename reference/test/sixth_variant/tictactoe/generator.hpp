// Random tictactoe problems: 4 to 8 stones played alternately from the empty board (X first), never
// through a won or full board, the side to move as the player, either algorithm. Shrinks towards fewer stones.
#pragma once

#include <rapidcheck.h>

#include <vector>

#include "reference/test/sixth_variant/tictactoe/rules.hpp"

namespace plyjudge::tictactoe {

// Plays `choices` from the empty board, each picking a move that leaves the game on (modulo their number).
inline State playOut(const std::vector<unsigned>& choices) {
    State s;
    s.cells.fill(kEmpty);
    const Game rules('X');
    MoveBuffer<Game> moves;
    for (unsigned choice : choices) {
        const int n = rules.generateMoves(s, moves);
        bool played = false;
        for (int k = 0; k < n && !played; ++k) {
            State next = s;
            rules.play(next, moves[static_cast<std::size_t>((choice + static_cast<unsigned>(k)) % static_cast<unsigned>(n))]);
            if (winner(next) != 0 || emptyCells(next) == 0) continue;
            s = next;
            played = true;
        }
        if (!played) break;
    }
    return s;
}

inline rc::Gen<Problem> problems() {
    const auto choices = rc::gen::mapcat(rc::gen::inRange(4, 9), [](int count) {
        return rc::gen::container<std::vector<unsigned>>(static_cast<std::size_t>(count), rc::gen::inRange(0u, 9u));
    });
    return rc::gen::map(rc::gen::pair(choices, rc::gen::arbitrary<bool>()), [](const std::pair<std::vector<unsigned>, bool>& t) {
        return Problem{playOut(t.first), t.second ? Algorithm::AlphaBeta : Algorithm::Minimax};
    });
}

}  // namespace plyjudge::tictactoe
