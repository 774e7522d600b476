#include "reference/gomoku4341/rules.hpp"

#include <cctype>

namespace plyjudge::gomoku4341 {

std::string pointText(Point p) {
    return std::string(1, static_cast<char>('A' + p.column)) + " " + std::to_string(p.row + 1);
}

std::optional<MoveLine> splitMoveLine(std::string_view content) {
    // Only one line: a trailing line end is fine, anything after it is not.
    std::size_t end = content.size();
    while (end > 0 && (content[end - 1] == '\n' || content[end - 1] == '\r' || content[end - 1] == ' ' ||
                       content[end - 1] == '\t')) {
        --end;
    }
    content = content.substr(0, end);
    if (content.find_first_of("\r\n") != std::string_view::npos) return std::nullopt;
    MoveLine line;
    std::string* fields[] = {&line.name, &line.column, &line.row};
    int count = 0;
    std::size_t i = 0;
    while (i < content.size()) {
        while (i < content.size() && (content[i] == ' ' || content[i] == '\t')) ++i;
        if (i == content.size()) break;
        std::size_t j = i;
        while (j < content.size() && content[j] != ' ' && content[j] != '\t') ++j;
        if (count == 3) return std::nullopt;
        *fields[count++] = std::string(content.substr(i, j - i));
        i = j;
    }
    if (count != 3) return std::nullopt;
    return line;
}

std::optional<Point> parsePoint(std::string_view column, std::string_view row) {
    if (column.size() != 1 || row.empty() || row.size() > 2) return std::nullopt;
    const int c = std::toupper(static_cast<unsigned char>(column[0])) - 'A';
    int r = 0;
    for (char ch : row) {
        if (ch < '0' || ch > '9') return std::nullopt;
        r = r * 10 + (ch - '0');
    }
    // "08" is row 8, as the original's int() read it.
    if (!onBoard(c, r - 1)) return std::nullopt;
    return Point{c, r - 1};
}

bool Board::legal(Point p, int moveNumber) const {
    if (!onBoard(p.column, p.row)) return false;
    if (cells_[p.cell()] == Stone::Empty) return true;
    return moveNumber == 2 && stones_ == 1;  // the swap: the only stone is the first player's
}

void Board::play(Point p, Stone mover) {
    Stone& c = cells_[p.cell()];
    if (c == Stone::Empty) ++stones_;
    c = mover;  // on a swap the first stone becomes the mover's
}

void Board::clear(int cell) {
    if (cells_[cell] != Stone::Empty) --stones_;
    cells_[cell] = Stone::Empty;
}

int Board::longestLineThrough(int cell, Stone s) const {
    if (cells_[cell] != s || s == Stone::Empty) return 0;
    const Point p = Point::ofCell(cell);
    int best = 0;
    for (const auto& d : kDirections) {
        int length = 1;
        for (int sign : {1, -1}) {
            int c = p.column + sign * d[0], r = p.row + sign * d[1];
            while (onBoard(c, r) && cells_[r * kSize + c] == s) {
                ++length;
                c += sign * d[0];
                r += sign * d[1];
            }
        }
        if (length > best) best = length;
    }
    return best;
}

std::string Board::text() const {
    std::string out = "   ";
    for (int c = 0; c < kSize; ++c) {
        out += ' ';
        out += static_cast<char>('A' + c);
    }
    out += '\n';
    for (int r = 0; r < kSize; ++r) {
        if (r + 1 < 10) out += ' ';
        out += std::to_string(r + 1);
        out += ' ';
        for (int c = 0; c < kSize; ++c) {
            out += ' ';
            const Stone s = cells_[r * kSize + c];
            out += s == Stone::X ? 'X' : s == Stone::O ? 'O' : '.';
        }
        out += '\n';
    }
    return out;
}

}  // namespace plyjudge::gomoku4341
