// Random mid-game gomoku4341 positions (15x15): stones played alternately from the empty board, X first,
// each near the stones already down (within two points, as real games grow), never making five, so the
// game is still on. Shrinks towards fewer stones (shorter move lists) and earlier choices.
#pragma once

#include <rapidcheck.h>

#include <vector>

#include "reference/gomoku4341/rules.hpp"

namespace plyjudge::gomoku4341 {

struct MidGame {
    Board board;
    Stone toMove = Stone::X;
    int moveNumber = 1;  // the number of the move to be played next (1-based), for the swap rule
};

// Plays `choices` from the empty board; each picks one of the empty points within distance 2 of a stone
// (the centre H8 first), skipping points that would make five. Stops early if no such point is left.
inline MidGame playOut(const std::vector<unsigned>& choices) {
    MidGame g;
    std::vector<int> near;
    for (unsigned choice : choices) {
        near.clear();
        if (g.board.stones() == 0) {
            near.push_back(Point{kSize / 2, kSize / 2}.cell());
        } else {
            for (int cell = 0; cell < kCells; ++cell) {
                if (g.board.at(cell) != Stone::Empty) continue;
                const Point p = Point::ofCell(cell);
                bool close = false;
                for (int dc = -2; dc <= 2 && !close; ++dc) {
                    for (int dr = -2; dr <= 2 && !close; ++dr) {
                        close = onBoard(p.column + dc, p.row + dr) && g.board.at(Point{p.column + dc, p.row + dr}) != Stone::Empty;
                    }
                }
                if (close) near.push_back(cell);
            }
        }
        bool played = false;
        for (std::size_t k = 0; k < near.size() && !played; ++k) {
            const int cell = near[(choice + k) % near.size()];
            g.board.play(Point::ofCell(cell), g.toMove);
            if (g.board.fiveThrough(cell)) {
                g.board.clear(cell);
                continue;
            }
            played = true;
        }
        if (!played) break;
        g.toMove = other(g.toMove);
        ++g.moveNumber;
    }
    return g;
}

// Mid-game positions of 0..maxStones stones.
inline rc::Gen<MidGame> midGames(int maxStones = 60) {
    return rc::gen::map(rc::gen::mapcat(rc::gen::inRange(0, maxStones + 1),
                                        [](int count) {
                                            return rc::gen::container<std::vector<unsigned>>(
                                                static_cast<std::size_t>(count), rc::gen::inRange(0u, 4096u));
                                        }),
                        [](const std::vector<unsigned>& choices) { return playOut(choices); });
}

}  // namespace plyjudge::gomoku4341
