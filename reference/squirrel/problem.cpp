#include "reference/squirrel/problem.hpp"

#include <string>

namespace plyjudge::squirrel {

namespace {

// Depths beyond 25 search the same tree (every line of play ends within 25 plies); the cap only keeps the
// number in an int.
constexpr long long kMaxDepth = 1000;

Player parsePlayer(const InputText& input, int lineNo, std::string_view what) {
    return input.choice<Player>(lineNo, std::string(what) + ", X or O", what, "X or O", {{"X", Player::X}, {"O", Player::O}});
}

int parseDepth(const InputText& input, int lineNo, std::string_view what) {
    return static_cast<int>(input.wholeNumber(lineNo, std::string(what) + ", a whole number >= 1", what, 1, kMaxDepth));
}

Algorithm parseAlgorithm(const InputText& input, int lineNo, std::string_view what) {
    const std::string_view text = input.line(lineNo, std::string(what) + ", 1 (greedy), 2 (minimax) or 3 (alpha-beta)");
    long long code = 0;
    if (!parseInt(text, code) || code < 1 || code > 3) input.failValue(lineNo, what, text, "1 (greedy), 2 (minimax) or 3 (alpha-beta)");
    return algorithmOfCode(static_cast<int>(code));
}

void parseValues(const InputText& input, int firstLine, Values& values) {
    for (int row = 1; row <= kSide; ++row) {
        const int lineNo = firstLine + row - 1;
        const std::string rowName = "value row " + std::to_string(row);
        const auto entries = splitWhitespace(input.line(lineNo, rowName + ": 5 space-separated values from 1 to 99"));
        if (entries.size() != kSide) {
            input.fail(lineNo, rowName + " has " + std::to_string(entries.size()) +
                                   " entries, expected 5 space-separated values from 1 to 99");
        }
        for (int column = 1; column <= kSide; ++column) {
            long long v = 0;
            const std::string_view text = entries[column - 1];
            if (!parseInt(text, v) || v < 1 || v > 99) {
                input.fail(lineNo, "the value of " + std::string(squareName(squareOf(row, column))) + " is " +
                                       quotedInput(text) + ", expected a whole number from 1 to 99");
            }
            values[squareOf(row, column)] = static_cast<int>(v);
        }
    }
}

void parseBoard(const InputText& input, int firstLine, std::array<Mask, 2>& pieces) {
    for (int row = 1; row <= kSide; ++row) {
        const int lineNo = firstLine + row - 1;
        const std::string rowName = "board row " + std::to_string(row);
        const std::string_view line = input.line(lineNo, rowName + ": 5 characters from *, X, O");
        if (line.size() != kSide) {
            input.fail(lineNo, rowName + " has " + std::to_string(line.size()) +
                                   " characters, expected 5 characters from *, X, O");
        }
        for (int column = 1; column <= kSide; ++column) {
            const char c = line[column - 1];
            const int square = squareOf(row, column);
            if (c == 'X') pieces[static_cast<int>(Player::X)] |= bitOf(square);
            else if (c == 'O') pieces[static_cast<int>(Player::O)] |= bitOf(square);
            else if (c != '*') {
                input.fail(lineNo, "board square " + std::string(squareName(square)) + " is " + quotedInput(std::string(1, c)) +
                                       ", expected *, X or O");
            }
        }
    }
    if ((pieces[0] | pieces[1]) == kFullBoard) {
        input.fail(firstLine + kSide - 1, "the board is full, expected at least one empty square '*' (a move to make)");
    }
}

}  // namespace

Algorithm algorithmOfCode(int code) {
    return code == 1 ? Algorithm::Greedy : code == 2 ? Algorithm::Minimax : Algorithm::AlphaBeta;
}

int codeOf(Algorithm algorithm) {
    return algorithm == Algorithm::Greedy ? 1 : algorithm == Algorithm::Minimax ? 2 : 3;
}

Problem parseProblem(const InputText& input) {
    Problem p;
    const std::string_view taskText = input.line(1, "the task, 1 to 4");
    long long task = 0;
    if (!parseInt(taskText, task) || task < 1 || task > 4) {
        input.failValue(1, "task", taskText, "1 (greedy), 2 (minimax), 3 (alpha-beta) or 4 (battle simulation)");
    }
    p.task = static_cast<int>(task);
    int valuesLine = 0;
    if (p.task != kTaskBattle) {
        p.first.player = parsePlayer(input, 2, "the player");
        p.first.algorithm = algorithmOfCode(p.task);
        // Decision: the spec lists depth < 1 as bad input without exception, so a greedy task's depth line
        // (ignored by the search) must still be a whole number >= 1.
        p.first.depth = parseDepth(input, 3, "the cut-off depth");
        valuesLine = 4;
    } else {
        p.first.player = parsePlayer(input, 2, "the first player");
        p.first.algorithm = parseAlgorithm(input, 3, "the first player's algorithm");
        p.first.depth = parseDepth(input, 4, "the first player's cut-off depth");
        p.second.player = parsePlayer(input, 5, "the second player");
        if (p.second.player == p.first.player) {
            input.fail(5, std::string("the second player is ") + symbolOf(p.second.player) + ", expected " +
                              symbolOf(opponent(p.first.player)) + " (the two players differ)");
        }
        p.second.algorithm = parseAlgorithm(input, 6, "the second player's algorithm");
        // Same decision as for task 1: a greedy player's depth is ignored but must be a whole number >= 1.
        p.second.depth = parseDepth(input, 7, "the second player's cut-off depth");
        valuesLine = 8;
    }
    parseValues(input, valuesLine, p.values);
    parseBoard(input, valuesLine + kSide, p.pieces);
    input.expectEndAfter(valuesLine + 2 * kSide - 1);
    return p;
}

std::string formatProblem(const Problem& problem) {
    std::string text = std::to_string(problem.task) + "\n";
    auto side = [&](const Side& s, bool withAlgorithm) {
        text += symbolOf(s.player);
        text += '\n';
        if (withAlgorithm) text += std::to_string(codeOf(s.algorithm)) + "\n";
        text += std::to_string(s.depth) + "\n";
    };
    side(problem.first, problem.task == kTaskBattle);
    if (problem.task == kTaskBattle) side(problem.second, true);
    for (int row = 1; row <= kSide; ++row) {
        for (int column = 1; column <= kSide; ++column) {
            if (column > 1) text += ' ';
            text += std::to_string(problem.values[squareOf(row, column)]);
        }
        text += '\n';
    }
    return text + boardText(makeState(problem.pieces, problem.first.player, problem.values)) + "\n";
}

namespace {
char cellOf(const State& state, int square) {
    return (state.pieces[0] & bitOf(square)) ? 'X' : (state.pieces[1] & bitOf(square)) ? 'O' : '*';
}
}  // namespace

std::string boardText(const State& state) {
    std::string text;
    for (int row = 1; row <= kSide; ++row) {
        if (row > 1) text += '\n';
        for (int column = 1; column <= kSide; ++column) text += cellOf(state, squareOf(row, column));
    }
    return text;
}

}  // namespace plyjudge::squirrel
