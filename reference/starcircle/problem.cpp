#include "reference/starcircle/problem.hpp"

#include <string>

namespace plyjudge::starcircle {

namespace {

void parseCell(const InputText& input, int lineNo, int row, int column, std::string_view cell, Board& board) {
    const std::string where = std::string(1, static_cast<char>('A' + row - 1)) + std::to_string(column);
    if (cell == "0") return;
    long long count = 0;
    if ((cell.front() != 'S' && cell.front() != 'C') || !parseInt(cell.substr(1), count) || count < 1 ||
        cell.substr(1).front() == '+') {
        input.fail(lineNo, "cell " + where + " is " + quotedInput(cell) + ", expected 0, S{k} or C{k} with k >= 1");
    }
    const Player owner = cell.front() == 'S' ? Player::Star : Player::Circle;
    if (!isDark(row, column)) {
        input.fail(lineNo, "cell " + where + " is a light square and must be 0, found " + quotedInput(cell));
    }
    if (count > 1 && row != lastRowOf(owner)) {
        input.fail(lineNo, "cell " + where + " holds a stack " + quotedInput(cell) + ", but stacks are only allowed on " +
                               (owner == Player::Star ? "Star's last row H" : "Circle's last row A"));
    }
    if (count > 100) {  // the spec sets no bound; 100 keeps a stack in the solver's 8-bit cell
        input.fail(lineNo, "cell " + where + " holds " + std::to_string(count) + " pieces, expected at most 100");
    }
    board.cells[squareOf(row, column)] = static_cast<std::int8_t>(owner == Player::Star ? count : -count);
}

}  // namespace

Problem parseProblem(const InputText& input) {
    Problem p;
    p.player = input.choice<Player>(1, "the player, Star or Circle", "player", "Star or Circle",
                            {{"Star", Player::Star}, {"Circle", Player::Circle}});
    p.algorithm = input.choice<Algorithm>(2, "the algorithm, MINIMAX or ALPHABETA", "algorithm", "MINIMAX or ALPHABETA",
                               {{"MINIMAX", Algorithm::Minimax}, {"ALPHABETA", Algorithm::AlphaBeta}});
    p.depth = static_cast<int>(input.wholeNumber(3, "the depth limit, 1 to 10", "depth", 1, 10));

    int stars = 0, circles = 0;
    for (int i = 0; i < 8; ++i) {
        const int lineNo = 4 + i;
        const int row = 8 - i;  // board lines run from row H down to row A
        const std::string rowName(1, static_cast<char>('A' + row - 1));
        const auto cells = splitOn(input.line(lineNo, "board row " + rowName + ": 8 comma-separated cells"), ',');
        if (cells.size() != 8) {
            input.fail(lineNo, "board row " + rowName + " has " + std::to_string(cells.size()) +
                                   " cells, expected 8 comma-separated cells (0, S{k} or C{k})");
        }
        for (int column = 1; column <= 8; ++column) {
            const std::string_view cell = cells[column - 1];
            if (cell.empty()) input.fail(lineNo, "board row " + rowName + " has an empty cell at column " + std::to_string(column));
            parseCell(input, lineNo, row, column, cell, p.board);
            const int c = p.board.cells[squareOf(row, column)];
            stars += c > 0 ? c : 0;
            circles += c < 0 ? -c : 0;
        }
    }
    if (stars == 0) input.fail(11, "Star has no piece on the board; both players need at least one");
    if (circles == 0) input.fail(11, "Circle has no piece on the board; both players need at least one");

    const auto values = splitOn(input.line(12, "8 comma-separated row values"), ',');
    if (values.size() != 8) {
        input.fail(12, "found " + std::to_string(values.size()) + " row values, expected 8 comma-separated integers");
    }
    for (int i = 0; i < 8; ++i) {
        long long v = 0;
        if (!parseInt(values[i], v) || v < -1000000000 || v > 1000000000) {
            input.fail(12, "row value " + std::to_string(i + 1) + " is " + quotedInput(values[i]) + ", expected an integer (at most 10^9 in size)");
        }
        p.rowValues[i] = static_cast<int>(v);
        if (i > 0 && p.rowValues[i] <= p.rowValues[i - 1]) {
            input.fail(12, "row values must be strictly increasing, but value " + std::to_string(i + 1) + " (" +
                               std::to_string(v) + ") is not greater than value " + std::to_string(i) + " (" +
                               std::to_string(p.rowValues[i - 1]) + ")");
        }
    }
    input.expectEndAfter(12);
    return p;
}

std::string formatProblem(const Problem& problem) {
    std::string text = problem.player == Player::Star ? "Star\n" : "Circle\n";
    text += problem.algorithm == Algorithm::AlphaBeta ? "ALPHABETA\n" : "MINIMAX\n";
    text += std::to_string(problem.depth) + "\n";
    for (int row = 8; row >= 1; --row) {
        for (int column = 1; column <= 8; ++column) {
            const int c = problem.board.cells[squareOf(row, column)];
            if (column > 1) text += ',';
            text += c == 0 ? "0" : (c > 0 ? "S" : "C") + std::to_string(c > 0 ? c : -c);
        }
        text += '\n';
    }
    for (int i = 0; i < 8; ++i) text += (i ? "," : "") + std::to_string(problem.rowValues[i]);
    return text + "\n";
}

}  // namespace plyjudge::starcircle
