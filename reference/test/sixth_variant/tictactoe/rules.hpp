// Tic-tac-toe, a throwaway sixth variant that proves a variant is one folder plus one registry line
// (../README.md). The board is 3x3, cells A1..C3 (column letter, row 1 at the top), X and O alternate;
// the search goes to the end of the game and scores it for the root player: win 1, draw 0, loss -1.
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "reference/core/input_text.hpp"
#include "reference/core/search.hpp"

namespace plyjudge::tictactoe {

inline constexpr int kCells = 9;
inline constexpr char kEmpty = '.';

struct State {
    std::array<char, kCells> cells{};  // 'X', 'O' or kEmpty, row-major from A1
    char toMove = 'X';
    bool operator==(const State&) const = default;
};

inline char opponent(char player) { return player == 'X' ? 'O' : 'X'; }
// The player with three in a row, or 0.
char winner(const State& s);
int emptyCells(const State& s);

// The rules for the shared search core; moves are cell indices, expanded in row-major order.
class Game {
public:
    using State = tictactoe::State;
    using Move = int;
    static constexpr int kMaxMoves = kCells;

    explicit Game(char rootPlayer) : rootPlayer_(rootPlayer) {}
    int generateMoves(const State& s, MoveBuffer<Game>& out) const;
    void play(State& s, Move m) const {
        s.cells[static_cast<std::size_t>(m)] = s.toMove;
        s.toMove = opponent(s.toMove);
    }
    bool isTerminal(const State& s) const { return winner(s) != 0 || emptyCells(s) == 0; }
    Value evaluate(const State& s) const;
    std::string_view moveName(Move m) const;

private:
    char rootPlayer_;
};

struct Problem {
    State root;  // root.toMove is the player
    Algorithm algorithm = Algorithm::Minimax;
    bool operator==(const Problem&) const = default;
};

// Input: the player to move (X or O), the algorithm (minimax or alphabeta), three board rows of X, O and
// '.'; the game must still be on. Throws InputError naming the line and what was expected.
Problem parseProblem(const InputText& input);
std::string formatProblem(const Problem& problem);
// The three board rows joined by '\n'.
std::string boardText(const State& s);

}  // namespace plyjudge::tictactoe
