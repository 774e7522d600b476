// starcircle inputs one step simpler (InputGenerator::simpler): alpha-beta as minimax, a ply less, a piece fewer
// (each side keeps one), the pieces moved two columns sideways (dark squares stay dark).
#include <string>
#include <vector>

#include "reference/core/input_text.hpp"
#include "reference/starcircle/generator.hpp"
#include "reference/starcircle/problem.hpp"

namespace plyjudge::starcircle {

std::vector<std::string> simplerInputs(const std::string& input) {
    const Problem p = parseProblem(InputText(input, "input.txt"));
    std::vector<Problem> out;
    if (p.algorithm == Algorithm::AlphaBeta) {
        out.push_back(p);
        out.back().algorithm = Algorithm::Minimax;
    }
    if (p.depth > 1) {
        out.push_back(p);
        --out.back().depth;
    }
    int stars = 0, circles = 0;
    for (std::int8_t c : p.board.cells) (c > 0 ? stars : circles) += c != 0;
    for (int s = 0; s < 64; ++s) {
        const int c = p.board.cells[s];
        if (c == 0 || (c > 0 && c == 1 && stars == 1) || (c < 0 && c == -1 && circles == 1)) continue;
        out.push_back(p);
        out.back().board.cells[s] = static_cast<std::int8_t>(c > 0 ? c - 1 : c + 1);
    }
    for (int shift : {-2, 2}) {
        Problem moved = p;
        moved.board = Board{};
        bool fits = true;
        for (int s = 0; s < 64 && fits; ++s) {
            if (p.board.cells[s] == 0) continue;
            const int column = columnOf(s) + shift;
            fits = column >= 1 && column <= 8;
            if (fits) moved.board.cells[squareOf(rowOf(s), column)] = p.board.cells[s];
        }
        if (fits) out.push_back(moved);
    }
    std::vector<std::string> texts;
    for (const Problem& q : out) texts.push_back(formatProblem(q));
    return texts;
}

}  // namespace plyjudge::starcircle
