#include "reference/gomoku561/rules.hpp"

#include <atomic>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>

namespace plyjudge::gomoku561 {

namespace {

// Ray directions as (column step, row step); d and d + 4 are opposite, so d = 0..3 are the 4 lines:
// the row, the column, the diagonal and the anti-diagonal, each walked towards higher positions.
constexpr std::array<std::array<int, 2>, 8> kDirections = {{
    {1, 0}, {0, 1}, {1, 1}, {1, -1}, {-1, 0}, {0, -1}, {-1, -1}, {-1, 1},
}};

}  // namespace

// The tables of each board size, built once per process (about 30 us for 19x19).
const Game& Game::tablesOf(int size) {
    // Past 25 the fixed-size arrays would overflow; the parser never lets such a size through.
    if (size < 1 || size > kMaxSize) throw std::out_of_range("gomoku561: no board of size " + std::to_string(size));
    static std::array<std::once_flag, kMaxSize + 1> built;
    static std::array<std::unique_ptr<const Game>, kMaxSize + 1> tables;
    std::call_once(built[size], [size] { tables[size] = std::make_unique<const Game>(Game::withTables(size)); });
    return *tables[size];
}

// Copy-constructed from the size's tables (not default-built, then assigned: twice the 15 KB per Game).
Game::Game(int size, Player rootPlayer) : Game(tablesOf(size)) {
    root_ = rootPlayer;
}

Game::Game(BuildTables, int size) : size_(size), root_(Player::Black) {
    for (int d = 0; d < 8; ++d) stride_[d] = kDirections[d][0] * size_ + kDirections[d][1];
    for (int column = 0; column < size_; ++column) {
        for (int row = 1; row <= size_; ++row) {
            const int point = pointOf(column, row);
            for (int d = 0; d < 8; ++d) {
                int reach = 0;
                for (int k = 1; k <= 5; ++k) {
                    const int c = column + k * kDirections[d][0];
                    const int r = row + k * kDirections[d][1];
                    if (c < 0 || c >= size_ || r < 1 || r > size_) break;
                    ++reach;
                }
                reach_[point * 8 + d] = static_cast<std::uint8_t>(reach);
            }
            // The lines in Lines' order (row, column, diagonal, anti-diagonal: rays 0-3 walk them towards
            // higher positions).
            Rays& rays = rays_[point];
            const std::array<int, 4> lines = {size_ + row - 1, column, 2 * size_ + column - (row - 1) + size_ - 1,
                                              4 * size_ - 1 + column + row - 1};
            const std::array<int, 4> positions = {column, row - 1, column, column};
            for (int line = 0; line < 4; ++line) {
                rays.line[line] = static_cast<std::uint8_t>(lines[line]);
                rays.shift[line] = static_cast<std::uint8_t>(2 * positions[line]);
            }
            names_[point] = PointName::of(column, row);
            gridKey_[point] = static_cast<std::uint16_t>(column * detail::kInfluenceSide + row - 1);
        }
    }
    // Off the board everywhere (3 at positions 0..29 of every word), then the board's points emptied.
    for (std::uint64_t& word : emptyLines_.words) word = (std::uint64_t{1} << 60) - 1;
    for (int point = 0; point < size_ * size_; ++point) {
        const Rays& rays = rays_[point];
        for (int line = 0; line < 4; ++line) emptyLines_.words[rays.line[line]] &= ~(std::uint64_t{3} << rays.shift[line]);
    }
}

State Game::makeState(const PointSet& black, const PointSet& white, Player toMove) const {
    State state;
    state.lines = emptyLines_;
    state.toMove = toMove;
    bool anyStone = false;
    for (int point = 0; point < size_ * size_; ++point) {
        const bool isBlack = black.test(point);
        if (!isBlack && !white.test(point)) continue;
        const Player who = isBlack ? Player::Black : Player::White;
        state.board.put(point, who);
        placeOnLines(state, point, who);
        anyStone = true;
    }
    // The empty neighbours of the stones (adjacency is symmetric): a few stones' 8 neighbours rather than
    // every point's, since this runs once per solve and small solves feel it.
    for (int point = 0; point < size_ * size_; ++point) {
        if (state.empty(point)) continue;
        for (int d = 0; d < 8; ++d) {
            if (reach_[point * 8 + d] > 0 && state.empty(point + stride_[d])) state.candidates.set(point + stride_[d]);
        }
    }
    if (!anyStone) state.candidates.set(centre());
    state.stamp = nextStamp();
    return state;
}

void Game::placeOnLines(State& state, int point, Player who) const {
    const Rays& rays = rays_[point];
    for (int line = 0; line < 4; ++line) {
        state.lines.words[rays.line[line]] |= std::uint64_t{1u + static_cast<unsigned>(who)} << rays.shift[line];
    }
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

void Game::play(State& state, Move move) const {
    const Player mover = state.toMove;
    const RayCodes codes = rayCodes(state, move);
    const MoveScore s = scoreOf(codes, mover);
    state.value += mover == root_ ? s.points : -s.points;
    state.won = s.wins;
    state.board.put(move, mover);
    placeOnLines(state, move, mover);
    // The empty neighbours become legal: a ray's nearest point is empty (0; off the board reads 3). Branch-free
    // (which neighbours are empty follows no pattern): a point that is not one sets its bit 0 at `move`, in range.
    for (int d = 0; d < 8; ++d) {
        const unsigned nearest = d < 4 ? codes[d] & 3 : codes[d] >> 8;
        const int empty = nearest == 0;
        const int point = move + (stride_[d] & -empty);
        state.candidates.words[point >> 6] |= std::uint64_t(empty) << (point & 63);
    }
    state.candidates.reset(move);
    state.toMove = opponent(mover);
    state.parentStamp = state.stamp;
    state.stamp = nextStamp();
    state.lastMove = move;
}

// Unique across threads, so a state made in one thread and searched in another still has a stamp no other has.
// Each thread takes a block of a million stamps at a time from the shared counter: threads grading side by side
// would otherwise contend for that counter's cache line at every play().
std::uint64_t Game::nextStamp() {
    constexpr std::uint64_t kBlock = std::uint64_t{1} << 20;
    static std::atomic<std::uint64_t> blocks{0};
    thread_local std::uint64_t next = 0, end = 0;
    if (next == end) [[unlikely]] {
        next = blocks.fetch_add(1, std::memory_order_relaxed) * kBlock + 1;  // never 0, a root's "no parent"
        end = next + kBlock - 1;
    }
    return next++;
}

detail::SiblingScores& detail::siblingScores() {
    static thread_local SiblingScores scores;
    return scores;
}

}  // namespace plyjudge::gomoku561
