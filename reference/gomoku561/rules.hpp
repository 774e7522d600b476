// Go-Moku with the adjacency rule (docs/variants/gomoku561.md): N x N board (15..25), legal moves are
// the empty points 8-adjacent to a stone, a move is scored by the patterns on the lines through it, and
// a position's value is the sum of the signed move values along the path from the root.
//
// Speed: the core copies State per node, so State is small (256 bytes): the board at 2 bits a point,
// a 625-bit candidate set, the path value and two bytes. A move is scored by reading the 8 rays from it
// up to distance 5 (branch-free, then one table lookup per ray), and the candidate set is updated from
// the 8 neighbours of the new stone; the board is never rescanned.
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

// The stones, 2 bits per point (0 empty, 1 black, 2 white) in point order, 32 points per word. Cells
// 625..639 are never set: kOffBoard (639) stands for every point off the board when a ray is read.
struct Board {
    static constexpr int kWords = (kMaxPoints + 31) / 32;
    static constexpr int kOffBoard = kWords * 32 - 1;
    std::array<std::uint64_t, kWords> words{};

    int at(int p) const { return static_cast<int>((words[p >> 5] >> ((p & 31) * 2)) & 3); }
    void put(int p, Player who) { words[p >> 5] |= std::uint64_t{1u + static_cast<unsigned>(who)} << ((p & 31) * 2); }
    bool operator==(const Board&) const = default;
};

struct State {
    Board board;
    PointSet candidates{};             // the legal moves: empty points next to a stone (the centre if none)
    Value value = 0;                   // the path sum: 0 at the root
    Player toMove = Player::Black;
    bool won = false;                  // the move that reached this state made five or more: game over

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

class Game {
public:
    using State = gomoku561::State;
    using Move = gomoku561::Move;
    static constexpr int kMaxMoves = kMaxPoints;

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
    MoveScore score(const State& state, int point, Player mover) const;
    // Whether `stones` hold five or more in a row through `point` (one of them).
    bool hasFiveThrough(const PointSet& stones, int point) const;

    int generateMoves(const State& state, MoveBuffer<Game>& out) const;
    void play(State& state, Move move) const;
    // Over after a winning move, or a draw when no legal move is left (a full board).
    bool isTerminal(const State& state) const { return state.won || state.candidates.none(); }
    Value evaluate(const State& state) const { return state.value; }
    std::string_view moveName(Move move) const { return {names_[move].text.data(), names_[move].length}; }

private:
    // score(), also telling which of the 8 neighbours (bit d for ray d) hold a stone.
    MoveScore scoreAndNeighbours(const State& state, int point, Player mover, unsigned& occupiedNeighbours) const;

    struct Name {
        std::array<char, 3> text{};
        std::uint8_t length = 0;
    };
    int size_;
    Player root_;
    // The 8 rays: directions 0-3 and their opposites 4-7 (d and d + 4 form one line).
    std::array<int, 8> stride_{};
    // reach_[point * 8 + d]: points on the board along ray d from point, at most 5.
    std::array<std::uint8_t, kMaxPoints * 8> reach_{};
    // rayCells_[(point * 8 + d) * 5 + k]: the point at distance k + 1 along ray d, or Board::kOffBoard;
    // reading a ray is then 5 branch-free loads whatever the edges.
    std::array<std::uint16_t, kMaxPoints * 8 * 5> rayCells_{};
    std::array<Name, kMaxPoints> names_{};
};

}  // namespace plyjudge::gomoku561
