// Go-Moku with the adjacency rule (docs/variants/gomoku561.md): N x N board (15..25), legal moves are
// the empty points 8-adjacent to a stone, a move is scored by the patterns on the lines through it, and
// a position's value is the sum of the signed move values along the path from the root.
//
// Speed: the core copies State per node (only for inner nodes: the cut-off children are valued by
// leafValues without a copy), so State stays around 1.5 KB. Besides the board at 2 bits a point and a
// 625-bit candidate set, it keeps the stones of every line (column, row, both diagonals) as one word
// per line, so the 5 points a move's score reads along each of its 8 rays are one shift of one word
// (branch-free, then one table lookup per ray); the candidate set is updated from the 8 neighbours of
// the new stone; the board is never rescanned.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string_view>

#include "reference/core/search.hpp"

namespace plyjudge::gomoku561 {

inline constexpr int kMinSize = 15;
inline constexpr int kMaxSize = 25;
inline constexpr int kMaxPoints = kMaxSize * kMaxSize;

enum class Player : std::uint8_t { Black, White };  // b (player 1, moves first), w (player 2)
inline Player opponent(Player p) { return p == Player::Black ? Player::White : Player::Black; }

// The category values of the spec's move evaluation.
inline constexpr Value kWin = 50000;
inline constexpr Value kCreateOpenFour = 5000;
inline constexpr Value kCreateClosedFour = 1000;
inline constexpr Value kCreateOpenThree = 50;
inline constexpr Value kCreateClosedThree = 10;
inline constexpr Value kCreateOpenTwo = 5;
inline constexpr Value kCreateClosedTwo = 1;
inline constexpr Value kBlockClosedFour = 10000;
inline constexpr Value kBlockOpenThree = 500;
inline constexpr Value kBlockClosedThree = 100;

// A set of points. Point index = column * N + (row - 1), column 0 = `A`, row 1 at the bottom, so
// ascending index is exactly the alphanumeric expansion order (A1 < A2 < ... < A9 < A10 < ... < B1).
struct PointSet {
    static constexpr int kWords = (kMaxPoints + 63) / 64;
    std::array<std::uint64_t, kWords> words{};

    bool test(int p) const { return (words[p >> 6] >> (p & 63)) & 1; }
    void set(int p) { words[p >> 6] |= std::uint64_t{1} << (p & 63); }
    void reset(int p) { words[p >> 6] &= ~(std::uint64_t{1} << (p & 63)); }
    bool none() const {
        std::uint64_t any = 0;
        for (std::uint64_t w : words) any |= w;
        return any == 0;
    }
    int count() const {
        int n = 0;
        for (std::uint64_t w : words) n += std::popcount(w);
        return n;
    }
    bool operator==(const PointSet&) const = default;
};

// The stones, 2 bits per point (0 empty, 1 black, 2 white) in point order, 32 points per word.
struct Board {
    static constexpr int kWords = (kMaxPoints + 31) / 32;
    std::array<std::uint64_t, kWords> words{};

    int at(int p) const { return static_cast<int>((words[p >> 5] >> ((p & 31) * 2)) & 3); }
    void put(int p, Player who) { words[p >> 5] |= std::uint64_t{1u + static_cast<unsigned>(who)} << ((p & 31) * 2); }
    bool operator==(const Board&) const = default;
};

// The same stones line by line, 2 bits per position as in Board, one word per line: the N columns (by
// row), the N rows, the 2N - 1 diagonals (up-right) and the 2N - 1 anti-diagonals (down-right), each
// of the last three by column. Positions 0..29 of a word that are no point of the board hold 3 (off
// the board), as far as a ray of 5 from a point can reach. Game::rays_ says where a point sits.
struct Lines {
    static constexpr int kCount = 6 * kMaxSize - 2;
    std::array<std::uint64_t, kCount> words{};
    bool operator==(const Lines&) const = default;
};

struct State {
    Board board;
    Lines lines;
    PointSet candidates{};             // the legal moves: empty points next to a stone (the centre if none)
    Value value = 0;                   // the path sum: 0 at the root
    Player toMove = Player::Black;
    bool won = false;                  // the move that reached this state made five or more: game over
    // For leafValues()' sibling scores: this state's own number, new at every makeState() and play(), its parent's
    // (0 for a root), and the move that made it (-1 for a root). The stones change only through play(), so one
    // stamp stands for one board.
    std::uint64_t stamp = 0;
    std::uint64_t parentStamp = 0;
    int lastMove = -1;

