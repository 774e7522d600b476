// reversi inputs one step simpler (InputGenerator::simpler): a ply less, a piece fewer, the position mirrored
// left to right or moved one cell (when the edge it leaves is empty).
#include <string>
#include <vector>

#include "reference/core/input_text.hpp"
#include "reference/reversi/generator.hpp"
#include "reference/reversi/problem.hpp"

namespace plyjudge::reversi {

std::vector<std::string> simplerInputs(const std::string& input) {
    const Problem p = parseProblem(InputText(input, "input.txt"));
    std::vector<Problem> out;
    if (p.depth > 1) {
        out.push_back(p);
        --out.back().depth;
    }
    for (int cell = 0; cell < 64; ++cell) {
        const Bitboard bit = Bitboard{1} << cell;
        if (!((p.root.pieces[0] | p.root.pieces[1]) & bit)) continue;
        out.push_back(p);
        out.back().root.pieces[0] &= ~bit;
        out.back().root.pieces[1] &= ~bit;
    }
    // Each cell (row, column) to (row + dr, column + dc), or the mirror image; nothing may fall off the board.
    auto moved = [&](int dr, int dc, bool mirror) {
        Problem q = p;
        q.root.pieces = {};
        for (int cell = 0; cell < 64; ++cell) {
            for (int side = 0; side < 2; ++side) {
                if (!(p.root.pieces[side] & (Bitboard{1} << cell))) continue;
                const int r = cell / 8 + dr, c = mirror ? 7 - cell % 8 : cell % 8 + dc;
                if (r < 0 || r > 7 || c < 0 || c > 7) return;
                q.root.pieces[side] |= Bitboard{1} << (r * 8 + c);
            }
        }
        out.push_back(q);
    };
    moved(0, 0, true);
    for (const auto& [dr, dc] : {std::pair{-1, 0}, std::pair{1, 0}, std::pair{0, -1}, std::pair{0, 1}}) moved(dr, dc, false);
    std::vector<std::string> texts;
    for (Problem& q : out) {
        rescore(q.root);  // the boards were edited by hand
        texts.push_back(formatProblem(q));
    }
    return texts;
}

}  // namespace plyjudge::reversi
