// A position drawn as an SVG board: the picture model every variant's position is turned into
// (case_position.hpp) and its rendering. Inline SVG, no fonts or images fetched.
#pragma once

#include <string>
#include <vector>

namespace plyjudge::reports {

struct BoardPicture {
    enum class Piece { None, Black, White };
    struct Cell {
        Piece piece = Piece::None;
        std::string label;  // drawn on the piece (stack height, letter) or on the empty cell (a value)
        bool dark = false;  // a dark square (checkered boards)
    };
    int rows = 0, columns = 0;
    std::vector<std::string> rowLabels;     // top to bottom
    std::vector<std::string> columnLabels;  // left to right
    std::vector<Cell> cells;                // row-major, top row first
    std::string blackName = "X", whiteName = "O";
    std::vector<int> expectedCells;  // the expected move's cells (one, or from and to)
    std::vector<int> actualCells;    // the actual move's cells
    std::string caption;

    Cell& at(int row, int column) { return cells[static_cast<std::size_t>(row * columns + column)]; }
};

// An <svg> element (no XML declaration) for embedding in HTML. The expected move is ringed in green, the
// actual one in red (dashed); a cell that is both shows both rings.
std::string boardSvg(const BoardPicture& board);

// Escapes &, <, >, " and ' for HTML/XML text and attributes.
std::string escapeXml(std::string_view text);

}  // namespace plyjudge::reports
