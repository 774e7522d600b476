// The reference player's move choice (reference/gomoku4341/engine.*, referee/player/choose_move.*) and the
// search core's deadline it relies on.
#include <gtest/gtest.h>

#include <random>

#include "reference/core/traverse_log.hpp"
#include "reference/gomoku4341/engine.hpp"
#include "referee/player/choose_move.hpp"

namespace plyjudge::referee {
namespace {

using namespace gomoku4341;

Board boardOf(std::initializer_list<std::pair<const char*, Stone>> stones) {
    Board b;
    for (auto [p, s] : stones) {
        const std::string t(p);
        b.play(*parsePoint(t.substr(0, 1), t.substr(1)), s);
    }
    return b;
}

EngineOptions quick() {
    EngineOptions o;
    o.moveSeconds = 0.2;
    return o;
}

TEST(ReferencePlayer, CompletesItsFive) {
    const Board b = boardOf({{"C3", Stone::X}, {"D4", Stone::X}, {"E5", Stone::X}, {"F6", Stone::X},
                             {"A1", Stone::O}, {"A2", Stone::O}, {"A3", Stone::O}, {"M9", Stone::O}});
    const Point p = chooseMove(b, Stone::X, 9, quick()).point;
    EXPECT_TRUE(p == (Point{6, 6}) || p == (Point{1, 1})) << pointText(p);
}

TEST(ReferencePlayer, BlocksAFourOnTheEdge) {
    // O threatens O1-O4 + O5 on the last column; X has nothing better than blocking.
    const Board b = boardOf({{"O1", Stone::O}, {"O2", Stone::O}, {"O3", Stone::O}, {"O4", Stone::O},
                             {"H8", Stone::X}, {"J10", Stone::X}, {"C12", Stone::X}});
    EXPECT_EQ(chooseMove(b, Stone::X, 8, quick()).point, (Point{14, 4}));
}

TEST(ReferencePlayer, BlocksAnOpenThreeOrWinsFirst) {
    // O has an open three E8 F8 G8; X must stop it (D8 or H8), having no threat of its own.
    const Board b = boardOf({{"E8", Stone::O}, {"F8", Stone::O}, {"G8", Stone::O}, {"H10", Stone::X}, {"B3", Stone::X}});
    const Point p = chooseMove(b, Stone::X, 6, quick()).point;
    EXPECT_TRUE(p == (Point{3, 7}) || p == (Point{7, 7}) || p == (Point{2, 7}) || p == (Point{8, 7})) << pointText(p);
}

TEST(ReferencePlayer, AlwaysPlaysAnEmptyPointWithinItsTime) {
    std::mt19937 random(4341);
    for (int trial = 0; trial < 20; ++trial) {
        Board b;
        const int stones = 1 + static_cast<int>(random() % 60);
        for (int i = 0; i < stones; ++i) {
            const int cell = static_cast<int>(random() % kCells);
            if (b.at(cell) == Stone::Empty) b.play(Point::ofCell(cell), i % 2 ? Stone::O : Stone::X);
        }
        EngineOptions o;
        o.moveSeconds = 0.05;
        const auto start = std::chrono::steady_clock::now();
        const Choice c = chooseMove(b, Stone::X, b.stones() + 3, o);
        EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(500));
        EXPECT_EQ(b.at(c.point), Stone::Empty) << pointText(c.point);
        EXPECT_GE(c.depth, 1);
    }
}

TEST(SearchDeadline, APassedDeadlineAbortsAndNoDeadlineChangesNothing) {
    const Board b = boardOf({{"H8", Stone::X}, {"I9", Stone::O}});
    SearchState root;
    root.board = b;
    SearchGameAdapter game(Stone::X, 1, 10);
    NullLog log;
    SearchConfig config{Algorithm::AlphaBeta, 4, CutoffLog::Aima};
    const auto full = search(game, root, config, log);
    EXPECT_FALSE(full.aborted);
    EXPECT_TRUE(full.hasMove);
    SearchConfig timed = config;
    timed.deadline = std::chrono::steady_clock::now() + std::chrono::hours(1);
    const auto same = search(game, root, timed, log);
    EXPECT_FALSE(same.aborted);
    EXPECT_EQ(same.nodes, full.nodes);
    EXPECT_EQ(same.move, full.move);
    EXPECT_EQ(same.value, full.value);
    SearchConfig past = config;
    past.deadline = std::chrono::steady_clock::now() - std::chrono::seconds(1);
    const auto aborted = search(game, root, past, log);
    EXPECT_TRUE(aborted.aborted);
    EXPECT_EQ(aborted.nodes, 1u);  // noticed at the root
}

}  // namespace
}  // namespace plyjudge::referee

namespace plyjudge::referee {
namespace {

// Plays a whole game in-process between two engine settings; returns the winner's stone (Empty for a tie).
gomoku4341::Stone selfPlay(const EngineOptions& x, const EngineOptions& o) {
    using namespace gomoku4341;
    Board b;
    for (int move = 1; move <= kCells; ++move) {
        const Stone me = move % 2 ? Stone::X : Stone::O;
        EngineOptions e = move % 2 ? x : o;
        e.seed = e.seed * 1000003 + static_cast<std::uint64_t>(move);
        const Point p = chooseMove(b, me, move, e).point;
        EXPECT_TRUE(b.legal(p, move));
        b.play(p, me);
        if (b.fiveThrough(p.cell())) return me;
    }
    return Stone::Empty;
}

TEST(SparringLevels, StrongerLevelsWinWithBothColours) {
    EngineOptions full;
    full.moveSeconds = 0.1;
    for (int level = 1; level <= 3; ++level) {
        EngineOptions weak;
        applyLevel(weak, level);
        weak.seed = static_cast<std::uint64_t>(level);
        EXPECT_EQ(selfPlay(full, weak), gomoku4341::Stone::X) << "level " << level;
        EXPECT_EQ(selfPlay(weak, full), gomoku4341::Stone::O) << "level " << level;
    }
    EngineOptions random, depth3;
    applyLevel(random, 1);
    applyLevel(depth3, 5);
    depth3.moveSeconds = 1.0;
    EXPECT_EQ(selfPlay(depth3, random), gomoku4341::Stone::X);
    EXPECT_THROW(applyLevel(random, 0), std::invalid_argument);
    EXPECT_THROW(applyLevel(random, 6), std::invalid_argument);
}

}  // namespace
}  // namespace plyjudge::referee
