// A position as a grid of cells: the neutral picture every variant's position is turned into (its
// presentation.cpp) and the reports draw (reports/board_svg.hpp).
#pragma once

#include <string>
#include <vector>

namespace plyjudge {

struct PositionPicture {
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
    std::string caption;

    Cell& at(int row, int column) { return cells[static_cast<std::size_t>(row * columns + column)]; }
    // The index of the cell in `cells`, or -1 off the board.
    int indexOf(int row, int column) const {
        return row < 0 || row >= rows || column < 0 || column >= columns ? -1 : row * columns + column;
    }
};

// An empty rows x columns picture, columns labelled A, B, … (a, b, … with lowercaseColumns) and rows
// 1, 2, … from the top (from the bottom with rowsFromBottom).
PositionPicture gridPicture(int rows, int columns, bool lowercaseColumns, bool rowsFromBottom);

}  // namespace plyjudge
