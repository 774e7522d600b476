// gomoku561 inputs one step simpler (InputGenerator::simpler): a simpler algorithm (alpha-beta, minimax, greedy), a
// ply less, a stone fewer, a smaller board (when the top row and the last column are empty), the stones moved
// one point or mirrored left to right.
#include <string>
#include <vector>

#include "reference/core/input_text.hpp"
#include "reference/gomoku561/generator.hpp"
#include "reference/gomoku561/problem.hpp"

namespace plyjudge::gomoku561 {

std::vector<std::string> simplerInputs(const std::string& input) {
    const Problem p = parseProblem(InputText(input, "input.txt"));
    std::vector<Problem> out;
    if (p.algorithm != Algorithm::Greedy) {
        out.push_back(p);
        out.back().algorithm = p.algorithm == Algorithm::AlphaBeta ? Algorithm::Minimax : Algorithm::Greedy;
        if (out.back().algorithm == Algorithm::Greedy) out.back().depth = 1;
    }
    if (p.algorithm != Algorithm::Greedy && p.depth > 1) {
        out.push_back(p);
        --out.back().depth;
    }
    const Game game = gameOf(p);
    for (int point = 0; point < p.size * p.size; ++point) {
        if (!p.black.test(point) && !p.white.test(point)) continue;
        out.push_back(p);
        out.back().black.reset(point);
        out.back().white.reset(point);
    }
    // Every stone (column, row) to a new place on a board of `size`; nothing may fall off it.
    auto moved = [&](int size, auto place) {
        Problem q = p;
        q.size = size;
        q.black = q.white = PointSet{};
        const Game to(size, p.player);
        for (int point = 0; point < p.size * p.size; ++point) {
            const bool black = p.black.test(point), white = p.white.test(point);
            if (!black && !white) continue;
            const auto [c, r] = place(game.columnOf(point), game.rowOf(point));
            if (c < 0 || c >= size || r < 1 || r > size) return;
            (black ? q.black : q.white).set(to.pointOf(c, r));
        }
        out.push_back(q);
    };
    if (p.size > kMinSize) moved(p.size - 1, [](int c, int r) { return std::pair{c, r}; });
    moved(p.size, [&](int c, int r) { return std::pair{p.size - 1 - c, r}; });
    for (const auto& [dc, dr] : {std::pair{-1, 0}, std::pair{1, 0}, std::pair{0, -1}, std::pair{0, 1}}) {
        moved(p.size, [dc = dc, dr = dr](int c, int r) { return std::pair{c + dc, r + dr}; });
    }
    std::vector<std::string> texts;
    for (const Problem& q : out) texts.push_back(formatProblem(q));
    return texts;
}

}  // namespace plyjudge::gomoku561
