#include "reference/gomoku561/rules.hpp"

namespace plyjudge::gomoku561 {

namespace {

// Ray directions as (column step, row step); d and d + 4 are opposite, so d = 0..3 are the 4 lines.
constexpr std::array<std::array<int, 2>, 8> kDirections = {{
    {1, 0}, {0, 1}, {1, 1}, {1, -1}, {-1, 0}, {0, -1}, {-1, -1}, {-1, 1},
}};

// What one ray from the new stone shows, packed in a byte: bits 0-2 the mover's run next to the stone
// (0..5), bit 3 whether the point beyond that run is empty (open; an opponent stone or the edge blocks
// it), bits 4-5 the block category of an opponent run starting next to the stone (see kBlockValues).
constexpr int kOpenBit = 8;
constexpr std::array<Value, 4> kBlockValues = {0, kBlockClosedFour, kBlockOpenThree, kBlockClosedThree};

// The ray byte for `mover` (cell code 1 black, 2 white) when `reach` points of the ray are on the board
// and `code` holds their cells, 2 bits each, nearest first.
constexpr std::uint8_t rayInfo(int mover, int reach, int code) {
    const int mine = 1 + mover, theirs = 2 - mover;
    auto cell = [&](int k) { return (code >> (2 * k)) & 3; };
    int k = 0;
    while (k < reach && cell(k) == mine) ++k;
    if (k > 0 || reach == 0) return static_cast<std::uint8_t>(k | (k < reach && cell(k) == 0 ? kOpenBit : 0));
    if (cell(0) == 0) return kOpenBit;  // the neighbour is empty: an open end, nothing to block
    while (k < reach && cell(k) == theirs) ++k;
    // The far end of the opponent's run is open only if empty; the mover's stone or the edge closes it.
    const bool open = k < reach && cell(k) == 0;
    int category = 0;
    if (k == 4 && !open) category = 1;  // blockClosedFour (an open four is no category of the text)
    else if (k == 3) category = open ? 2 : 3;
    return static_cast<std::uint8_t>(category << 4);
}

// kRayTable[(mover * 6 + reach) * 1024 + code]: rayInfo for every ray a board can show.
constexpr auto kRayTable = [] {
    std::array<std::uint8_t, 2 * 6 * 1024> table{};
    for (int mover = 0; mover < 2; ++mover) {
        for (int reach = 0; reach <= 5; ++reach) {
            for (int code = 0; code < 1024; ++code) table[(mover * 6 + reach) * 1024 + code] = rayInfo(mover, reach, code);
        }
    }
    return table;
}();

// kCreateValues[length][open ends] for runs of 2..4; length >= 5 wins.
constexpr Value kCreateValues[5][3] = {
    {0, 0, 0}, {0, 0, 0}, {0, kCreateClosedTwo, kCreateOpenTwo},
    {0, kCreateClosedThree, kCreateOpenThree}, {0, kCreateClosedFour, kCreateOpenFour},
};

}  // namespace

Game::Game(int size, Player rootPlayer) : size_(size), root_(rootPlayer) {
    for (int d = 0; d < 8; ++d) stride_[d] = kDirections[d][0] * size_ + kDirections[d][1];
    for (int column = 0; column < size_; ++column) {
        for (int row = 1; row <= size_; ++row) {
            const int point = pointOf(column, row);
            for (int d = 0; d < 8; ++d) {
                int reach = 0;
                for (int k = 0; k < 5; ++k) {
                    const int c = column + (k + 1) * kDirections[d][0];
                    const int r = row + (k + 1) * kDirections[d][1];
                    const bool on = c >= 0 && c < size_ && r >= 1 && r <= size_ && reach == k;
                    if (on) ++reach;
                    rayCells_[(point * 8 + d) * 5 + k] = static_cast<std::uint16_t>(on ? pointOf(c, r) : Board::kOffBoard);
                }
                reach_[point * 8 + d] = static_cast<std::uint8_t>(reach);
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
    state.toMove = toMove;
    bool anyStone = false;
    for (int point = 0; point < size_ * size_; ++point) {
        if (black.test(point)) state.board.put(point, Player::Black);
        else if (white.test(point)) state.board.put(point, Player::White);
        anyStone = anyStone || black.test(point) || white.test(point);
    }
    for (int point = 0; point < size_ * size_; ++point) {
        if (!state.empty(point)) continue;
        for (int d = 0; d < 8; ++d) {
            if (reach_[point * 8 + d] > 0 && !state.empty(point + stride_[d])) {
                state.candidates.set(point);
                break;
            }
        }
    }
    if (!anyStone) state.candidates.set(centre());
    return state;
}

MoveScore Game::score(const State& state, int point, Player mover) const {
    unsigned occupiedNeighbours = 0;
    return scoreAndNeighbours(state, point, mover, occupiedNeighbours);
}

MoveScore Game::scoreAndNeighbours(const State& state, int point, Player mover, unsigned& occupiedNeighbours) const {
    const std::uint8_t* table = kRayTable.data() + static_cast<int>(mover) * 6 * 1024;
    const std::uint16_t* cells = &rayCells_[point * 8 * 5];
    const std::uint8_t* reach = &reach_[point * 8];
    // Most rays start with an empty neighbour (an open end, nothing to block): read the 8 neighbours
    // first and the 4 farther points only of the rays that start with a stone.
    std::array<std::uint8_t, 8> rays;
    unsigned occupied = 0;
    for (int d = 0; d < 8; ++d) {
        const int near = state.board.at(cells[d * 5]);
        rays[d] = static_cast<std::uint8_t>(near);
        occupied |= unsigned{near != 0} << d;
    }
    for (int d = 0; d < 8; ++d) {
        if (!(occupied >> d & 1)) rays[d] = table[reach[d] * 1024];  // an empty neighbour (or the edge)
    }
    occupiedNeighbours = occupied;
    for (; occupied; occupied &= occupied - 1) {
        const int d = std::countr_zero(occupied);
        int code = rays[d];
        for (int k = 1; k < 5; ++k) code |= state.board.at(cells[d * 5 + k]) << (2 * k);
        rays[d] = table[reach[d] * 1024 + code];
    }
    MoveScore s;
    for (int d = 0; d < 4; ++d) {
        const int a = rays[d], b = rays[d + 4];
        const int length = 1 + (a & 7) + (b & 7);
        const int openEnds = ((a & kOpenBit) + (b & kOpenBit)) / kOpenBit;
        if (length >= 5) {
            s.points += kWin;
            s.wins = true;
        } else {
            s.points += kCreateValues[length][openEnds];
        }
        s.points += kBlockValues[a >> 4] + kBlockValues[b >> 4];
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
    unsigned occupied = 0;
    const MoveScore s = scoreAndNeighbours(state, move, mover, occupied);
    state.value += mover == root_ ? s.points : -s.points;
    state.won = s.wins;
    state.board.put(move, mover);
    // The empty neighbours become legal; off-board neighbours read as the never-set kOffBoard cell,
    // whose candidate bit is cleared again below.
    const std::uint16_t* cells = &rayCells_[move * 8 * 5];
    for (int d = 0; d < 8; ++d) {
        const int next = cells[d * 5];
        state.candidates.words[next >> 6] |= std::uint64_t{!(occupied >> d & 1)} << (next & 63);
    }
    state.candidates.reset(Board::kOffBoard);
    state.candidates.reset(move);
    state.toMove = opponent(mover);
}

}  // namespace plyjudge::gomoku561