    bool has(Player p, int point) const { return board.at(point) == 1 + static_cast<int>(p); }
    bool empty(int point) const { return board.at(point) == 0; }
    PointSet stonesOf(Player p) const {
        PointSet set;
        for (int point = 0; point < kMaxPoints; ++point) {
            if (has(p, point)) set.set(point);
        }
        return set;
    }
};

using Move = std::uint16_t;  // a point index

// What a move scores, unsigned (from the mover's side), and whether it wins.
struct MoveScore {
    Value points = 0;
    bool wins = false;
};

namespace detail {

// What one ray from the new stone shows, packed in a byte: bits 0-2 the mover's run next to the stone
// (0..5), bit 3 whether the point beyond that run is empty (open; an opponent stone or the edge blocks
// it), bits 4-5 the block category of an opponent run starting next to the stone (see kBlockValues).
inline constexpr int kOpenBit = 8;
inline constexpr std::array<Value, 4> kBlockValues = {0, kBlockClosedFour, kBlockOpenThree, kBlockClosedThree};

// The ray byte for `mover` (cell code 1 black, 2 white, 3 off the board) when `code` holds the 5
// points of the ray, 2 bits each, nearest first.
constexpr std::uint8_t rayInfo(int mover, int code) {
    const int mine = 1 + mover, theirs = 2 - mover;
    auto cell = [&](int k) { return k < 5 ? (code >> (2 * k)) & 3 : 3; };  // past the 5th: as if off the board
    int k = 0;
    while (cell(k) == mine) ++k;
    if (k > 0) return static_cast<std::uint8_t>(k | (cell(k) == 0 ? kOpenBit : 0));
    if (cell(0) == 0) return kOpenBit;  // the neighbour is empty: an open end, nothing to block
    while (cell(k) == theirs) ++k;
    // The far end of the opponent's run is open only if empty; the mover's stone or the edge closes it.
    const bool open = cell(k) == 0;
    int category = 0;
    if (k == 4 && !open) category = 1;  // blockClosedFour (an open four is no category of the text)
    else if (k == 3) category = open ? 2 : 3;
    return static_cast<std::uint8_t>(category << 4);
}

// The code with its 5 points in the opposite order.
constexpr int reversedCode(int code) {
    int r = 0;
    for (int k = 0; k < 5; ++k) r |= ((code >> (2 * k)) & 3) << (2 * (4 - k));
    return r;
}

// kCreateValues[length][open ends] for runs of 2..4; length >= 5 wins.
inline constexpr Value kCreateValues[5][3] = {
    {0, 0, 0}, {0, 0, 0}, {0, kCreateClosedTwo, kCreateOpenTwo},
    {0, kCreateClosedThree, kCreateOpenThree}, {0, kCreateClosedFour, kCreateOpenFour},
};

// A ray shows one of few shapes (a run of 1-5 of the mover's, open or not; an empty neighbour; an
// opponent run of a block category or none), numbered 0..14 in kShapes. A line's points depend only
// on the shapes of its two rays, so scoring a line is one lookup in kLinePoints.
inline constexpr auto kShapes = [] {
    std::array<std::uint8_t, 16> shapes{};
    int count = 0;
    for (int mover = 0; mover < 2; ++mover) {
        for (int code = 0; code < 1024; ++code) {
            const std::uint8_t info = rayInfo(mover, code);
            int i = 0;
            while (i < count && shapes[i] != info) ++i;
            if (i == count) shapes[count++] = info;
        }
    }
    return shapes;
}();

constexpr std::uint8_t shapeOf(std::uint8_t info) {
    std::uint8_t i = 0;
    while (kShapes[i] != info) ++i;
    return i;
}

// kRayShapes[(backward * 2 + mover) * 1024 + code]: the shape of a ray given as a code with its
// nearest point in the low bits (forward rays) or in the high bits (backward rays).
inline constexpr auto kRayShapes = [] {
    std::array<std::uint8_t, 4 * 1024> table{};
    for (int backward = 0; backward < 2; ++backward) {
        for (int mover = 0; mover < 2; ++mover) {
            for (int code = 0; code < 1024; ++code) {
                table[(backward * 2 + mover) * 1024 + code] = shapeOf(rayInfo(mover, backward ? reversedCode(code) : code));
            }
        }
    }
    return table;
}();

// kLinePoints[forward shape * 16 + backward shape]: twice the points of the line (its created run or
// a win, plus what each ray blocks), plus 1 when the line makes five or more.
inline constexpr auto kLinePoints = [] {
    std::array<std::int32_t, 16 * 16> table{};
    for (int i = 0; i < 15; ++i) {
        for (int j = 0; j < 15; ++j) {
            const int a = kShapes[i], b = kShapes[j];
            const int length = 1 + (a & 7) + (b & 7);
            const int openEnds = ((a & kOpenBit) + (b & kOpenBit)) / kOpenBit;
            const Value points = (length >= 5 ? kWin : kCreateValues[length][openEnds]) + kBlockValues[a >> 4] + kBlockValues[b >> 4];
            table[i * 16 + j] = static_cast<std::int32_t>(2 * points + (length >= 5 ? 1 : 0));
        }
    }
    return table;
}();

// kInfluence[(dx + 24) * 49 + dy + 24]: whether a stone dx columns and dy rows away from a point lies on one of
// the point's 8 rays (5 points each), so that it may change the point's score.
inline constexpr int kInfluenceSide = 2 * kMaxSize - 1;
inline constexpr int kInfluenceCentre = (kMaxSize - 1) * kInfluenceSide + kMaxSize - 1;
inline constexpr auto kInfluence = [] {
    std::array<std::uint8_t, kInfluenceSide * kInfluenceSide> table{};
    for (int dx = -(kMaxSize - 1); dx < kMaxSize; ++dx) {
        for (int dy = -(kMaxSize - 1); dy < kMaxSize; ++dy) {
            const int ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy;
            const bool onLine = dx == 0 || dy == 0 || ax == ay;
            table[static_cast<std::size_t>((dx + kMaxSize - 1) * kInfluenceSide + dy + kMaxSize - 1)] = onLine && ax <= 5 && ay <= 5;
        }
    }
    return table;
}();

// The scores of the points that no sibling's last move influences, for the children of one node (see leafValues()).
struct SiblingScores {
    std::array<std::uint64_t, kMaxPoints> tag{};  // parentStamp * 2 + mover of the entry; 0: none
    std::array<Value, kMaxPoints> points{};
};
SiblingScores& siblingScores();  // this thread's

}  // namespace detail

// A point's name as the log writes it: a letter then a number of one or two digits (`E5`, `H13`; the rules name
// the column then the row, a FaultyGame may swap or renumber them).
struct PointName {
    std::array<char, 3> text{};
    std::uint8_t length = 0;

