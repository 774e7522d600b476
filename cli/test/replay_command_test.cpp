// `plyjudge referee` leaves a record and its replay page; `plyjudge replay` prints the game from either the record
// or the folder, terminal-safe.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "testsupport/golden.hpp"
#include "testsupport/run_command.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge {
namespace {

using testing::CommandRun;

TEST(PlyjudgeReplay, AGameRefereedThenReplayedMoveByMove) {
    testing::TempDir dir;
    const CommandRun game = testing::runPlyjudge(dir.path(), "referee --dir game --protocol fast --time-limit 2 --first ref -q "
                                                             "ref='plyjudge play ref --move-time 0.1' greedy='plyjudge play greedy --greedy'");
    ASSERT_EQ(game.status, 0) << game.output;
    EXPECT_TRUE(std::filesystem::exists(dir / "game/replay.html"));  // written beside the record by the program
    const CommandRun replay = testing::runPlyjudge(dir.path(), "replay game --moves 3");
    ASSERT_EQ(replay.status, 0) << replay.output;
    EXPECT_NE(replay.output.find("X (first): ref\nO (second): greedy\n"), std::string::npos) << replay.output;
    EXPECT_NE(replay.output.find("move 3: ref "), std::string::npos) << replay.output;
    EXPECT_EQ(replay.output.find("move 4:"), std::string::npos) << replay.output;
    // The last board shown (its 15 rows, below the column letters) holds three stones, or two after a swap.
    std::string rows = replay.output.substr(replay.output.find("move 3:"));
    rows = rows.substr(rows.find("A B C"));
    rows = rows.substr(rows.find('\n'), rows.find("result:") - rows.find('\n'));
    const auto stones = std::count(rows.begin(), rows.end(), 'X') + std::count(rows.begin(), rows.end(), 'O');
    EXPECT_TRUE(stones == 3 || stones == 2) << rows;
    EXPECT_NE(replay.output.find("result: END: ref WINS!  greedy LOSES!  5 in a row!"), std::string::npos) << replay.output;
    const CommandRun fromFile = testing::runPlyjudge(dir.path(), "replay game/game_record.txt --no-boards --html page.html");
    EXPECT_EQ(fromFile.status, 0) << fromFile.output;
    EXPECT_NE(testing::readFile(dir / "page.html").find("id=\"board\""), std::string::npos);
}

TEST(PlyjudgeReplay, ARecordsTextIsPrintedTerminalSafe) {
    testing::TempDir dir;
    testing::writeFile(dir / "r.txt", "gomoku4341 game\nevent: \x1b]0;owned\x07\nX (first): x\nO (second): o\n"
                                      "moves (number, player, point, seconds):\n1 x H 8 0.5\nresult: END: x\x1b[2J\n");
    const CommandRun run = testing::runPlyjudge(dir.path(), "replay r.txt");
    ASSERT_EQ(run.status, 0) << run.output;
    EXPECT_EQ(run.output.find('\x1b'), std::string::npos) << run.output;
    EXPECT_NE(run.output.find("move 1: x H 8 (0.500 s)"), std::string::npos) << run.output;
    const CommandRun bad = testing::runPlyjudge(dir.path(), "replay nothing-here");
    EXPECT_EQ(bad.status, 2) << bad.output;
}

}  // namespace
}  // namespace plyjudge
