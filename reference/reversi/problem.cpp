#include "reference/reversi/problem.hpp"

#include <string>

namespace plyjudge::reversi {

namespace {
// Beyond 64 plies every line of play has ended (60 placements at most, and two passes end the game),
// so larger depths search the same tree; the cap keeps the number sane.
constexpr long long kMaxDepth = 1000;
}  // namespace

Problem parseProblem(const InputText& input) {
    Problem p;
    p.player = input.choice<Player>(1, "the player to move, X or O", "player", "X (black) or O (white)",
                            {{"X", Player::Black}, {"O", Player::White}});
    p.depth = static_cast<int>(input.wholeNumber(2, "the cut-off depth, a whole number >= 1", "depth", 1, kMaxDepth));

    p.root.toMove = p.player;
    for (int row = 0; row < 8; ++row) {
        const int lineNo = 3 + row;
        const std::string_view line = input.line(lineNo, "board row " + std::to_string(row + 1) + ": 8 cells of *, X, O");
        if (line.size() != 8) {
            input.fail(lineNo, "board row " + std::to_string(row + 1) + " has " + std::to_string(line.size()) +
                                   " characters, expected 8 cells of *, X, O");
        }
        for (int column = 0; column < 8; ++column) {
            const char c = line[column];
            const Bitboard bit = Bitboard{1} << (row * 8 + column);
            if (c == 'X') p.root.pieces[static_cast<int>(Player::Black)] |= bit;
            else if (c == 'O') p.root.pieces[static_cast<int>(Player::White)] |= bit;
            else if (c != '*') {
                input.fail(lineNo, std::string("board cell ") + static_cast<char>('a' + column) + std::to_string(row + 1) +
                                       " is " + quotedInput(std::string_view(&c, 1)) + ", expected *, X or O");
            }
        }
    }
    input.expectEndAfter(10);
    rescore(p.root);
    return p;
}

std::string formatProblem(const Problem& problem) {
    return std::string(problem.player == Player::Black ? "X" : "O") + "\n" + std::to_string(problem.depth) + "\n" +
           boardText(problem.root) + "\n";
}

std::string boardText(const State& state) {
    std::string text;
    for (int row = 0; row < 8; ++row) {
        if (row > 0) text += '\n';
        for (int column = 0; column < 8; ++column) {
            const Bitboard bit = Bitboard{1} << (row * 8 + column);
            text += (state.pieces[0] & bit) ? 'X' : (state.pieces[1] & bit) ? 'O' : '*';
        }
    }
    return text;
}

}  // namespace plyjudge::reversi
