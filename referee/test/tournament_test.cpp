// Tournaments: schedules (both colours, groups), standings, the results store and resuming.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

#include "referee/tournament/game_results_store.hpp"
#include "referee/tournament/standings.hpp"
#include "referee/tournament/tournament_config.hpp"
#include "referee/test/play_support.hpp"
#include "referee/tournament/tournament_runner.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::referee {
namespace {

using plyjudge::testing::TempDir;
using plyjudge::testing::readFile;
using plyjudge::testing::writeFile;

// A configuration of `n` players called p0, p1, ... (nothing is run).
TournamentConfig namedPlayers(int n, int rounds) {
    TournamentConfig config;
    for (int i = 0; i < n; ++i) config.players.push_back({"p" + std::to_string(i), {"x"}, {}, {}, {}});
    config.rounds = rounds;
    return config;
}

TEST(TournamentSchedule, EveryPairingPlaysBothColours) {
    const auto games = roundRobinGames(namedPlayers(4, 1), "rr", {0, 1, 2, 3});
    EXPECT_EQ(games.size(), 12u);
    std::set<std::pair<int, int>> seen;
    std::set<std::string> keys;
    for (const auto& g : games) {
        EXPECT_NE(g.x, g.o);
        seen.insert({g.x, g.o});
        keys.insert(g.key);
    }
    EXPECT_EQ(seen.size(), 12u);
    EXPECT_EQ(keys.size(), 12u);
    EXPECT_EQ(roundRobinGames(namedPlayers(2, 3), "rr", {0, 1}).size(), 6u);
}

// With openings, round r of every pairing plays opening firstOpening + r (modulo the book) in both colours, and the
// opening and round are in the resume key with both names.
TEST(TournamentSchedule, OpeningsByRoundInPairs) {
    TournamentConfig config = namedPlayers(3, 3);
    config.openings = {parseOpening("H8"), parseOpening("I9 J10")};
    const auto games = roundRobinGames(config, "rr", {0, 1, 2}, 1);
    ASSERT_EQ(games.size(), 18u);
    for (const auto& g : games) {
        EXPECT_EQ(g.opening, g.round % 2) << g.key;  // rounds 1, 2, 3 -> openings 1, 0, 1
        EXPECT_EQ(g.key, gameKey("rr", config.players[g.x].name, config.players[g.o].name, config.openings[g.opening].text(), g.round));
    }
    EXPECT_EQ(games[0].key, "rr|p0|p1|I9 J10|1");
}

TEST(TournamentSchedule, GroupsOfThreeOrFour) {
    for (int n = 5; n <= 17; ++n) {
        std::vector<int> players(n);
        for (int i = 0; i < n; ++i) players[i] = i;
        const auto groups = splitIntoGroups(players);
        std::size_t total = 0;
        for (const auto& g : groups) {
            EXPECT_LE(g.size(), 4u) << n;
            EXPECT_GE(g.size(), n == 5 ? 2u : 3u) << n;
            total += g.size();
        }
        EXPECT_EQ(total, static_cast<std::size_t>(n));
    }
    // The two best seeds are in different groups.
    const auto groups = splitIntoGroups({0, 1, 2, 3, 4, 5, 6, 7});
    ASSERT_EQ(groups.size(), 2u);
    EXPECT_EQ(groups[0][0], 0);
    EXPECT_EQ(groups[1][0], 1);
}

TEST(TournamentStandings, CountsPointsAndEndings) {
    TournamentConfig config;
    config.players = {{"a", {"x"}, {}, {}, {}}, {"b", {"x"}, {}, {}, {}}, {"c", {"x"}, {}, {}, {}}};
    std::vector<StoredGame> games = {
        {"1", "rr", "a", "b", "a", "5 in a row", "", "", 9, 0, 0, 0, ""},
        {"2", "rr", "b", "a", "a", "out of time", "", "", 2, 0, 0, 0, ""},
        {"3", "rr", "b", "c", "", "board full", "", "", 225, 0, 0, 0, ""},
        {"4", "rr", "c", "b", "b", "invalid move", "", "", 3, 0, 0, 0, ""},
    };
    const auto s = computeStandings(games, {"a", "b", "c"}, config);
    ASSERT_EQ(s.size(), 3u);
    EXPECT_EQ(s[0].name, "a");
    EXPECT_EQ(s[0].points, 6);
    EXPECT_EQ(s[0].wonBy.at("out of time"), 1);
    EXPECT_EQ(s[1].name, "b");
    EXPECT_EQ(s[1].wins, 1);
    EXPECT_EQ(s[1].draws, 1);
    EXPECT_EQ(s[1].losses, 2);
    EXPECT_EQ(s[1].points, 4);
    EXPECT_EQ(s[2].name, "c");
    EXPECT_EQ(s[2].lostBy.at("invalid move"), 1);
    const std::string csv = standingsCsv(s);
    EXPECT_NE(csv.find("1,a,2,2,0,0,6,"), std::string::npos) << csv;
}

// A player named like a formula stays text in both CSV files (as in the reports' gradebook), and a name with a
// comma or a line break stays one cell.
TEST(TournamentStandings, CsvDefusesFormulasAndQuotes) {
    TournamentConfig config;
    config.players = {{"=HYPERLINK(\"http://x\")", {"x"}, {}, {}, {}}, {"@b,\nc", {"x"}, {}, {}, {}}};
    const std::vector<StoredGame> games = {{"1", "rr", config.players[0].name, config.players[1].name, config.players[1].name,
                                            "+1 in a row", "", "", 9, 0, 0, 0, "-dir"}};
    const auto s = computeStandings(games, {config.players[0].name, config.players[1].name}, config);
    const std::string standings = standingsCsv(s);
    EXPECT_NE(standings.find("1,\"'@b,\nc\",1,1,0,0,"), std::string::npos) << standings;
    EXPECT_NE(standings.find("2,\"'=HYPERLINK(\"\"http://x\"\")\",1,0,0,1,"), std::string::npos) << standings;
    const std::string played = gamesCsv(games);
    EXPECT_NE(played.find("rr,\"'=HYPERLINK(\"\"http://x\"\")\",\"'@b,\nc\",\"'@b,\nc\",'+1 in a row,"), std::string::npos) << played;
    EXPECT_NE(played.find(",'-dir\n"), std::string::npos) << played;
}

// The JSON standings hold any bytes a player's name or a game's detail may carry and stay valid JSON (Python's json
// reads them back): quotes and line breaks escaped, a control character as \u001b, invalid UTF-8 replaced; a tie's
// winner is null and times are kept to the millisecond.
TEST(TournamentStandings, JsonStaysValidWhateverTheNames) {
    TournamentConfig config;
    config.players = {{"q\"uote\nd", {"x"}, {}, {}, {}}, {"esc\x1b\xff", {"x"}, {}, {}, {}}};
    const std::string& a = config.players[0].name;
    const std::string& b = config.players[1].name;
    const std::vector<StoredGame> games = {{"1", "rr", a, b, a, "5 in a row", "END", "bad \xc3(", 9, 1.5004, 0.25, 0, "d1"},
                                           {"2", "rr", b, a, "", "board full", "END", "", 225, 2, 0, 0, "d2"}};
    const auto s = computeStandings(games, {a, b}, config);
    TempDir temp;
    writeFile(temp / "standings.json", tournamentJson(config, s, {a, b}, games));
    writeFile(temp / "check.py", R"(import json, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
names = ['q"uote\nd', "esc\x1b\ufffd"]
assert d["format"] == "round-robin", d
assert [x["player"] for x in d["standings"]] == names, d["standings"]
assert d["standings"][0]["won_by"] == {"5 in a row": 1} and d["standings"][0]["lost_by"] == {}, d["standings"]
assert d["placements"] == names, d["placements"]
g = d["games"]
assert g[0]["winner"] == names[0] and g[1]["winner"] is None, g
assert g[0]["detail"] == "bad \ufffd(" and g[0]["seconds"] == 1.5 and g[0]["cpu_x"] == 0.25 and g[1]["moves"] == 225, g
)");
    const std::string command = test::python() + " " + (temp / "check.py").string() + " " + (temp / "standings.json").string();
    EXPECT_EQ(std::system(command.c_str()), 0) << readFile(temp / "standings.json");
}

// A results.db written before the resume key by names gains the new columns when opened; its rows stay readable
// (with keys that no new game has, so they are never taken for one).
TEST(TournamentStore, AnOlderStoreGainsTheNewColumns) {
    TempDir temp;
    {
        storage::Database old(temp / "results.db");
        old.exec("CREATE TABLE games (id INTEGER PRIMARY KEY, key TEXT UNIQUE NOT NULL, stage TEXT NOT NULL, x TEXT NOT NULL, "
                 "o TEXT NOT NULL, winner TEXT NOT NULL, reason TEXT NOT NULL, end_line TEXT NOT NULL, detail TEXT NOT NULL, "
                 "moves INTEGER NOT NULL, seconds REAL NOT NULL, cpu_x REAL NOT NULL, cpu_o REAL NOT NULL, dir TEXT NOT NULL)");
        old.exec("INSERT INTO games (key, stage, x, o, winner, reason, end_line, detail, moves, seconds, cpu_x, cpu_o, dir) "
                 "VALUES ('round robin|0|1|1', 'round robin', 'a', 'b', 'a', '5 in a row', 'END', '', 9, 1, 0, 0, 'd')");
    }
    GameResultsStore store(temp / "results.db");
    const auto games = store.all();
    ASSERT_EQ(games.size(), 1u);
    EXPECT_EQ(games[0].x, "a");
    EXPECT_EQ(games[0].settings, "");
    EXPECT_FALSE(store.find(gameKey("round robin", "a", "b", "", 1)));
    StoredGame g = games[0];
    g.key = gameKey("round robin", "a", "b", "H8", 1);
    g.opening = "H8";
    g.settings = "s";
    g.moveList = "H8 I9";
    store.save(g);
    EXPECT_EQ(store.find(g.key)->moveList, "H8 I9");
}

TEST(TournamentConfigFile, RejectsMistakes) {
    TempDir temp;
    writeFile(temp / "bad.yaml", "format: knockout\nplayers:\n  - {name: a, command: x}\n  - {name: b, command: y}\n");
    EXPECT_THROW(loadTournamentConfig(temp / "bad.yaml"), std::invalid_argument);
    writeFile(temp / "dup.yaml", "players:\n  - {name: a, command: x}\n  - {name: a, command: y}\n");
    EXPECT_THROW(loadTournamentConfig(temp / "dup.yaml"), std::invalid_argument);
    writeFile(temp / "gauntlet.yaml", "format: gauntlet\nplayers:\n  - {name: a, command: x}\n  - {name: b, command: y}\n");
    EXPECT_THROW(loadTournamentConfig(temp / "gauntlet.yaml"), std::invalid_argument);
    const std::string two = "players:\n  - {name: a, command: x}\n  - {name: b, command: y}\n";
    const auto refused = [&](const std::string& yaml, const std::string& words) {
        writeFile(temp / "c.yaml", yaml);
        try {
            loadTournamentConfig(temp / "c.yaml");
            ADD_FAILURE() << "accepted: " << yaml;
        } catch (const std::invalid_argument& e) {
            EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
        }
    };
    refused("format: sprt\n" + two + "  - {name: c, command: z}\n", "exactly two players");
    refused("format: sprt\nsprt: {elo0: 5, elo1: 0}\n" + two, "elo0 must be below elo1");
    refused("sprt: {elo0: 0, elo1: 5}\n" + two, "needs format: sprt");
    refused("openings: {file: missing.txt}\n" + two, "cannot read the opening book");
    refused("openings: {generate: 2, stone: 4}\n" + two, "unknown key `stone`");
    refused("memory_limit: 1\n" + two, "memory_limit must be");
    refused("players:\n  - {name: a, command: x, time_limit: 0}\n  - {name: b, command: y}\n", "time_limit must be positive");
    refused("format: knockout\n" + two, "expected round-robin, gauntlet, world-cup or sprt");
}

// The command line of a scripted player (players/scripted_player.py) with these arguments.
std::string scriptedCommand(const std::string& arguments) { return test::python() + " " + test::scriptedPlayerPath() + " " + arguments; }

// A real (small) round robin of scripted players, then a rerun that resumes from the store.
TEST(Tournament, RoundRobinRunsAndResumes) {
    TempDir temp;
    writeFile(temp / "t.yaml", "format: round-robin\ntime_limit: 3\nplayers:\n"
                               "  - {name: five, command: \"" + scriptedCommand("five A1 A2 A3 A4 A5") + "\"}\n"
                               "  - {name: garbage, command: \"" + scriptedCommand("garbage raw:hello") + "\"}\n"
                               "  - {name: slowpoke, command: \"" + scriptedCommand("slowpoke O15 crash") + "\"}\n");
    const TournamentConfig config = loadTournamentConfig(temp / "t.yaml");
    std::ostringstream log;
    {
        GameResultsStore store(config.output / "results.db");
        TournamentRunner(config, store, 2, log).run();
        EXPECT_EQ(store.all().size(), 6u);
    }
    GameResultsStore store(config.output / "results.db");
    std::ostringstream again;
    TournamentRunner(config, store, 2, again).run();
    EXPECT_NE(again.str().find("6 game(s) already played"), std::string::npos) << again.str();
    const auto games = store.all();
    ASSERT_EQ(games.size(), 6u);
    const auto s = computeStandings(games, {"five", "garbage", "slowpoke"}, config);
    EXPECT_EQ(s[0].name, "five");
    EXPECT_EQ(s[0].wins, 4);
    EXPECT_EQ(s[1].name, "slowpoke");  // crashes on its second move, but garbage never makes a first
    EXPECT_EQ(s[1].wins, 2);
    EXPECT_EQ(s[1].lostBy.at("crashed"), 2);
    EXPECT_EQ(s[2].name, "garbage");
    EXPECT_EQ(s[2].lostBy.at("invalid move"), 4);
}

// A player that cannot start is reported, not scored: its games are neither stored nor counted. `cwd:` and
// `protocol:` reach the games.
TEST(Tournament, SetupErrorsAreNotGames) {
    TempDir temp;
    writeFile(temp / "t.yaml", "format: round-robin\ntime_limit: 3\nprotocol: fast\nplayers:\n"
                               "  - {name: five, command: \"" + scriptedCommand("--dir .. five A1 A2 A3 A4 A5") + "\", cwd: sub}\n"
                               "  - {name: other, command: \"" + scriptedCommand("other raw:hello") + "\"}\n"
                               "  - {name: missing, command: \"no-such-program-plyjudge-test\"}\n");
    const TournamentConfig config = loadTournamentConfig(temp / "t.yaml");
    EXPECT_EQ(config.protocol, Protocol::Fast);
    EXPECT_EQ(config.players[0].cwd, std::filesystem::path("sub"));
    std::ostringstream log;
    GameResultsStore store(config.output / "results.db");
    TournamentRunner(config, store, 2, log).run();
    const auto games = store.all();
    EXPECT_EQ(games.size(), 2u) << log.str();  // five v other, both colours
    const auto s = computeStandings(games, {"five", "other", "missing"}, config);
    EXPECT_EQ(s[0].name, "five");
    EXPECT_EQ(s[0].wins, 2);
    EXPECT_EQ(s[2].name, "missing");
    EXPECT_EQ(s[2].played, 0);
    EXPECT_NE(log.str().find("setup error (not a game"), std::string::npos) << log.str();
    EXPECT_NE(log.str().find("missing: program not found"), std::string::npos) << log.str();
}

}  // namespace
}  // namespace plyjudge::referee
