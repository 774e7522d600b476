#include "reference/test/sixth_variant/tictactoe/rules.hpp"

namespace plyjudge::tictactoe {

namespace {
constexpr int kLines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
constexpr std::string_view kNames[kCells] = {"A1", "B1", "C1", "A2", "B2", "C2", "A3", "B3", "C3"};
}  // namespace

char winner(const State& s) {
    for (const auto& l : kLines) {
        const char c = s.cells[static_cast<std::size_t>(l[0])];
        if (c != kEmpty && c == s.cells[static_cast<std::size_t>(l[1])] && c == s.cells[static_cast<std::size_t>(l[2])]) return c;
    }
    return 0;
}

int emptyCells(const State& s) {
    int n = 0;
    for (char c : s.cells) n += c == kEmpty;
    return n;
}

int Game::generateMoves(const State& s, MoveBuffer<Game>& out) const {
    int n = 0;
    for (int cell = 0; cell < kCells; ++cell) {
        if (s.cells[static_cast<std::size_t>(cell)] == kEmpty) out[static_cast<std::size_t>(n++)] = cell;
    }
    return n;
}

Value Game::evaluate(const State& s) const {
    const char w = winner(s);
    return w == 0 ? 0 : w == rootPlayer_ ? 1 : -1;
}

std::string_view Game::moveName(Move m) const { return kNames[m]; }

Problem parseProblem(const InputText& input) {
    Problem p;
    const std::string_view player = input.line(1, "the player to move, X or O");
    if (player != "X" && player != "O") input.fail(1, "expected the player to move, X or O");
    p.root.toMove = player[0];
    const std::string_view algorithm = input.line(2, "the algorithm, minimax or alphabeta");
    if (algorithm != "minimax" && algorithm != "alphabeta") input.fail(2, "expected the algorithm, minimax or alphabeta");
    p.algorithm = algorithm == "minimax" ? Algorithm::Minimax : Algorithm::AlphaBeta;
    for (int row = 0; row < 3; ++row) {
        const std::string_view line = input.line(3 + row, "a board row of three cells X, O or .");
        if (line.size() != 3 || line.find_first_not_of("XO.") != std::string_view::npos) {
            input.fail(3 + row, "expected a board row of three cells X, O or .");
        }
        for (int column = 0; column < 3; ++column) p.root.cells[static_cast<std::size_t>(row * 3 + column)] = line[static_cast<std::size_t>(column)];
    }
    if (winner(p.root) != 0) input.fail(5, "the game is already won");
    if (emptyCells(p.root) == 0) input.fail(5, "the board is full");
    input.expectEndAfter(5);
    return p;
}

std::string boardText(const State& s) {
    std::string text;
    for (int row = 0; row < 3; ++row) {
        if (row) text += '\n';
        text.append(s.cells.begin() + row * 3, s.cells.begin() + row * 3 + 3);
    }
    return text;
}

std::string formatProblem(const Problem& p) {
    return std::string(1, p.root.toMove) + "\n" + (p.algorithm == Algorithm::Minimax ? "minimax" : "alphabeta") + "\n" +
           boardText(p.root) + "\n";
}

}  // namespace plyjudge::tictactoe
