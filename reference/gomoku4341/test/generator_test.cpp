// The gomoku4341 mid-game generator: positions from alternate play, X first, no five anywhere (the
// game is still on), each stone near another, the side to move and move number consistent.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "reference/gomoku4341/generator.hpp"

namespace plyjudge::gomoku4341 {
namespace {

RC_GTEST_PROP(Gomoku4341Generator, MidGamesAreOngoingGamesFromAlternatePlay, ()) {
    const MidGame g = *midGames(60);
    int x = 0, o = 0;
    for (int cell = 0; cell < kCells; ++cell) {
        const Stone s = g.board.at(cell);
        if (s == Stone::Empty) continue;
        (s == Stone::X ? x : o) += 1;
        RC_ASSERT(!g.board.fiveThrough(cell));
        if (g.board.stones() > 1) {
            bool neighbour = false;
            const Point p = Point::ofCell(cell);
            for (int dc = -2; dc <= 2; ++dc) {
                for (int dr = -2; dr <= 2; ++dr) {
                    if ((dc || dr) && onBoard(p.column + dc, p.row + dr) && g.board.at(Point{p.column + dc, p.row + dr}) != Stone::Empty) {
                        neighbour = true;
                    }
                }
            }
            RC_ASSERT(neighbour);
        }
    }
    RC_ASSERT(x + o == g.board.stones());
    RC_ASSERT(g.board.stones() <= 60);
    RC_ASSERT(x == o || x == o + 1);
    RC_ASSERT(g.toMove == (x == o ? Stone::X : Stone::O));
    RC_ASSERT(g.moveNumber == g.board.stones() + 1);
    if (g.board.stones() > 0) RC_ASSERT(g.board.at(Point{kSize / 2, kSize / 2}) != Stone::Empty);
}

}  // namespace
}  // namespace plyjudge::gomoku4341
