#include "reference/gomoku561/problem.hpp"

namespace plyjudge::gomoku561 {

int taskOf(Algorithm algorithm) {
    switch (algorithm) {
        case Algorithm::Greedy: return 1;
        case Algorithm::Minimax: return 2;
        case Algorithm::AlphaBeta: return 3;
    }
    return 1;
}

Problem parseProblem(const InputText& input) {
    Problem p;
    p.algorithm = input.choice<Algorithm>(1, "the task: 1 (greedy), 2 (minimax) or 3 (alpha-beta)", "task",
                               "1 (greedy), 2 (minimax) or 3 (alpha-beta)",
                               {{"1", Algorithm::Greedy}, {"2", Algorithm::Minimax}, {"3", Algorithm::AlphaBeta}});
    p.player = input.choice<Player>(2, "the player: 1 (black) or 2 (white)", "player", "1 (black) or 2 (white)",
                            {{"1", Player::Black}, {"2", Player::White}});

    // The spec: "the depth line is present but ignored for greedy". Decision: for task 1 it must still
    // be a whole number (solutions read it with int()), of any value; tasks 2-3 need 1..4.
    const std::string_view depthText = input.line(3, "the cut-off depth, a whole number from 1 to 4");
    const bool isInt = parseInt(depthText, p.depth);
    if (p.algorithm == Algorithm::Greedy) {
        if (!isInt) input.fail(3, "depth is " + quotedInput(depthText) + ", expected a whole number (ignored by greedy)");
    } else if (!isInt || p.depth < 1 || p.depth > 4) {
        input.fail(3, "depth is " + quotedInput(depthText) + ", expected a whole number from 1 to 4");
    }

    p.size = static_cast<int>(input.wholeNumber(4, "the board size N, a whole number from 15 to 25", "board size", kMinSize, kMaxSize));

    const Game game(p.size, p.player);
    const std::string expected = std::to_string(p.size) + " characters from '.', 'b', 'w'";
    for (int i = 0; i < p.size; ++i) {
        const int lineNo = 5 + i;
        const int row = p.size - i;  // the first board line is the top row, row N
        const std::string rowName = "board row " + std::to_string(row);
        const std::string_view line = input.line(lineNo, rowName + ": " + expected);
        if (static_cast<int>(line.size()) != p.size) {
            input.fail(lineNo, rowName + " has " + std::to_string(line.size()) + " characters, expected " + expected);
        }
        for (int column = 0; column < p.size; ++column) {
            const char c = line[column];
            if (c == 'b') p.black.set(game.pointOf(column, row));
            else if (c == 'w') p.white.set(game.pointOf(column, row));
            else if (c != '.') {
                input.fail(lineNo, "point " + std::string(PointName::of(column, row).view()) + " is " +
                                       quotedInput(std::string_view(&c, 1)) + ", expected '.', 'b' or 'w'");
            }
        }
    }
    // A finished game is not a position to search: report the first stone of a five in reading order.
    for (int i = 0; i < p.size; ++i) {
        const int row = p.size - i;
        for (int column = 0; column < p.size; ++column) {
            const int point = game.pointOf(column, row);
            for (const auto& [stones, who] : {std::pair{&p.black, "black"}, std::pair{&p.white, "white"}}) {
                if (stones->test(point) && game.hasFiveThrough(*stones, point)) {
                    input.fail(5 + i, std::string(who) + " already has five in a row through " +
                                          std::string(PointName::of(column, row).view()) +
                                          ", expected a position where nobody has won yet");
                }
            }
        }
    }
    input.expectEndAfter(4 + p.size);
    return p;
}

std::string formatProblem(const Problem& problem) {
    const Game game = gameOf(problem);
    std::string text = std::to_string(taskOf(problem.algorithm)) + "\n" + (problem.player == Player::Black ? "1" : "2") +
                       "\n" + std::to_string(problem.depth) + "\n" + std::to_string(problem.size) + "\n";
    text += boardText(game, rootOf(problem, game));
    text += '\n';
    return text;
}

Game gameOf(const Problem& problem) { return Game(problem.size, problem.player); }

State rootOf(const Problem& problem, const Game& game) { return game.makeState(problem.black, problem.white, problem.player); }

std::string boardText(const Game& game, const State& state) {
    const int n = game.size();
    std::string text;
    text.reserve(static_cast<std::size_t>(n) * (n + 1));
    for (int row = n; row >= 1; --row) {
        if (row < n) text += '\n';
        for (int column = 0; column < n; ++column) {
            const int point = game.pointOf(column, row);
            text += state.has(Player::Black, point) ? 'b' : state.has(Player::White, point) ? 'w' : '.';
        }
    }
    return text;
}

}  // namespace plyjudge::gomoku561
