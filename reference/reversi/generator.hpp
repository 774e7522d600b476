// Random legal reversi problems: positions reached by legal play from the standard start (so passes and
// finished games occur naturally), a random player to move, small depths. Shrinks towards fewer plies
// and smaller depth.
#pragma once

#include <rapidcheck.h>

#include <string>
#include <vector>

#include "reference/reversi/problem.hpp"

namespace plyjudge::reversi {

inline State startPosition() {
    State s;
    s.pieces[static_cast<int>(Player::White)] = (Bitboard{1} << 27) | (Bitboard{1} << 36);  // d4, e5
    s.pieces[static_cast<int>(Player::Black)] = (Bitboard{1} << 28) | (Bitboard{1} << 35);  // e4, d5
    rescore(s);
    return s;
}

// Plays `choices` from the start: each choice picks one legal move (modulo their number; a pass when
// there is none). Stops early when the game is over.
inline State playOut(const std::vector<unsigned>& choices) {
    const Game rules(Player::Black);  // evaluation perspective is irrelevant here
    State s = startPosition();
    MoveBuffer<Game> moves;
    for (unsigned choice : choices) {
        if (rules.isTerminal(s)) break;
        const int n = rules.generateMoves(s, moves);
        rules.play(s, moves[choice % static_cast<unsigned>(n)]);
    }
    s.consecutivePasses = 0;  // the root's preceding move counts as not-a-pass
    return s;
}

// maxDepth bounds the search cost of the generated problems (tests use 3-5).
inline rc::Gen<Problem> problems(int maxDepth = 4) {
    return rc::gen::map(
        rc::gen::tuple(rc::gen::container<std::vector<unsigned>>(rc::gen::inRange(0u, 64u)),
                       rc::gen::inRange(1, maxDepth + 1), rc::gen::arbitrary<bool>()),
        [](const std::tuple<std::vector<unsigned>, int, bool>& t) {
            Problem p;
            p.root = playOut(std::get<0>(t));
            p.depth = std::get<1>(t);
            // Either the side whose turn it is in play, or the other one (inputs may give either).
            p.player = std::get<2>(t) ? p.root.toMove : opponent(p.root.toMove);
            p.root.toMove = p.player;
            return p;
        });
}

// Inputs one step simpler than `input`, for the fuzzer's shrinking (simplify.cpp; see InputGenerator::simpler).
std::vector<std::string> simplerInputs(const std::string& input);

}  // namespace plyjudge::reversi
