// Hand-built gomoku561 positions for the tests: stones named like "bE9" / "wC7".
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "reference/gomoku561/problem.hpp"
#include "testsupport/move_names.hpp"

namespace plyjudge::gomoku561::testing {

inline int pointNamed(const Game& game, std::string_view name) {
    return game.pointOf(name[0] - 'A', std::stoi(std::string(name.substr(1))));
}

inline Problem problemWith(int size, const std::vector<std::string>& stones, Player player = Player::Black,
                           Algorithm algorithm = Algorithm::Minimax, int depth = 1) {
    Problem p;
    p.size = size;
    p.player = player;
    p.algorithm = algorithm;
    p.depth = depth;
    const Game game(size, player);
    for (const std::string& s : stones) (s[0] == 'b' ? p.black : p.white).set(pointNamed(game, s.substr(1)));
    return p;
}

struct Position {
    Game game;
    State state;
};

// The stones on an N x N board, `toMove` to move, seen from `root`.
inline Position positionWith(int size, const std::vector<std::string>& stones, Player toMove = Player::Black,
                             Player root = Player::Black) {
    const Problem p = problemWith(size, stones, root);
    const Game game(size, root);
    return {game, game.makeState(p.black, p.white, toMove)};
}

using plyjudge::testing::moveNames;  // the names of the legal moves in expansion order

// The 4 lines' directions as (column step, row step).
inline constexpr int kLineDirections[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};

// The full-board filler of the draw tests: colour ((column / 2) + row - 1) % 2 (0 black) never has
// five in a row in any direction (runs are at most 2 long).
inline bool fillerIsBlack(int column, int row) { return ((column / 2) + row - 1) % 2 == 0; }

}  // namespace plyjudge::gomoku561::testing
