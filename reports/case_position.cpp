#include "reports/case_position.hpp"

#include <fmt/format.h>

#include <fstream>
#include <sstream>

#include "reference/core/input_text.hpp"
#include "reference/reversi/problem.hpp"
#include "reference/starcircle/problem.hpp"

namespace plyjudge::reports {

namespace {

std::vector<std::string> linesOf(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.pop_back();
        lines.push_back(line);
    }
    while (!lines.empty() && lines.back().empty()) lines.pop_back();
    return lines;
}

std::vector<std::string> fileLines(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return {};
    std::ostringstream s;
    s << in.rdbuf();
    return linesOf(s.str());
}

// Variants whose move places one piece on an empty cell and whose next-state file is a board of
// single-character cells: where the board sits in the input and in the state file, and how cells are named.
struct PlacementLayout {
    std::vector<std::string> board;  // the input's board lines
    char empty = '*';
    std::string stateFile;
    int stateFirstLine = 1;  // 1-based line of the state file's first board line
    std::string (*cellName)(int row, int column, int rows) = nullptr;
    bool passWhenUnchanged = false;
};

std::string reversiCell(int row, int column, int) { return fmt::format("{}{}", char('a' + column), row + 1); }
std::string squirrelCell(int row, int column, int) { return fmt::format("{}{}", char('A' + column), row + 1); }
std::string gomokuCell(int row, int column, int rows) { return fmt::format("{}{}", char('A' + column), rows - row); }


std::optional<PlacementLayout> placementLayout(std::string_view variant, const std::string& inputText) {
    const std::vector<std::string> lines = linesOf(inputText);
    PlacementLayout p;
    if (variant == "reversi") {
        if (lines.size() < 10) return std::nullopt;
        p.board.assign(lines.begin() + 2, lines.begin() + 10);
        p.stateFile = "output.txt";
        p.cellName = reversiCell;
        p.passWhenUnchanged = true;
    } else if (variant == "squirrel") {
        // The board is the last five lines, whatever the task (task 4 has more header lines).
        if (lines.size() < 5) return std::nullopt;
        p.board.assign(lines.end() - 5, lines.end());
        p.stateFile = "next_state.txt";
        p.cellName = squirrelCell;
    } else if (variant == "gomoku561") {
        if (lines.size() < 4) return std::nullopt;
        int n = 0;
        try {
            n = std::stoi(lines[3]);
        } catch (const std::exception&) {
            return std::nullopt;
        }
        if (n < 1 || n > 26 || lines.size() < static_cast<std::size_t>(4 + n)) return std::nullopt;
        p.board.assign(lines.begin() + 4, lines.begin() + 4 + n);
        p.empty = '.';
        p.stateFile = "next_state.txt";
        p.cellName = gomokuCell;
    } else {
        return std::nullopt;
    }
    for (const std::string& row : p.board) {
        if (row.size() != p.board.size()) return std::nullopt;
    }
    return p;
}

// The single cell of `row` (0-based) that is empty in the input and filled in `after`, if exactly one.
std::optional<int> newlyFilledColumn(const PlacementLayout& p, int row, const std::string& after) {
    const std::string& before = p.board[static_cast<std::size_t>(row)];
    if (after.size() != before.size()) return std::nullopt;
    std::optional<int> found;
    for (std::size_t c = 0; c < before.size(); ++c) {
        if (before[c] == p.empty && after[c] != p.empty) {
            if (found) return std::nullopt;
            found = static_cast<int>(c);
        }
    }
    return found;
}

BoardPicture gridPicture(const std::vector<std::string>& rows, bool lettersForColumns, bool rowsFromBottom) {
    BoardPicture b;
    b.rows = static_cast<int>(rows.size());
    b.columns = rows.empty() ? 0 : static_cast<int>(rows[0].size());
    b.cells.resize(static_cast<std::size_t>(b.rows * b.columns));
    for (int c = 0; c < b.columns; ++c) {
        b.columnLabels.push_back(lettersForColumns ? std::string(1, char('A' + c)) : std::to_string(c + 1));
    }
    for (int r = 0; r < b.rows; ++r) b.rowLabels.push_back(std::to_string(rowsFromBottom ? b.rows - r : r + 1));
    return b;
}

std::optional<BoardPicture> reversiPicture(const std::string& text) {
    const reversi::Problem problem = reversi::parseProblem(InputText(text, "input.txt"));
    BoardPicture b = gridPicture(std::vector<std::string>(8, std::string(8, '*')), true, false);
    for (int c = 0; c < 8; ++c) b.columnLabels[static_cast<std::size_t>(c)] = std::string(1, char('a' + c));
    for (int cell = 0; cell < 64; ++cell) {
        const reversi::Bitboard bit = reversi::Bitboard{1} << cell;
        if (problem.root.pieces[0] & bit) b.cells[static_cast<std::size_t>(cell)].piece = BoardPicture::Piece::Black;
        if (problem.root.pieces[1] & bit) b.cells[static_cast<std::size_t>(cell)].piece = BoardPicture::Piece::White;
    }
    b.caption = fmt::format("reversi, {} to move, depth {}", problem.player == reversi::Player::Black ? "X" : "O", problem.depth);
    return b;
}

std::optional<BoardPicture> starcirclePicture(const std::string& text) {
    const starcircle::Problem problem = starcircle::parseProblem(InputText(text, "input.txt"));
    BoardPicture b;
    b.rows = b.columns = 8;
    b.cells.resize(64);
    b.blackName = "Star";
    b.whiteName = "Circle";
    for (int c = 1; c <= 8; ++c) b.columnLabels.push_back(std::to_string(c));
    // Row H (8) at the top, as the input lists it.
    for (int r = 8; r >= 1; --r) {
        b.rowLabels.push_back(std::string(1, char('A' + r - 1)));
        for (int c = 1; c <= 8; ++c) {
            BoardPicture::Cell& cell = b.at(8 - r, c - 1);
            cell.dark = starcircle::isDark(r, c);
            const int v = problem.board.cells[static_cast<std::size_t>(starcircle::squareOf(r, c))];
            if (v != 0) {
                cell.piece = v > 0 ? BoardPicture::Piece::Black : BoardPicture::Piece::White;
                cell.label = (v > 0 ? "S" : "C") + (std::abs(v) > 1 ? std::to_string(std::abs(v)) : std::string());
            }
        }
    }
    b.caption = fmt::format("starcircle, {} to move, {} depth {}", problem.player == starcircle::Player::Star ? "Star" : "Circle",
                            problem.algorithm == Algorithm::Minimax ? "minimax" : "alpha-beta", problem.depth);
    return b;
}

std::optional<BoardPicture> placementPicture(std::string_view variant, const std::string& text) {
    const auto layout = placementLayout(variant, text);
    if (!layout) return std::nullopt;
    const std::vector<std::string>& rows = layout->board;
    BoardPicture b = gridPicture(rows, true, variant == "gomoku561");
    const char black = variant == "gomoku561" ? 'b' : 'X', white = variant == "gomoku561" ? 'w' : 'O';
    for (int r = 0; r < b.rows; ++r) {
        for (int c = 0; c < b.columns; ++c) {
            const char ch = rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
            if (ch == black) b.at(r, c).piece = BoardPicture::Piece::Black;
            else if (ch == white) b.at(r, c).piece = BoardPicture::Piece::White;
            else if (ch != layout->empty) return std::nullopt;
        }
    }
    const std::vector<std::string> lines = linesOf(text);
    if (variant == "squirrel" && lines.size() >= 10) {
        // The five value lines just above the board: each cell shows its value.
        for (int r = 0; r < 5; ++r) {
            std::istringstream in(lines[lines.size() - 10 + static_cast<std::size_t>(r)]);
            std::string value;
            for (int c = 0; c < 5 && (in >> value); ++c) b.at(r, c).label = value;
        }
        b.caption = fmt::format("squirrel, task {}, {} to move", lines[0], lines.size() > 1 ? lines[1] : "?");
    } else if (variant == "gomoku561") {
        b.blackName = "black";
        b.whiteName = "white";
        b.caption = fmt::format("gomoku561 {}x{}, task {}, player {}", b.rows, b.columns, lines[0], lines[1]);
    }
    return b;
}

// Any other layout: the longest run of at least three consecutive lines of equal length (>= 3), one cell per
// character, drawn as text.
std::optional<BoardPicture> genericPicture(const std::string& text) {
    const std::vector<std::string> lines = linesOf(text);
    std::size_t bestStart = 0, bestLength = 0;
    for (std::size_t i = 0; i < lines.size();) {
        std::size_t j = i + 1;
        while (j < lines.size() && lines[j].size() == lines[i].size()) ++j;
        if (lines[i].size() >= 3 && lines[i].size() <= 40 && j - i > bestLength) {
            bestStart = i;
            bestLength = j - i;
        }
        i = j;
    }
    if (bestLength < 3) return std::nullopt;
    std::vector<std::string> rows(lines.begin() + static_cast<long>(bestStart), lines.begin() + static_cast<long>(bestStart + bestLength));
    BoardPicture b = gridPicture(rows, true, false);
    for (int r = 0; r < b.rows; ++r) {
        for (int c = 0; c < b.columns; ++c) {
            const char ch = rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
            if (ch != '*' && ch != '.' && ch != '0' && ch != ' ') b.at(r, c).label = std::string(1, ch);
        }
    }
    b.caption = "the input's grid";
    return b;
}

}  // namespace

