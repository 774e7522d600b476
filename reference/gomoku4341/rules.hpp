// gomoku4341 rules (docs/variants/gomoku4341.md): a 15x15 board, moves as `<name> <column> <row>`,
// five or more in a row in any direction, the swap on the second move only, a full board is a tie.
// Shared by the referee (validation, win detection) and the reference player's search.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace plyjudge::gomoku4341 {

inline constexpr int kSize = 15;
inline constexpr int kCells = kSize * kSize;

// X is the first player (white in the text), O the second.
enum class Stone : std::uint8_t { Empty, X, O };
inline Stone other(Stone s) { return s == Stone::X ? Stone::O : Stone::X; }

// A point: column 0 = `A` (left), row 0 = `1` (shown at the top). Cell index = row * 15 + column.
struct Point {
    int column = 0;
    int row = 0;
    int cell() const { return row * kSize + column; }
    static Point ofCell(int cell) { return {cell % kSize, cell / kSize}; }
    bool operator==(const Point&) const = default;
};
inline bool onBoard(int column, int row) { return column >= 0 && column < kSize && row >= 0 && row < kSize; }

// "H 8" style text of a point (column letter, space, row number).
std::string pointText(Point p);

// One line of move_file: `<name> <column letter> <row number>`.
struct MoveLine {
    std::string name;
    std::string column;  // as written (validated separately so that "AA" or "7" is an invalid move, not a crash)
    std::string row;
};

// Splits the content of move_file into name, column and row (whitespace separated; a final LF/CRLF and
// surrounding blanks are tolerated). nullopt when the content is not exactly three fields on one line.
std::optional<MoveLine> splitMoveLine(std::string_view content);
// The point named by a column letter (A-O, either case) and a row number (1-15, one or two digits); nullopt if
// either is malformed or off the board.
std::optional<Point> parsePoint(std::string_view column, std::string_view row);

class Board {
public:
    Stone at(int cell) const { return cells_[cell]; }
    Stone at(Point p) const { return cells_[p.cell()]; }
    int stones() const { return stones_; }
    bool full() const { return stones_ == kCells; }

    // Whether `mover` may play at p as the game's move number `moveNumber` (1-based): an empty point, or
    // on move 2 only, the first stone's point (the swap).
    bool legal(Point p, int moveNumber) const;
    // Plays a legal move: places the mover's stone, or on a swap takes over the first stone.
    void play(Point p, Stone mover);
    void clear(int cell);  // undo a placement (the player's search)

    // The length of the longest line of `s` through the stone at cell (0 if the cell is not s). Lines stop at
    // the board's edges: nothing wraps around.
    int longestLineThrough(int cell, Stone s) const;
    bool fiveThrough(int cell) const { return cells_[cell] != Stone::Empty && longestLineThrough(cell, cells_[cell]) >= 5; }

    // The board as the referee prints it: column letters, then one line per row with row numbers.
    std::string text() const;

private:
    std::array<Stone, kCells> cells_{};
    int stones_ = 0;
};

// The four line directions as (dcolumn, drow): horizontal, vertical, diagonal, anti-diagonal.
inline constexpr std::array<std::array<int, 2>, 4> kDirections{{{1, 0}, {0, 1}, {1, 1}, {1, -1}}};

}  // namespace plyjudge::gomoku4341