    static constexpr PointName of(int letter, int number) {
        PointName name;
        name.text[0] = static_cast<char>('A' + letter);
        if (number >= 10) {
            name.text[1] = static_cast<char>('0' + number / 10);
            name.text[2] = static_cast<char>('0' + number % 10);
            name.length = 3;
        } else {
            name.text[1] = static_cast<char>('0' + number);
            name.length = 2;
        }
        return name;
    }
    std::string_view view() const { return {text.data(), length}; }
};

class Game {
public:
    using State = gomoku561::State;
    using Move = gomoku561::Move;
    static constexpr int kMaxMoves = kMaxPoints;

    // The tables of a board size are built once per process (about 30 us for 19x19) and copied from then on.
    Game(int size, Player rootPlayer);

    int size() const { return size_; }
    Player rootPlayer() const { return root_; }
    int pointOf(int column, int row) const { return column * size_ + row - 1; }  // column 0-based, row 1-based
    int columnOf(int point) const { return point / size_; }
    int rowOf(int point) const { return point % size_ + 1; }
    int centre() const { return pointOf(size_ / 2, size_ / 2 + 1); }

    // A root state holding the given stones (no five allowed; not checked here), value 0, with the
    // candidate set computed from scratch: the only full scan, done once per search.
    State makeState(const PointSet& black, const PointSet& white, Player toMove) const;

    // The score of a stone of `mover` at the empty point `point` of `state`, by the spec's categories.
    MoveScore score(const State& state, int point, Player mover) const { return scoreOf(rayCodes(state, point), mover); }
    // Whether `stones` hold five or more in a row through `point` (one of them).
    bool hasFiveThrough(const PointSet& stones, int point) const;