std::optional<BoardPicture> positionPicture(std::string_view variant, const std::string& inputText) {
    try {
        if (variant == "reversi") return reversiPicture(inputText);
        if (variant == "starcircle") return starcirclePicture(inputText);
        if (auto p = placementPicture(variant, inputText)) return p;
        return genericPicture(inputText);
    } catch (const std::exception&) {
        return genericPicture(inputText);  // an input the parser refuses is still worth showing as text
    }
}

std::vector<int> moveCells(std::string_view variant, const BoardPicture& picture, const std::string& move) {
    auto index = [&](int row, int column) -> int {
        if (row < 0 || row >= picture.rows || column < 0 || column >= picture.columns) return -1;
        return row * picture.columns + column;
    };
    std::vector<int> cells;
    if (variant == "starcircle") {
        // "F4-H2": row letter (A at the bottom, drawn last), column digit.
        if (move.size() == 5 && move[2] == '-') {
            for (int k : {0, 3}) {
                const int i = index(7 - (move[static_cast<std::size_t>(k)] - 'A'), move[static_cast<std::size_t>(k) + 1] - '1');
                if (i >= 0) cells.push_back(i);
            }
        }
        return cells;
    }
    if (move.size() < 2 || move == "pass") return cells;
    const int column = (move[0] >= 'a' ? move[0] - 'a' : move[0] - 'A');
    int number = 0;
    try {
        number = std::stoi(move.substr(1));
    } catch (const std::exception&) {
        return cells;
    }
    const int row = variant == "gomoku561" ? picture.rows - number : number - 1;
    if (const int i = index(row, column); i >= 0) cells.push_back(i);
    return cells;
}

