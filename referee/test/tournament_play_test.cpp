// Tournaments played for real through `plyjudge tournament`: the reference player at two strengths and a random
// legal player (players/random_player.py) with openings, the SPRT, resuming by names, per-player limits, and a
// game started from an opening. Fast protocol and small move times keep each test within seconds.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <regex>
#include <sstream>

#include "referee/test/play_support.hpp"
#include "referee/tournament/game_results_store.hpp"
#include "referee/tournament/tournament_config.hpp"
#include "referee/tournament/tournament_runner.hpp"
#include "testsupport/run_command.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::referee {
namespace {

namespace fs = std::filesystem;
using plyjudge::testing::CommandRun;
using plyjudge::testing::readFile;
using plyjudge::testing::runPlyjudge;
using plyjudge::testing::TempDir;
using plyjudge::testing::writeFile;

std::string refPlayer(const std::string& name, const std::string& options) {
    return "  - {name: " + name + ", command: \"'" PLYJUDGE_BINARY "' play " + name + " " + options + "\"}\n";
}
std::string randomPlayer(const std::string& name) {
    return "  - {name: " + name + ", command: \"" + test::python() + " " PLYJUDGE_SOURCE_DIR "/referee/test/players/random_player.py " +
           name + "\"}\n";
}

// Runs a python check script on OUTPUT/standings.json; returns its exit status (its message is in the output).
CommandRun checkJson(const TempDir& temp, const fs::path& json, const std::string& script) {
    writeFile(temp / "check.py", "import json, sys\nd = json.load(open(sys.argv[1], encoding='utf-8'))\ng = d['games']\n" + script);
    return plyjudge::testing::runShell(test::python() + " '" + (temp / "check.py").string() + "' '" + json.string() + "'");
}

// Two rounds of the reference player, a weaker level of it and a random player, from generated openings: the
// results are printed as W-D-L, Elo with its error, LOS, pairings and a crosstable; no two games are the same game
// (move lists compared), every game starts with its opening, each opening is played with colours swapped, and
// every player's moves were legal. The same two rounds without openings repeat the deterministic pairing's games:
// the comparison can fail.
TEST(TournamentPlay, RatingsCrosstableAndNoRepeatedGame) {
    TempDir temp;
    const std::string players = refPlayer("ref", "--move-time 0.03") + refPlayer("ref3", "--level 3") + randomPlayer("random");
    writeFile(temp / "t.yaml", "format: round-robin\ntime_limit: 2\nprotocol: fast\nrounds: 2\nopenings: {generate: 2, seed: 11}\nplayers:\n" + players);
    const CommandRun run = runPlyjudge(temp.path(), "tournament t.yaml -j 2");
    ASSERT_EQ(run.status, 0) << run.output;
    for (const char* expected : {"[12/12]", "Elo (95 %)", "LOS", "W-D-L", "pairings", "crosstable", "pentanomial, 2 pairs", "ETA"}) {
        EXPECT_NE(run.output.find(expected), std::string::npos) << expected << "\n" << run.output;
    }
    EXPECT_TRUE(std::regex_search(run.output, std::regex(R"(ref +v +random +4-0-0)"))) << run.output;
    EXPECT_EQ(run.output.find('\r'), std::string::npos) << "a live line reached a pipe";
    const CommandRun check = checkJson(temp, temp / "t" / "standings.json", R"(
assert len(g) == 12, len(g)
lists = [x['move_list'] for x in g]
assert len(set(lists)) == 12, 'a game was repeated'
assert all(x['move_list'].startswith(x['opening'] + ' ') and x['opening'] for x in g), g
assert all(x['reason'] == '5 in a row' or x['reason'] == 'board full' for x in g), [x['detail'] for x in g]
pairs = {}
for x in g:
    pairs.setdefault((frozenset([x['x'], x['o']]), x['opening']), []).append(x['x'])
assert len(pairs) == 6 and all(len(set(v)) == 2 for v in pairs.values()), pairs
assert d['crosstable']['players'][0] == 'ref' and d['standings'][-1]['player'] == 'random', d['standings']
assert all('elo_text' in s and 'los' in s for s in d['standings'])
)");
    EXPECT_EQ(check.status, 0) << check.output;
    const std::string html = readFile(temp / "t" / "standings.html");
    EXPECT_NE(html.find("href=\"games/round-robin-ref-v-random-o1-r1/replay.html\""), std::string::npos) << html;
    EXPECT_NE(html.find("Crosstable"), std::string::npos);
    for (const char* file : {"standings.json", "standings.csv", "games.csv", "standings.html", "openings.txt"}) {
        struct stat st {};
        ASSERT_EQ(::stat((temp / "t" / file).c_str(), &st), 0) << file;
        EXPECT_EQ(st.st_mode & 0777, 0600u) << file;
    }

    writeFile(temp / "plain.yaml", "format: round-robin\ntime_limit: 2\nprotocol: fast\nrounds: 2\nplayers:\n" + refPlayer("ref", "--level 4") +
                                       refPlayer("ref3", "--level 3"));
    const CommandRun plain = runPlyjudge(temp.path(), "tournament plain.yaml -j 2");
    ASSERT_EQ(plain.status, 0) << plain.output;
    EXPECT_NE(plain.output.find("deterministic players repeat their games"), std::string::npos) << plain.output;
    const CommandRun repeated = checkJson(temp, temp / "plain" / "standings.json", "assert len(g) == 4 and len(set(x['move_list'] for x in g)) < 4, g\n");
    EXPECT_EQ(repeated.status, 0) << "without openings the rounds were expected to repeat: " << repeated.output;
}

std::string sprtConfig(const std::string& second, int maxGames) {
    return "format: sprt\ntime_limit: 2\nprotocol: fast\nopenings: {generate: 16, seed: 5}\n"
           "sprt: {elo0: 0, elo1: 200, alpha: 0.05, beta: 0.05, max_games: " + std::to_string(maxGames) + "}\nplayers:\n" +
           refPlayer("ref", "--move-time 0.02") + second;
}

// Against a much weaker version of itself the reference player is accepted as stronger (H1) within the budget,
// with the log-likelihood ratio printed after each game.
TEST(TournamentPlay, SprtAcceptsH1AgainstAWeakerVersion) {
    TempDir temp;
    writeFile(temp / "s.yaml", sprtConfig(refPlayer("weak", "--level 2"), 40));
    const CommandRun run = runPlyjudge(temp.path(), "tournament s.yaml -j 2");
    ASSERT_EQ(run.status, 0) << run.output;
    EXPECT_NE(run.output.find("H1 accepted after"), std::string::npos) << run.output;
    EXPECT_NE(run.output.find("LLR 0.00 [-2.94, 2.94]"), std::string::npos) << run.output;  // after the first game of a pair
    EXPECT_EQ(run.output.find("[40/40]"), std::string::npos) << "the budget ran out: " << run.output;
    const CommandRun check = checkJson(temp, temp / "s" / "standings.json",
                                       "s = d['sprt']\nassert s['decision'] == 'H1 accepted' and s['llr'] >= s['upper_bound'], s\n");
    EXPECT_EQ(check.status, 0) << check.output;
}

// Against itself (same engine, another name) H1 is never accepted: the colour-swapped pairs split evenly.
TEST(TournamentPlay, SprtNeverAcceptsH1AgainstItself) {
    TempDir temp;
    writeFile(temp / "s.yaml", sprtConfig(refPlayer("twin", "--move-time 0.02"), 16));
    const CommandRun run = runPlyjudge(temp.path(), "tournament s.yaml -j 2");
    ASSERT_EQ(run.status, 0) << run.output;
    EXPECT_EQ(run.output.find("H1 accepted"), std::string::npos) << run.output;
    EXPECT_TRUE(run.output.find("H0 accepted after") != std::string::npos || run.output.find("no decision within max_games") != std::string::npos)
        << run.output;
}

// On a terminal (a pseudo-terminal made by util-linux's `script`) a live line is redrawn in place with the game in
// play, its move number and both clocks; the test above checks that a pipe never gets it.
TEST(TournamentPlay, LiveLineOnATerminalOnly) {
    if (plyjudge::testing::runShell("command -v script").status != 0) GTEST_SKIP() << "util-linux's script is not installed";
    TempDir temp;
    writeFile(temp / "l.yaml", "format: round-robin\ntime_limit: 2\nprotocol: fast\nplayers:\n" + refPlayer("ref", "--move-time 0.05") +
                                   refPlayer("twin", "--move-time 0.05 --seed 4"));
    const CommandRun run = plyjudge::testing::runShell("cd '" + temp.path().string() + "' && script -qec \"'" PLYJUDGE_BINARY
                                                       "' tournament l.yaml\" /dev/null");
    ASSERT_EQ(run.status, 0) << run.output;
    EXPECT_TRUE(std::regex_search(run.output, std::regex(R"(\r\x1b\[Kplaying (ref v twin|twin v ref): move \d+, clocks \d+\.\d s / \d+\.\d s)")))
        << run.output;
}

// Puts a marker file in every game folder: a game played again loses it (its folder is made afresh).
void markGames(const fs::path& games) {
    for (const auto& entry : fs::directory_iterator(games)) writeFile(entry.path() / "marker", "kept");
}
int markedGames(const fs::path& games) {
    int n = 0;
    for (const auto& entry : fs::directory_iterator(games)) n += fs::exists(entry.path() / "marker");
    return n;
}

// Resume by names: adding a player plays only the new pairings and keeps the stored games of the unchanged one;
// reordering the players changes nothing; a changed time limit plays every game again, saying so.
TEST(TournamentResume, AddingAPlayerReusesExactlyTheUnchangedPairings) {
    TempDir temp;
    const std::string head = "format: round-robin\nprotocol: fast\nplayers:\n";
    const std::string a = refPlayer("a", "--move-time 0.01 --seed 1"), b = refPlayer("b", "--move-time 0.01 --seed 2");
    const std::string c = refPlayer("c", "--move-time 0.01 --seed 3");
    writeFile(temp / "t.yaml", "time_limit: 2\n" + head + a + b);
    ASSERT_EQ(runPlyjudge(temp.path(), "tournament t.yaml").status, 0);
    const fs::path games = temp / "t" / "games";
    markGames(games);
    writeFile(temp / "t.yaml", "time_limit: 2\n" + head + a + b + c);
    const CommandRun added = runPlyjudge(temp.path(), "tournament t.yaml");
    ASSERT_EQ(added.status, 0) << added.output;
    EXPECT_NE(added.output.find("2 game(s) already played"), std::string::npos) << added.output;
    EXPECT_NE(added.output.find("[6/6]"), std::string::npos) << added.output;
    EXPECT_EQ(markedGames(games), 2);  // a v b and b v a, untouched
    EXPECT_TRUE(fs::exists(games / "round-robin-a-v-b-r1" / "marker"));

    markGames(games);
    writeFile(temp / "t.yaml", "time_limit: 2\n" + head + c + b + a);
    const CommandRun reordered = runPlyjudge(temp.path(), "tournament t.yaml");
    ASSERT_EQ(reordered.status, 0) << reordered.output;
    EXPECT_NE(reordered.output.find("6 game(s) already played"), std::string::npos) << reordered.output;
    EXPECT_EQ(markedGames(games), 6);

    writeFile(temp / "t.yaml", "time_limit: 3\n" + head + c + b + a);
    const CommandRun changed = runPlyjudge(temp.path(), "tournament t.yaml");
    ASSERT_EQ(changed.status, 0) << changed.output;
    EXPECT_NE(changed.output.find("6 stored game(s) were played under other settings and are played again"), std::string::npos) << changed.output;
    EXPECT_NE(changed.output.find("time_limit=2 -> time_limit=3"), std::string::npos) << changed.output;
    EXPECT_EQ(markedGames(games), 0);
}

// A player's own time_limit is its limit per move (the tournament's is longer), and it is part of the games' settings.
TEST(TournamentLimits, APlayersOwnTimeLimit) {
    TempDir temp;
    const std::string slow = test::python() + " " + test::scriptedPlayerPath() + " slow think:1.0:H8 think:1.0:H9";
    const std::string quick = test::python() + " " + test::scriptedPlayerPath() + " quick A1 A2 A3 A4 A5";
    writeFile(temp / "t.yaml", "format: round-robin\ntime_limit: 5\nprotocol: fast\nmemory_limit: 256\nplayers:\n"
                               "  - {name: slow, command: \"" + slow + "\", time_limit: 0.4, memory_limit: 128}\n"
                               "  - {name: quick, command: \"" + quick + "\"}\n");
    const TournamentConfig config = loadTournamentConfig(temp / "t.yaml");
    EXPECT_EQ(config.memoryBytes, 256ULL << 20);
    EXPECT_EQ(config.players[0].memoryBytes, std::optional<std::uint64_t>(128ULL << 20));
    std::ostringstream log;
    GameResultsStore store(config.output / "results.db");
    TournamentRunner(config, store, 2, log).run();
    const auto stored = store.all();
    ASSERT_EQ(stored.size(), 2u) << log.str();
    for (const StoredGame& g : stored) {
        EXPECT_EQ(g.winner, "quick") << g.endLine;
        EXPECT_EQ(g.reason, "out of time") << g.detail;
        EXPECT_NE(g.settings.find("time_limit=0.4"), std::string::npos) << g.settings;
    }
}

// A player's own memory_limit bounds it: a player that reserves 700 MiB and fills 320 MiB before its first move
// crashes under its 64 MiB (with cgroups the kernel kills the tree as it fills; without, a non-root grader's sandbox
// limits the address space to the limit plus 512 MiB for Python and the reservation fails), and under the
// tournament's default 2048 MiB it merely runs out of time.
TEST(TournamentLimits, APlayersOwnMemoryLimit) {
    TempDir temp;
    const std::string hog = "  - {name: hog, command: \"" + test::python() +
                            " -c 'x = bytearray(700 * 1024 * 1024); y = [1] * (40 * 1024 * 1024); import time; time.sleep(5)'\"";
    const std::string other = "  - {name: quick, command: \"" + test::python() + " " + test::scriptedPlayerPath() + " quick A1 A2 A3 A4 A5\"}\n";
    for (const bool limited : {true, false}) {
        writeFile(temp / "t.yaml", "format: round-robin\ntime_limit: 1\nprotocol: fast\noutput: " + std::string(limited ? "a" : "b") +
                                       "\nplayers:\n" + hog + (limited ? ", memory_limit: 64}\n" : "}\n") + other);
        const TournamentConfig config = loadTournamentConfig(temp / "t.yaml");
        std::ostringstream log;
        GameResultsStore store(config.output / "results.db");
        TournamentRunner(config, store, 2, log).run();
        const auto stored = store.all();
        ASSERT_EQ(stored.size(), 2u) << log.str();
        for (const StoredGame& g : stored) {
            EXPECT_EQ(g.winner, "quick") << g.endLine;
            EXPECT_EQ(g.reason, limited ? "crashed" : "out of time") << g.detail;
        }
    }
}

// The referee starts from an opening: its stones are on the board (a move there is invalid), in history_file and
// in opening_file, move_file holds its last move, and the player after it moves next (O after three stones).
TEST(RefereeOpening, GameStartsFromTheOpening) {
    const auto opening = [](GameOptions& o) { o.openingMoves = {{7, 7}, {8, 8}, {6, 6}}; };  // H8 I9 G7
    const test::Played occupied = test::play(test::scripted("x", {"A1"}), test::scripted("o", {"H8"}), 3.0, std::nullopt, false, opening);
    EXPECT_EQ(occupied.result.reason, EndReason::InvalidMove) << occupied.result.detail;
    EXPECT_EQ(occupied.result.winner, 0);
    EXPECT_NE(occupied.result.detail.find("occupied"), std::string::npos) << occupied.result.detail;
    for (const char* player : {"x", "o"}) {  // in each player's own folder
        EXPECT_EQ(readFile(occupied.dir / kPlayersFolder / player / "opening_file"), "x H 8\no I 9\nx G 7\n");
    }

    const test::Played played = test::play(test::scripted("x", {"A1", "A2", "A3", "A4"}), test::scripted("o", {"B1", "B2", "B3", "B4", "B5"}),
                                           3.0, std::nullopt, false, opening);
    EXPECT_EQ(played.result.reason, EndReason::FiveInARow) << played.result.detail;
    EXPECT_EQ(played.result.winner, 1);
    EXPECT_EQ(played.history.rfind("x H 8\no I 9\nx G 7\no B 1\nx A 1\n", 0), 0u) << played.history;
    EXPECT_EQ(played.result.moves.size(), 9u);  // the opening is not among the played moves

    // One stone: the second player's first move is move 2, where the swap is allowed.
    const test::Played swapped = test::play(test::scripted("x", {"A1"}), test::scripted("o", {"H8", "B2"}), 3.0, std::nullopt, false,
                                            [](GameOptions& o) { o.openingMoves = {{7, 7}}; });
    ASSERT_FALSE(swapped.result.moves.empty()) << swapped.result.detail;
    EXPECT_TRUE(swapped.result.moves[0].swap);
}

}  // namespace
}  // namespace plyjudge::referee
