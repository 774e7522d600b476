// The course profile against scripted players that each imitate one habit of real CS4341 players
// (players/scripted_player.py options), and the same players under the fast profile, which shows the
// habits that only the course's timing and write-back tolerate (referee/README.md, "Profiles").
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include "referee/player_spec.hpp"
#include "referee/test/play_support.hpp"
#include "testsupport/run_command.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::referee {
namespace {

namespace fs = std::filesystem;
using plyjudge::testing::readFile;
using test::courseWithShortPause;
using test::play;
using test::Played;
using test::scripted;

const std::vector<std::string> kFive = {"H8", "H9", "H10", "H11", "H12"};
const std::vector<std::string> kColumnA = {"A1", "A2", "A3", "A4"};
const std::string kXWins = "END: x WINS!  o LOSES!  5 in a row!";

void fast(GameOptions&) {}
void courseDefaults(GameOptions& o) {
    o.protocol = Protocol::Course;
    o.timing = defaultTiming(Protocol::Course);
}

// A player that parses `ord(column) - ord('a')`, as several did for the course referee's `x h 8`.
TEST(CourseProtocol, LowerCaseOnlyParserPlaysTheWholeGame) {
    const Played p = play(scripted("x", kFive, {"--lower-only"}), scripted("o", kColumnA), 3.0, std::nullopt, false, courseWithShortPause);
    EXPECT_EQ(p.result.endLine, kXWins);
    EXPECT_EQ(p.history, "x H 8\no A 1\nx H 9\no A 2\nx H 10\no A 3\nx H 11\no A 4\nx H 12\n");
    EXPECT_EQ(readFile(p.dir / kPlayersFolder / "o" / "move_file"), "x h 12\n");  // the course's write-back, also after the last move
}
TEST(FastProtocol, LowerCaseOnlyParserCrashesOnTheFirstUpperCaseMove) {
    const Played p = play(scripted("x", kFive, {"--lower-only"}), scripted("o", kColumnA), 3.0, std::nullopt, false, fast);
    EXPECT_EQ(p.result.endLine, "END: o WINS!  x LOSES!  crashed");
    EXPECT_NE(p.result.detail.find("bad column 'A'"), std::string::npos) << p.result.detail;  // the end of its stderr
    EXPECT_NE(p.record.find("ValueError"), std::string::npos) << p.record;
}

// Sleeps 1.5 s after each write (waiting for the referee to remove its .go), then thinks 8.9 s of a 10 s limit:
// the course's 2.25 s between a write and the next turn covers the sleep. The full default delays.
TEST(CourseProtocol, SleepAfterWritingIsNotChargedToTheNextMove) {
    const Played p = play(scripted("x", {"H8", "think:8.9:H9", "H10", "H11", "H12"}, {"--sleep-after", "1.5", "--poll", "0.05"}),
                          scripted("o", kColumnA), 10.0, std::nullopt, false, courseDefaults);
    EXPECT_EQ(p.result.endLine, kXWins);
    ASSERT_GE(p.result.moves.size(), 3u);
    EXPECT_GT(p.result.moves[2].seconds, 8.8);
    EXPECT_LT(p.result.moves[2].seconds, 9.6);
}
TEST(FastProtocol, SleepAfterWritingIsChargedToTheNextMove) {
    const Played p = play(scripted("x", {"H8", "think:8.9:H9", "H10", "H11", "H12"}, {"--sleep-after", "1.5", "--poll", "0.05"}),
                          scripted("o", kColumnA), 10.0, std::nullopt, false, fast);
    EXPECT_EQ(p.result.endLine, "END: o WINS!  x LOSES!  out of time");
    EXPECT_EQ(p.result.moves.size(), 2u);
}

// Learns of its .go only from inotify events and needs a second of CPU to start (an interpreter's imports):
// the start-up grace lasts until it is idle, watching.
TEST(CourseProtocol, InotifyWatcherStartedSlowlySeesItsFirstGo) {
    const Played p = play(scripted("x", kFive, {"--inotify", "--slow-start", "1.0"}), scripted("o", kColumnA), 3.0, std::nullopt, false,
                          courseWithShortPause);
    EXPECT_EQ(p.result.endLine, kXWins);
}
TEST(FastProtocol, InotifyWatcherStartedSlowlyMissesItsFirstGo) {
    const Played p = play(scripted("x", kFive, {"--inotify", "--slow-start", "1.0"}), scripted("o", kColumnA), 3.0, std::nullopt, false, fast);
    EXPECT_EQ(p.result.endLine, "END: o WINS!  x LOSES!  out of time");
    EXPECT_TRUE(p.result.moves.empty());
    // The timeout says the player never touched its .go nor move_file, and what happened in the directory.
    EXPECT_NE(p.result.detail.find("never opened x.go nor move_file"), std::string::npos) << p.result.detail;
    EXPECT_NE(p.record.find("file events during the turn"), std::string::npos) << p.record;
    EXPECT_NE(p.record.find("x's CPU during the turn"), std::string::npos) << p.record;
}

// Prints "Waiting turn..." in a busy loop: never killed for it; the last 64 KiB of its output are kept.
void expectBusyPrinterKeptAndTrimmed(const Played& p) {
    EXPECT_EQ(p.result.endLine, kXWins);
    const std::string out = readFile(p.dir / "x.stdout.txt");
    EXPECT_GT(out.size(), 60000u);
    EXPECT_LE(out.size(), 65536u);
    EXPECT_EQ(out.substr(out.size() - 16), "Waiting turn...\n");
}
TEST(CourseProtocol, BusyPrinterIsNotKilled) {
    expectBusyPrinterKeptAndTrimmed(play(scripted("x", kFive, {"--busy-print"}), scripted("o", kColumnA), 3.0, std::nullopt, false, courseWithShortPause));
}
TEST(FastProtocol, BusyPrinterIsNotKilled) {
    expectBusyPrinterKeptAndTrimmed(play(scripted("x", kFive, {"--busy-print"}), scripted("o", kColumnA), 3.0, std::nullopt, false, fast));
}

// Runs in a sub-folder of the game directory and reads ../move_file (--cwd NAME=SUBDIR).
void inSubFolder(GameOptions& o) { o.players[0].cwd = "Project2/sub"; }
TEST(CourseProtocol, PlayerInASubFolder) {
    const Played p = play(scripted("x", kFive, {"--dir", "../.."}), scripted("o", kColumnA), 3.0, std::nullopt, false, [](GameOptions& o) {
        courseWithShortPause(o);
        inSubFolder(o);
    });
    EXPECT_EQ(p.result.endLine, kXWins);
    EXPECT_TRUE(fs::is_directory(p.dir / kPlayersFolder / "x" / "Project2" / "sub"));
}
TEST(FastProtocol, PlayerInASubFolder) {
    const Played p = play(scripted("x", kFive, {"--dir", "../.."}), scripted("o", kColumnA), 3.0, std::nullopt, false, inSubFolder);
    EXPECT_EQ(p.result.endLine, kXWins);
}

// `sh -c '... "H 8" ...'`: words split as a shell would; the script named inside the string stays readable.
PlayerSpec nestedQuotes() {
    const std::string command = "sh -c 'exec " + test::python() + " " + test::scriptedPlayerPath() + " x \"H 8\" \"H 9\" H10 H11 H12'";
    PlayerSpec spec = makePlayerSpec("x", command, fs::current_path());
    EXPECT_EQ(spec.argv.size(), 3u);
    return spec;
}
TEST(CourseProtocol, CommandWithNestedQuotes) {
    const Played p = play(nestedQuotes(), scripted("o", kColumnA), 3.0, std::nullopt, false, courseWithShortPause);
    EXPECT_EQ(p.result.endLine, kXWins);
}
TEST(FastProtocol, CommandWithNestedQuotes) {
    EXPECT_EQ(play(nestedQuotes(), scripted("o", kColumnA), 3.0, std::nullopt, false, fast).result.endLine, kXWins);
}

// `plyjudge play ref` typed where a folder called `ref` exists: the word stays `ref`.
void folderWordStaysAWord(const std::function<void(GameOptions&)>& profile) {
    TempDir base;
    fs::create_directory(base / "ref");
    const PlayerSpec ref = makePlayerSpec("ref", std::string(PLYJUDGE_BINARY) + " play ref --move-time 0.1", base.path());
    ASSERT_EQ(ref.argv.size(), 5u);
    EXPECT_EQ(ref.argv[2], "ref");
    const Played p = play(ref, scripted("o", {}), 3.0, std::nullopt, false, profile);  // o: the first empty points
    EXPECT_EQ(p.result.endLine, "END: ref WINS!  o LOSES!  5 in a row!");
}
TEST(CourseProtocol, CommandWordNamingAFolderIsNotRewritten) { folderWordStaysAWord(courseWithShortPause); }
TEST(FastProtocol, CommandWordNamingAFolderIsNotRewritten) { folderWordStaysAWord(fast); }

// The course referee wrote move_file before end_game in every ending: after a rejected move the move as it read
// it (lower-case column), after a timeout `NAME \` -1`; a player still polling move_file never finds it missing.
void expectMoveFileBeforeEndGame(const Played& p, const std::string& moveFile) {
    for (const std::string name : {"x", "o"}) {  // each player's own copy
        const fs::path folder = p.dir / kPlayersFolder / name;
        ASSERT_TRUE(fs::exists(folder / "move_file")) << p.record;
        EXPECT_EQ(readFile(folder / "move_file"), moveFile);
        EXPECT_LE(fs::last_write_time(folder / "move_file"), fs::last_write_time(folder / "end_game"));
    }
}
TEST(CourseProtocol, MoveFileIsWrittenBeforeEndGameAfterARejectedMove) {
    const Played p = play(scripted("x", {"H8", "H9"}), scripted("o", {"A1", "raw:o H 8\\n"}), 3.0, std::nullopt, false, courseWithShortPause);
    EXPECT_EQ(p.result.endLine, "END: x WINS!  o LOSES!  invalid move");
    expectMoveFileBeforeEndGame(p, "o h 8\n");
    const Played garbled = play(scripted("x", {"raw:H8\\n"}), scripted("o", kColumnA), 3.0, std::nullopt, false, courseWithShortPause);
    EXPECT_EQ(garbled.result.endLine, "END: o WINS!  x LOSES!  invalid move");
    expectMoveFileBeforeEndGame(garbled, "None ` -1\n");
}
TEST(CourseProtocol, MoveFileIsWrittenBeforeEndGameAfterATimeout) {
    const Played p = play(scripted("x", {"H8"}), scripted("o", {"sleep"}), 1.0, std::nullopt, false, courseWithShortPause);
    EXPECT_EQ(p.result.endLine, "END: x WINS!  o LOSES!  out of time");
    expectMoveFileBeforeEndGame(p, "o ` -1\n");
}

// A Java player (`javac -d build`, `java -cp build gomoku.Main`, as real ones) under the default limits (2 GiB): the
// JVM reserves its heap and 1 GiB of compressed class space at start-up, which an address-space limit of 2 GiB
// refused (`Could not allocate compressed class space`, on stdout; the game said only `crashed`, stderr empty).
TEST(CourseProtocol, AJavaPlayerPlaysUnderTheDefaultMemoryLimit) {
    if (!fs::exists("/usr/bin/javac") || !fs::exists("/usr/bin/java")) GTEST_SKIP() << "no /usr/bin/javac or /usr/bin/java here";
    plyjudge::testing::TempDir base;
    fs::permissions(base.path(), fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                     fs::perms::others_read | fs::perms::others_exec);  // the run's uid reads the classes
    const std::string source = std::string(PLYJUDGE_SOURCE_DIR) + "/referee/test/players/gomoku/Main.java";
    ASSERT_EQ(std::system(("/usr/bin/javac -d " + (base / "build").string() + " " + source).c_str()), 0);
    const PlayerSpec x = makePlayerSpec("x", "java -cp " + (base / "build").string() + " gomoku.Main x", base.path());
    EXPECT_EQ(GameOptions{}.memoryBytes, 2ULL << 30);  // the referee's default, which play() keeps
    const Played p = play(x, scripted("o", kColumnA), 10.0, std::nullopt, false, courseWithShortPause);
    EXPECT_EQ(p.result.endLine, kXWins) << p.result.detail << "\n" << p.record;
}

// `referee --help` and the README give the course profile's timings as protocol.hpp has them (the help said a
// read delay of 0.1 s while the code, the README and the game record said 0.125 s).
TEST(CourseProtocol, HelpAndReadmeGiveTheTimingsOfTheCode) {
    const ProtocolTiming t = defaultTiming(Protocol::Course);
    const plyjudge::testing::CommandRun help = plyjudge::testing::runShell("'" PLYJUDGE_BINARY "' referee --help");
    EXPECT_NE(help.output.find(fmt::format("(course: {})", t.readDelaySeconds)), std::string::npos) << help.output;
    EXPECT_NE(help.output.find(fmt::format(".go removed {} s", t.readDelaySeconds)), std::string::npos) << help.output;
    EXPECT_NE(help.output.find(fmt::format("(course: {})", t.pauseSeconds)), std::string::npos) << help.output;
    const std::string readme = readFile(std::string(PLYJUDGE_SOURCE_DIR) + "/referee/README.md");
    EXPECT_NE(readme.find(fmt::format("`--read-delay` ({} s)", t.readDelaySeconds)), std::string::npos);
}

// A command that cannot start is a setup error with its message, not a game lost.
void cannotStart(const std::function<void(GameOptions&)>& profile) {
    const Played missing = play(makePlayerSpec("x", "no-such-program-plyjudge-test --flag", fs::current_path()), scripted("o", kColumnA),
                                3.0, std::nullopt, false, profile);
    EXPECT_EQ(missing.result.reason, EndReason::SetupError);
    EXPECT_EQ(missing.result.endLine, "END: setup error: x could not be started");
    EXPECT_EQ(missing.result.winner, -1);
    EXPECT_NE(missing.result.detail.find("not found"), std::string::npos) << missing.result.detail;
    const Played script = play(scripted("x", kFive), makePlayerSpec("o", test::python() + " /nonexistent/player.py", fs::current_path()),
                               3.0, std::nullopt, false, profile);
    EXPECT_EQ(script.result.endLine, "END: setup error: o could not be started");
    EXPECT_NE(script.result.detail.find("can't open file"), std::string::npos) << script.result.detail;
}
TEST(CourseProtocol, CommandThatCannotStartIsASetupError) { cannotStart(courseWithShortPause); }
TEST(FastProtocol, CommandThatCannotStartIsASetupError) { cannotStart(fast); }

// A player's file the sandbox's user cannot read is a setup error naming the cause. Only a root referee runs
// players under another uid, so an unprivileged run has no such user to be closed to: skipped, visibly.
void closedToTheSandboxUser(const std::function<void(GameOptions&)>& profile) {
    if (::geteuid() != 0) GTEST_SKIP() << "needs root: only a root referee runs players under another uid";
    TempDir privateFolder;  // 0700: closed to the sandbox's user
    plyjudge::testing::writeFile(privateFolder / "p.py", "");
    const Played closed = play(scripted("x", kFive), makePlayerSpec("o", test::python() + " " + (privateFolder / "p.py").string(), "/"),
                               3.0, std::nullopt, false, profile);
    EXPECT_EQ(closed.result.reason, EndReason::SetupError);
    EXPECT_NE(closed.result.detail.find("cannot be read by the sandbox's unprivileged user"), std::string::npos) << closed.result.detail;
}
TEST(CourseProtocol, PlayerClosedToTheSandboxUserIsASetupError) { closedToTheSandboxUser(courseWithShortPause); }
TEST(FastProtocol, PlayerClosedToTheSandboxUserIsASetupError) { closedToTheSandboxUser(fast); }

}  // namespace
}  // namespace plyjudge::referee
