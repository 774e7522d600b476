// How the reference player picks its move: iterative deepening of the shared alpha-beta search
// (reference/core/search.hpp, with its deadline) over the gomoku4341 search game
// (reference/gomoku4341/engine.hpp), or a greedy one-ply choice for the baseline opponent.
#pragma once

#include <chrono>
#include <cstdint>

#include "reference/gomoku4341/rules.hpp"

namespace plyjudge::referee {

struct EngineOptions {
    bool greedy = false;          // one ply (the core's greedy) instead of iterative deepening
    double moveSeconds = 1.0;     // the search's deadline per move
    int maxDepth = 64;
    int breadth = 10;             // moves tried per inner node
    std::uint64_t seed = 1;       // varies the order among equally scored moves
    bool swap = true;             // as second player, take a first stone played near the centre
    double noise = 0;             // the chance of playing a random point near the stones instead (sparring levels)
};

// `plyjudge play --level N`: 1 random near the stones, 2 greedy with half its moves random, 3 greedy,
// 4 alpha-beta to depth 2, 5 to depth 3; the full player is stronger than all. Throws std::invalid_argument.
void applyLevel(EngineOptions& options, int level);

struct Choice {
    gomoku4341::Point point;
    int depth = 0;                // the deepest completed iteration
    std::uint64_t nodes = 0;
};

// The move for `me` on `board`, as the game's move number `moveNumber` (1-based). Always a legal move.
Choice chooseMove(const gomoku4341::Board& board, gomoku4341::Stone me, int moveNumber, const EngineOptions& options);

}  // namespace plyjudge::referee