    // The candidates in point order (ascending index is the expansion order), until visit returns false: the
    // search lists them as it goes (HasMoveWalk in search.hpp), so an alpha-beta cut leaves the rest unread.
    template <class Visit>
    [[gnu::always_inline]] void forEachMove(const State& state, const Visit& visit) const {
        for (int w = 0; w < PointSet::kWords; ++w) {
            for (std::uint64_t bits = state.candidates.words[w]; bits; bits &= bits - 1) {
                if (!visit(static_cast<Move>(w * 64 + std::countr_zero(bits)))) return;
            }
        }
    }
    int generateMoves(const State& state, MoveBuffer<Game>& out) const { return listWalkedMoves(*this, state, out); }
    void play(State& state, Move move) const;
    // Over after a winning move, or a draw when no legal move is left (a full board).
    bool isTerminal(const State& state) const { return state.won || state.candidates.none(); }
    Value evaluate(const State& state) const { return state.value; }
    // evaluate() after play(move) for the moves from `state` (HasLeafValues in search.hpp): the path sum
    // plus the move's score, without placing the stone or updating the candidates.
    //
    // Sibling scores: a leaf's score reads the 8 rays from its point, so among the children of one node (siblings,
    // each its parent's board plus one stone) a point that none of their last moves' rays reach scores the same in
    // all of them. Such scores are kept per thread, tagged with the parent's stamp and the mover, and read back by
    // the next siblings; only the points on the last move's rays are scored afresh.
    auto leafValues(const State& state) const {
        const bool rootMoves = state.toMove == root_;
        const bool shared = state.parentStamp != 0;
        const std::uint64_t tag = state.parentStamp * 2 + static_cast<unsigned>(state.toMove);
        const int influence = detail::kInfluenceCentre - (shared ? gridKey_[static_cast<std::size_t>(state.lastMove)] : 0);
        detail::SiblingScores& kept = detail::siblingScores();
        return [this, &state, &kept, rootMoves, shared, tag, influence](Move move) __attribute__((always_inline)) -> Value {
            // score() is spelt in both branches on purpose: one call after a merged test ran the minimax d3 rows
            // 3-5 % slower (GCC laid the branches out worse).
            Value points;
            if (shared && !detail::kInfluence[static_cast<std::size_t>(influence + gridKey_[move])]) {
                if (kept.tag[move] == tag) {
                    points = kept.points[move];
                } else {
                    points = score(state, move, state.toMove).points;
                    kept.tag[move] = tag;
                    kept.points[move] = points;
                }
            } else {
                points = score(state, move, state.toMove).points;
            }
            return rootMoves ? state.value + points : state.value - points;
        };
    }
    std::string_view moveName(Move move) const { return names_[move].view(); }

private:
    // The 8 rays from `point`, 5 points each, as 10-bit codes (2 bits a point, 3 for a point off the
    // board). Rays 0-3 run towards higher positions on their line (nearest point in the low bits),
    // rays 4-7 the opposite way (nearest point in the high bits).
    using RayCodes = std::array<unsigned, 8>;
    RayCodes rayCodes(const State& state, int point) const {
        RayCodes codes;
        const Rays& rays = rays_[point];
        for (int line = 0; line < 4; ++line) {
            const std::uint64_t word = state.lines.words[rays.line[line]];
            const int shift = rays.shift[line];
            codes[line] = static_cast<unsigned>((word >> (shift + 2)) & 0x3ff);
            // Shifted so that positions -5..-1 come in as ones: off the board, like the guard points.
            codes[line + 4] = static_cast<unsigned>((~(~word << 10) >> shift) & 0x3ff);
        }
        return codes;
    }
    void placeOnLines(State& state, int point, Player who) const;
    static std::uint64_t nextStamp();
    struct BuildTables {};
    Game(BuildTables, int size);  // builds the tables of `size`
    static Game withTables(int size) { return Game(BuildTables{}, size); }
    static const Game& tablesOf(int size);  // built once per process and size
    static MoveScore scoreOf(const RayCodes& codes, Player mover) {
        const std::uint8_t* forward = detail::kRayShapes.data() + static_cast<int>(mover) * 1024;
        const std::uint8_t* backward = forward + 2 * 1024;
        std::int32_t sum = 0, wins = 0;
        for (int line = 0; line < 4; ++line) {
            const std::int32_t points = detail::kLinePoints[forward[codes[line]] * 16 + backward[codes[line + 4]]];
            sum += points >> 1;
            wins |= points & 1;
        }
        return MoveScore{sum, wins != 0};
    }

    // What reading the 8 rays from a point needs: its 4 lines' words in Lines and the bit offset of its
    // 2 bits in each.
    struct Rays {
        std::array<std::uint8_t, 4> line{};
        std::array<std::uint8_t, 4> shift{};
    };
    int size_;
    Player root_;
    // The 8 rays: directions 0-3 (towards higher positions on the lines: row, column, diagonal,
    // anti-diagonal) and their opposites 4-7 (d and d + 4 form one line).
    std::array<int, 8> stride_{};
    // reach_[point * 8 + d]: points on the board along ray d from point, at most 5.
    std::array<std::uint8_t, kMaxPoints * 8> reach_{};
    std::array<Rays, kMaxPoints> rays_{};
    // The lines of the empty board: every position of a word that is not a point of the board holds 3,
    // so a ray running off the board reads "off the board" without a mask per ray.
    Lines emptyLines_;
    std::array<PointName, kMaxPoints> names_{};
    // gridKey_[point]: column * kInfluenceSide + row - 1, for kInfluence.
    std::array<std::uint16_t, kMaxPoints> gridKey_{};
};

}  // namespace plyjudge::gomoku561
