// The referee relays moves between the players' own folders: a player never writes a file its opponent reads.
// A hostile player that, as soon as its opponent's turn begins, puts `zzz`, a FIFO or a folder at every move_file
// it can reach (its own, which was the opponent's too in the course's shared directory, and the opponent's folder)
// must not make the opponent lose, whichever colour it plays, under both profiles.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <tuple>

#include "referee/game.hpp"
#include "referee/player_process.hpp"
#include "referee/test/play_support.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::referee {
namespace {

namespace fs = std::filesystem;
using plyjudge::testing::readFile;
using test::play;
using test::Played;
using test::scripted;

PlayerSpec hostile(const std::string& attack, std::vector<std::string> moves) {
    moves.insert(moves.begin(), {attack, "h", "x"});
    return test::pythonPlayer("h", "hostile_player.py", std::move(moves));
}

// x thinks 0.3 s a move, so that the attack (within milliseconds of x.go) comes before x's own write.
PlayerSpec victim() { return scripted("x", {"think:0.3:H8", "think:0.3:H9", "think:0.3:H10", "think:0.3:H11", "think:0.3:H12"}); }

void courseProfile(GameOptions& o) { test::courseWithShortPause(o); }
void fastProfile(GameOptions&) {}

using Attack = std::tuple<std::string, bool, bool>;  // attack, hostile plays first, course profile

class MoveRelay : public ::testing::TestWithParam<Attack> {};

TEST_P(MoveRelay, CannotMakeItsOpponentLose) {
    if (!playersKeptApart(GameOptions{})) {
        GTEST_SKIP() << "neither root nor bubblewrap here: both players run as this user, who can write either folder";
    }
    const auto& [attack, hostileFirst, course] = GetParam();
    const auto profile = course ? courseProfile : fastProfile;
    // Its stones never make five (a gap between each), so x's five H8-H12 ends the game.
    const std::vector<std::string> spread = {"A1", "C1", "E1", "G1", "I1", "K1"};
    const Played p = hostileFirst ? play(hostile(attack, spread), victim(), 3.0, std::nullopt, false, profile)
                                  : play(victim(), hostile(attack, spread), 3.0, std::nullopt, false, profile);
    EXPECT_EQ(p.result.endLine, "END: x WINS!  h LOSES!  5 in a row!") << p.result.detail << "\n" << p.record;
    EXPECT_EQ(p.result.moves.size(), hostileFirst ? 10u : 9u);
}

INSTANTIATE_TEST_SUITE_P(Hostile, MoveRelay,
                         ::testing::Combine(::testing::Values("zzz", "fifo", "folder"), ::testing::Bool(), ::testing::Bool()),
                         [](const ::testing::TestParamInfo<Attack>& info) {
                             return std::get<0>(info.param) + (std::get<1>(info.param) ? "_first" : "_second") +
                                    (std::get<2>(info.param) ? "_course" : "_fast");
                         });

// A root referee without bubblewrap: each player runs under a uid of its own, its folder closed to the other's.
TEST(MoveRelayFolders, HostilePlayerWithoutBubblewrapAsRoot) {
    if (::geteuid() != 0) GTEST_SKIP() << "needs root: only a root referee gives each player a uid of its own without bubblewrap";
    for (const std::string attack : {"zzz", "folder"}) {
        const Played p = play(hostile(attack, {"A1", "C1", "E1", "G1", "I1", "K1"}), victim(), 3.0, std::nullopt, false,
                              [](GameOptions& o) { o.isolate = false; });
        EXPECT_EQ(p.result.endLine, "END: x WINS!  h LOSES!  5 in a row!") << attack << ": " << p.result.detail;
    }
}

// Each player's files are in its own folder, closed to other users, with its own copies of the protocol files.
TEST(MoveRelayFolders, EachPlayerHasItsOwnFolderWithItsOwnCopies) {
    const Played p = play(scripted("x", {"H8", "H9", "H10", "H11", "H12"}), scripted("o", {"A1", "A2", "A3", "A4"}));
    for (const std::string name : {"x", "o"}) {
        const fs::path folder = p.dir / kPlayersFolder / name;
        struct stat st {};
        ASSERT_EQ(::stat(folder.c_str(), &st), 0) << folder;
        EXPECT_EQ(st.st_mode & 077, 0u) << folder << " is open to others";
        EXPECT_EQ(readFile(folder / "history_file"), p.history);
        EXPECT_EQ(readFile(folder / "end_game"), p.result.endLine);
        EXPECT_TRUE(fs::exists(folder / "x.go") && fs::exists(folder / "o.go"));  // both, as the course's players saw them
    }
}

// Only the mover writes its folder: the opponent's name there is the mover's own invalid move (in a shared directory
// it was blamed on the opponent, as written out of turn).
TEST(MoveRelayFolders, OpponentsNameInTheMoversFileIsTheMoversInvalidMove) {
    const Played p = play(scripted("x", {"H8"}), scripted("o", {"other:A1"}));
    EXPECT_EQ(p.result.endLine, "END: x WINS!  o LOSES!  invalid move") << p.result.detail;
}

}  // namespace
}  // namespace plyjudge::referee
