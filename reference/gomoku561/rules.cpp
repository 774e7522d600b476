#include "rules.hpp"

#include <algorithm>

namespace plyjudge::gomoku561 {

namespace {

// Ray directions as (column step, row step); d and d + 4 are opposite, so d = 0..3 are the 4 lines.
constexpr std::array<std::array<int, 2>, 8> kDirections = {{
    {1, 0}, {0, 1}, {1, 1}, {1, -1}, {-1, 0}, {0, -1}, {-1, -1}, {-1, 1},
}};

// What one ray from the new stone shows: the mover's run next to it and the point beyond (create),
// or, when the first point is an opponent stone, the opponent's run and the point beyond it (block).
struct Ray {
    int own = 0;
    bool ownOpen = false;  // the point beyond the mover's run is empty (not an opponent stone or off-board)
    int theirs = 0;
    bool theirsOpen = false;  // the point beyond the opponent's run is empty (not the mover's or off-board)
};

Value createValue(int length, int openEnds) {
    switch (length) {
        case 4: return openEnds == 2 ? kCreateOpenFour : openEnds == 1 ? kCreateClosedFour : 0;
        case 3: return openEnds == 2 ? kCreateOpenThree : openEnds == 1 ? kCreateClosedThree : 0;
        case 2: return openEnds == 2 ? kCreateOpenTwo : openEnds == 1 ? kCreateClosedTwo : 0;
        default: return 0;
    }
}

Value blockValue(int length, bool open) {
    if (length == 4) return open ? 0 : kBlockClosedFour;  // an open four is not a category of the text
    if (length == 3) return open ? kBlockOpenThree : kBlockClosedThree;
    return 0;
}

}  // namespace

Game::Game(int size, Player rootPlayer) : size_(size), root_(rootPlayer) {
    for (int d = 0; d < 8; ++d) stride_[d] = kDirections[d][0] * size_ + kDirections[d][1];
    for (int column = 0; column < size_; ++column) {
        for (int row = 1; row <= size_; ++row) {
            const int point = pointOf(column, row);
            for (int d = 0; d < 8; ++d) {
                int k = 0;
                while (k < 5) {
                    const int c = column + (k + 1) * kDirections[d][0];
                    const int r = row + (k + 1) * kDirections[d][1];
                    if (c < 0 || c >= size_ || r < 1 || r > size_) break;
                    ++k;
                }
                reach_[point * 8 + d] = static_cast<std::uint8_t>(k);
            }
            Name& name = names_[point];
            name.text[0] = static_cast<char>('A' + column);
            if (row >= 10) {
                name.text[1] = static_cast<char>('0' + row / 10);
                name.text[2] = static_cast<char>('0' + row % 10);
                name.length = 3;
            } else {
                name.text[1] = static_cast<char>('0' + row);
                name.length = 2;
            }
        }
    }
}

State Game::makeState(const PointSet& black, const PointSet& white, Player toMove) const {
    State state;
    state.stones[0] = black;
    state.stones[1] = white;
    state.toMove = toMove;
    bool anyStone = false;
    for (int point = 0; point < size_ * size_; ++point) {
        if (black.test(point) || white.test(point)) {
            anyStone = true;
            continue;
        }
        for (int d = 0; d < 8; ++d) {
            if (reach_[point * 8 + d] == 0) continue;
            const int next = point + stride_[d];
            if (black.test(next) || white.test(next)) {
                state.candidates.set(point);
                break;
            }
        }
    }
    if (!anyStone) state.candidates.set(centre());
    return state;
}

MoveScore Game::score(const State& state, int point, Player mover) const {
    const PointSet& mine = state.stones[static_cast<int>(mover)];
    const PointSet& theirs = state.stones[static_cast<int>(opponent(mover))];
    std::array<Ray, 8> rays;
    for (int d = 0; d < 8; ++d) {
        const int reach = reach_[point * 8 + d];
        const int stride = stride_[d];
        Ray& ray = rays[d];
        int k = 0;
        while (k < reach && mine.test(point + (k + 1) * stride)) ++k;
        if (k > 0 || reach == 0) {
            ray.own = k;
            ray.ownOpen = k < reach && !theirs.test(point + (k + 1) * stride);
            continue;
        }
        while (k < reach && theirs.test(point + (k + 1) * stride)) ++k;
        if (k == 0) {
            ray.ownOpen = true;  // the neighbour is empty
            continue;
        }
        ray.theirs = k;
        ray.theirsOpen = k < reach && !mine.test(point + (k + 1) * stride);
    }
    MoveScore s;
    for (int d = 0; d < 4; ++d) {
        const Ray& a = rays[d];
        const Ray& b = rays[d + 4];
        const int length = 1 + a.own + b.own;
        if (length >= 5) {
            s.points += kWin;
            s.wins = true;
        } else {
            s.points += createValue(length, int{a.ownOpen} + int{b.ownOpen});
        }
        s.points += blockValue(a.theirs, a.theirsOpen) + blockValue(b.theirs, b.theirsOpen);
    }
    return s;
}

bool Game::hasFiveThrough(const PointSet& stones, int point) const {
    for (int d = 0; d < 4; ++d) {
        int length = 1;
        for (int side : {d, d + 4}) {
            const int reach = reach_[point * 8 + side];
            for (int k = 1; k <= reach && stones.test(point + k * stride_[side]); ++k) ++length;
        }
        if (length >= 5) return true;
    }
    return false;
}

int Game::generateMoves(const State& state, MoveBuffer<Game>& out) const {
    int count = 0;
    for (int w = 0; w < PointSet::kWords; ++w) {
        for (std::uint64_t bits = state.candidates.words[w]; bits; bits &= bits - 1) {
            out[count++] = static_cast<Move>(w * 64 + std::countr_zero(bits));
        }
    }
    return count;
}

void Game::play(State& state, Move move) const {
    const Player mover = state.toMove;
    const MoveScore s = score(state, move, mover);
    state.value += mover == root_ ? s.points : -s.points;
    state.won = s.wins;
    state.stones[static_cast<int>(mover)].set(move);
    state.candidates.reset(move);
    for (int d = 0; d < 8; ++d) {
        if (reach_[move * 8 + d] == 0) continue;
        const int next = move + stride_[d];
        if (!state.stones[0].test(next) && !state.stones[1].test(next)) state.candidates.set(next);
    }
    state.toMove = opponent(mover);
}

}  // namespace plyjudge::gomoku561
