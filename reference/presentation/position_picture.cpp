#include "reference/presentation/position_picture.hpp"

namespace plyjudge {

PositionPicture gridPicture(int rows, int columns, bool lowercaseColumns, bool rowsFromBottom) {
    PositionPicture p;
    p.rows = rows;
    p.columns = columns;
    p.cells.resize(static_cast<std::size_t>(rows * columns));
    for (int c = 0; c < columns; ++c) p.columnLabels.push_back(std::string(1, char((lowercaseColumns ? 'a' : 'A') + c)));
    for (int r = 0; r < rows; ++r) p.rowLabels.push_back(std::to_string(rowsFromBottom ? rows - r : r + 1));
    return p;
}

}  // namespace plyjudge
