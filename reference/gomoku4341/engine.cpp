#include "reference/gomoku4341/engine.hpp"

#include <algorithm>
#include <random>

namespace plyjudge::gomoku4341 {

namespace {

// Every run of five cells on the board (572 of them) and, per cell, the runs through it.
struct Windows {
    static constexpr int kCount = 572;
    std::array<std::array<std::int16_t, 5>, kCount> cells{};
    std::array<std::array<std::int16_t, 20>, kCells> through{};
    std::array<std::uint8_t, kCells> throughCount{};
    std::array<std::array<char, 4>, kCells> names{};

    Windows() {
        int n = 0;
        for (int r = 0; r < kSize; ++r) {
            for (int c = 0; c < kSize; ++c) {
                for (const auto& d : kDirections) {
                    const int ec = c + 4 * d[0], er = r + 4 * d[1];
                    if (!onBoard(ec, er)) continue;
                    for (int k = 0; k < 5; ++k) {
                        const int cell = (r + k * d[1]) * kSize + (c + k * d[0]);
                        cells[n][k] = static_cast<std::int16_t>(cell);
                        through[cell][throughCount[cell]++] = static_cast<std::int16_t>(n);
                    }
                    ++n;
                }
                const std::string text = std::string(1, static_cast<char>('A' + c)) + std::to_string(r + 1);
                std::copy(text.begin(), text.end(), names[r * kSize + c].begin());
            }
        }
    }
};
const Windows& windows() {
    static const Windows w;
    return w;
}

// Score of a window holding k stones of one colour and nothing of the other.
constexpr std::array<Value, 6> kWindowWeight{0, 1, 12, 150, 2000, 0};

struct Counts {
    std::array<std::uint8_t, Windows::kCount> own{}, other{};  // stones of the side to move / of the other
};

void countWindows(const Board& board, Stone side, Counts& counts) {
    const Windows& w = windows();
    for (int i = 0; i < Windows::kCount; ++i) {
        std::uint8_t a = 0, b = 0;
        for (std::int16_t cell : w.cells[i]) {
            const Stone s = board.at(cell);
            a += s == side;
            b += s != side && s != Stone::Empty;
        }
        counts.own[i] = a;
        counts.other[i] = b;
    }
}

// The empty cell of a window with four stones of one colour.
int emptyCellOf(const Board& board, int window) {
    for (std::int16_t cell : windows().cells[window]) {
        if (board.at(cell) == Stone::Empty) return cell;
    }
    return -1;
}

}  // namespace

Value evaluateFor(const Board& board, Stone side, Stone toMove) {
    Counts counts;
    countWindows(board, toMove, counts);
    Value score[2] = {0, 0};  // [0] side to move, [1] the other
    int fourCell[2][2] = {{-1, -1}, {-1, -1}};  // up to two distinct cells completing a five, per colour
    for (int i = 0; i < Windows::kCount; ++i) {
        const int a = counts.own[i], b = counts.other[i];
        if (a && b) continue;
        const int who = a ? 0 : 1;
        const int k = a ? a : b;
        score[who] += kWindowWeight[k];
        if (k == 4 && fourCell[who][1] < 0) {
            const int cell = emptyCellOf(board, i);
            if (fourCell[who][0] < 0) fourCell[who][0] = cell;
            else if (fourCell[who][0] != cell) fourCell[who][1] = cell;
        }
    }
    Value v;
    if (fourCell[0][0] >= 0) v = kThreatWin;        // the side to move completes five now
    else if (fourCell[1][1] >= 0) v = -kThreatWin;  // two fives threatened: one cannot block both
    else v = score[0] + score[0] / 4 - score[1];    // the side to move is a tempo ahead
    return toMove == side ? v : -v;
}

SearchGameAdapter::SearchGameAdapter(Stone root, std::uint64_t seed, int breadth) : root_(root), breadth_(breadth) {
    std::mt19937_64 random(seed);
    for (auto& t : tiebreak_) t = static_cast<std::uint16_t>(random() & 0xFFFF);
}

void SearchGameAdapter::play(State& state, Move move) const {
    state.board.play(Point::ofCell(move), state.toMove);
    state.toMove = other(state.toMove);
    state.lastCell = move;
    ++state.ply;
}

bool SearchGameAdapter::isTerminal(const State& state) const {
    return (state.lastCell >= 0 && state.board.fiveThrough(state.lastCell)) || state.board.full();
}

Value SearchGameAdapter::evaluate(const State& state) const {
    if (state.lastCell >= 0 && state.board.fiveThrough(state.lastCell)) {
        const Value v = kWin - state.ply;
        return state.board.at(state.lastCell) == root_ ? v : -v;
    }
    if (state.board.full()) return 0;
    Value v = evaluateFor(state.board, root_, state.toMove);
    if (v >= kThreatWin) v -= state.ply;
    else if (v <= -kThreatWin) v += state.ply;
    return v;
}

std::string_view SearchGameAdapter::moveName(Move move) const { return windows().names[move].data(); }

int SearchGameAdapter::generateMoves(const State& state, MoveBuffer<SearchGameAdapter>& out) const {
    const Board& board = state.board;
    if (board.stones() == 0) {
        out[0] = static_cast<Move>(7 * kSize + 7);
        return 1;
    }
    const Windows& w = windows();
    Counts counts;
    countWindows(board, state.toMove, counts);
    // Forced: complete our own five; else block every cell completing the opponent's five.
    int blocks = 0;
    for (int i = 0; i < Windows::kCount; ++i) {
        if (counts.own[i] == 4 && counts.other[i] == 0) {
            out[0] = static_cast<Move>(emptyCellOf(board, i));
            return 1;
        }
    }
    for (int i = 0; i < Windows::kCount; ++i) {
        if (counts.other[i] == 4 && counts.own[i] == 0) {
            const Move cell = static_cast<Move>(emptyCellOf(board, i));
            if (std::find(out.begin(), out.begin() + blocks, cell) == out.begin() + blocks) out[blocks++] = cell;
        }
    }
    if (blocks > 0) return blocks;
    // Candidates: empty cells within two of a stone, scored by what they build and what they block.
    std::array<std::int64_t, kCells> key{};
    int count = 0;
    for (int cell = 0; cell < kCells; ++cell) {
        if (board.at(cell) != Stone::Empty) continue;
        const Point p = Point::ofCell(cell);
        bool near = false;
        for (int dr = -2; dr <= 2 && !near; ++dr) {
            for (int dc = -2; dc <= 2 && !near; ++dc) {
                near = onBoard(p.column + dc, p.row + dr) && board.at((p.row + dr) * kSize + p.column + dc) != Stone::Empty;
            }
        }
        if (!near) continue;
        std::int64_t score = 0;
        for (int k = 0; k < w.throughCount[cell]; ++k) {
            const int i = w.through[cell][k];
            if (counts.other[i] == 0) score += kWindowWeight[counts.own[i] + 1] * 5 / 4;  // attack
            if (counts.own[i] == 0) score += kWindowWeight[counts.other[i] + 1];          // defence
        }
        key[cell] = score * 65536 + tiebreak_[cell];
        out[count++] = static_cast<Move>(cell);
    }
    std::sort(out.begin(), out.begin() + count, [&](Move a, Move b) { return key[a] > key[b]; });
    if (state.ply == 0 && rootFirst_ >= 0) {
        const auto it = std::find(out.begin(), out.begin() + count, static_cast<Move>(rootFirst_));
        if (it != out.begin() + count) std::rotate(out.begin(), it, it + 1);
    }
    return std::min(count, state.ply == 0 ? std::max(breadth_, 20) : breadth_);
}

}  // namespace plyjudge::gomoku4341
