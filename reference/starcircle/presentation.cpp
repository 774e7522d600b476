// starcircle's outputs explained and positions shown: output.txt is four answer lines (move, myopic and
// farsighted utility, node count); the board is checkered, row H on top, stacks labelled, a move "F4-H2".
#include "reference/presentation/presentation.hpp"

#include <fmt/format.h>

#include "reference/core/input_text.hpp"
#include "reference/presentation/text_lines.hpp"
#include "reference/starcircle/problem.hpp"

namespace plyjudge::starcircle {

namespace {

const FixedAnswer kAnswer{
    .lines = {{"move", "move", ""},
              {"myopic utility", "myopic", "the evaluation of the position right after the chosen move"},
              {"farsighted utility", "farsighted", ""},
              {"node count", "node-count",
               "every visited state counts, the root and pass nodes included; alpha-beta counts only what it visits"}},
    .moveLine = 0,
    .valueLine = 2,
    .tieBreakHint = "the same farsighted value with a different move",
};

std::optional<PositionPicture> picture(const std::string& text) {
    const Problem problem = parseProblem(InputText(text, "input.txt"));
    PositionPicture b;
    b.rows = b.columns = 8;
    b.cells.resize(64);
    b.blackName = "Star";
    b.whiteName = "Circle";
    for (int c = 1; c <= 8; ++c) b.columnLabels.push_back(std::to_string(c));
    // Row H (8) at the top, as the input lists it.
    for (int r = 8; r >= 1; --r) {
        b.rowLabels.push_back(std::string(1, char('A' + r - 1)));
        for (int c = 1; c <= 8; ++c) {
            PositionPicture::Cell& cell = b.at(8 - r, c - 1);
            cell.dark = isDark(r, c);
            const int v = problem.board.cells[static_cast<std::size_t>(squareOf(r, c))];
            if (v != 0) {
                cell.piece = v > 0 ? PositionPicture::Piece::Black : PositionPicture::Piece::White;
                cell.label = (v > 0 ? "S" : "C") + (std::abs(v) > 1 ? std::to_string(std::abs(v)) : std::string());
            }
        }
    }
    b.caption = fmt::format("starcircle, {} to move, {} depth {}", problem.player == Player::Star ? "Star" : "Circle",
                            problem.algorithm == Algorithm::Minimax ? "minimax" : "alpha-beta", problem.depth);
    return b;
}

// "F4-H2": row letter (A at the bottom, drawn last), column digit.
std::vector<int> moveCells(const PositionPicture& picture, std::string_view move) {
    std::vector<int> cells;
    if (move.size() == 5 && move[2] == '-') {
        for (int k : {0, 3}) {
            const int i = picture.indexOf(7 - (move[static_cast<std::size_t>(k)] - 'A'), move[static_cast<std::size_t>(k) + 1] - '1');
            if (i >= 0) cells.push_back(i);
        }
    }
    return cells;
}

// The move is output.txt's first line.
std::optional<std::string> expectedMove(const std::string&, const std::filesystem::path& caseDir) {
    const auto lines = fileLines(caseDir / "output.txt");
    if (lines.empty() || lines[0].empty()) return std::nullopt;
    return lines[0];
}

std::optional<std::string> actualMove(const std::string&, const OutputLine& line) {
    if (line.file == "output.txt" && line.number == 1 && !line.text.empty()) return std::string(line.text);
    return std::nullopt;
}

}  // namespace

extern const Presentation presentation{
    .logFirstColumn = "Node",
    .outputs = {{.file = "output.txt", .kind = OutputLayout::Kind::FixedAnswer, .answer = &kAnswer}},
    .position = {.picture = picture, .moveCells = moveCells, .expectedMove = expectedMove, .actualMove = actualMove},
};

}  // namespace plyjudge::starcircle
