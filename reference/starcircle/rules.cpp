#include "reference/starcircle/rules.hpp"

namespace plyjudge::starcircle {

namespace {

// "F4-H2" for every from/to pair, and "pass": built once so moveName never allocates.
struct MoveNames {
    std::array<std::array<char, 5>, 64 * 64> text{};
    MoveNames() {
        for (int from = 0; from < 64; ++from) {
            for (int to = 0; to < 64; ++to) {
                auto& t = text[from * 64 + to];
                t = {static_cast<char>('A' + rowOf(from) - 1), static_cast<char>('0' + columnOf(from)), '-',
                     static_cast<char>('A' + rowOf(to) - 1), static_cast<char>('0' + columnOf(to))};
            }
        }
    }
};
const MoveNames kMoveNames;

int signOf(Player p) { return p == Player::Star ? 1 : -1; }

// Star's weight of row r is v_r; Circle's weight of row r is v_(9-r) (row H is Circle's v1).
Value rowWeight(Player p, int row, const std::array<int, 8>& values) {
    return p == Player::Star ? values[row - 1] : values[8 - row];
}

}  // namespace

State makeState(const Board& board, Player toMove) {
    State s;
    s.board = board;
    s.toMove = toMove;
    for (std::int8_t c : board.cells) {
        if (c > 0) s.starPieces = static_cast<std::uint16_t>(s.starPieces + c);
        if (c < 0) s.circlePieces = static_cast<std::uint16_t>(s.circlePieces - c);
    }
    return s;
}

Game::Game(Player rootPlayer, const std::array<int, 8>& rowValues) : root_(rootPlayer) {
    for (int s = 0; s < 64; ++s) {
        rootWeight_[s] = rowWeight(root_, rowOf(s), rowValues);
        opponentWeight_[s] = rowWeight(opponent(root_), rowOf(s), rowValues);
    }
}

int Game::generateMoves(const State& state, MoveBuffer<Game>& out) const {
    const Player p = state.toMove;
    const int sign = signOf(p);
    const int forward = p == Player::Star ? 1 : -1;
    const int lastRow = lastRowOf(p);
    // A piece may land on an empty square, or on its own last row onto its own stack.
    auto canLand = [&](int row, int column) {
        const int c = state.board.cells[squareOf(row, column)];
        return c == 0 || (row == lastRow && c * sign > 0);
    };
    auto onBoard = [](int row, int column) { return row >= 1 && row <= 8 && column >= 1 && column <= 8; };

    int count = 0;
    // From-squares in positional order: upper rows first, then left to right.
    for (int row = 8; row >= 1; --row) {
        if (row == lastRow) continue;  // pieces on their last row never move
        for (int column = 1; column <= 8; ++column) {
            const int from = squareOf(row, column);
            if (state.board.cells[from] * sign <= 0) continue;
            // To-squares in positional order too: for Star the jump row (r+2) is above the step row,
            // for Circle the step row (r-1) is above the jump row (r-2).
            Move steps[2];
            Move jumps[2];
            int stepCount = 0;
            int jumpCount = 0;
            for (int side : {-1, 1}) {
                const int r1 = row + forward, c1 = column + side;
                if (!onBoard(r1, c1)) continue;
                const int over = state.board.cells[squareOf(r1, c1)];
                if (canLand(r1, c1)) {
                    steps[stepCount++] = makeMove(from, squareOf(r1, c1));
                } else if (over * sign < 0) {
                    const int r2 = row + 2 * forward, c2 = column + 2 * side;
                    if (onBoard(r2, c2) && canLand(r2, c2)) jumps[jumpCount++] = makeMove(from, squareOf(r2, c2));
                }
            }
            if (p == Player::Star) {
                for (int i = 0; i < jumpCount; ++i) out[count++] = jumps[i];
                for (int i = 0; i < stepCount; ++i) out[count++] = steps[i];
            } else {
                for (int i = 0; i < stepCount; ++i) out[count++] = steps[i];
                for (int i = 0; i < jumpCount; ++i) out[count++] = jumps[i];
            }
        }
    }
    if (count == 0) out[count++] = kPass;
    return count;
}

void Game::play(State& state, Move move) const {
    const Player p = state.toMove;
    state.toMove = opponent(p);
    if (move == kPass) {
        ++state.consecutivePasses;
        return;
    }
    state.consecutivePasses = 0;
    const int sign = signOf(p);
    const int from = move / 64;
    const int to = move % 64;
    state.board.cells[from] = static_cast<std::int8_t>(state.board.cells[from] - sign);
    state.board.cells[to] = static_cast<std::int8_t>(state.board.cells[to] + sign);
    if (rowOf(to) - rowOf(from) == 2 || rowOf(from) - rowOf(to) == 2) {
        const int jumped = squareOf((rowOf(from) + rowOf(to)) / 2, (columnOf(from) + columnOf(to)) / 2);
        state.board.cells[jumped] = static_cast<std::int8_t>(state.board.cells[jumped] + sign);  // one captured
        if (p == Player::Star) --state.circlePieces; else --state.starPieces;
    }
}

Value Game::evaluate(const State& state) const {
    const int rootSign = signOf(root_);
    Value e = 0;
    for (int s = 0; s < 64; ++s) {
        const int c = state.board.cells[s] * rootSign;  // > 0: root's pieces
        if (c > 0) e += c * rootWeight_[s];
        else if (c < 0) e += c * opponentWeight_[s];
    }
    return e;
}

std::string_view Game::moveName(Move move) const {
    if (move == kPass) return "pass";
    const auto& t = kMoveNames.text[move];
    return {t.data(), t.size()};
}

}  // namespace plyjudge::starcircle