std::optional<ChosenMove> expectedMoveOf(std::string_view variant, const std::string& inputText, const std::filesystem::path& caseDir) {
    if (variant == "starcircle") {
        const auto lines = fileLines(caseDir / "output.txt");
        if (lines.empty() || lines[0].empty()) return std::nullopt;
        return ChosenMove{lines[0]};
    }
    const auto layout = placementLayout(variant, inputText);
    if (!layout) return std::nullopt;
    const auto lines = fileLines(caseDir / layout->stateFile);
    const std::size_t first = static_cast<std::size_t>(layout->stateFirstLine - 1);
    if (lines.size() < first + layout->board.size()) return std::nullopt;
    std::optional<ChosenMove> move;
    for (std::size_t r = 0; r < layout->board.size(); ++r) {
        const std::string& before = layout->board[r];
        const std::string& after = lines[first + r];
        if (after.size() != before.size()) return std::nullopt;
        for (std::size_t c = 0; c < before.size(); ++c) {
            if (before[c] == layout->empty && after[c] != layout->empty) {
                if (move) return std::nullopt;  // more than one new piece: not a single placement
                move = ChosenMove{layout->cellName(static_cast<int>(r), static_cast<int>(c), static_cast<int>(layout->board.size()))};
            }
        }
    }
    if (!move && layout->passWhenUnchanged) move = ChosenMove{"pass"};
    return move;
}

std::optional<ChosenMove> actualMoveOf(std::string_view variant, const std::string& inputText, const FirstDifference& d) {
    if (!d.actual) return std::nullopt;
    if (variant == "starcircle") {
        if (d.file == "output.txt" && d.line == 1 && !d.actual->empty()) return ChosenMove{*d.actual};
        return std::nullopt;
    }
    const auto layout = placementLayout(variant, inputText);
    if (!layout || d.file != layout->stateFile) return std::nullopt;
    const std::int64_t row = static_cast<std::int64_t>(d.line) - layout->stateFirstLine;
    if (row < 0 || row >= static_cast<std::int64_t>(layout->board.size())) return std::nullopt;
    const auto column = newlyFilledColumn(*layout, static_cast<int>(row), *d.actual);
    if (!column) return std::nullopt;
    return ChosenMove{layout->cellName(static_cast<int>(row), *column, static_cast<int>(layout->board.size()))};
}

}  // namespace plyjudge::reports
