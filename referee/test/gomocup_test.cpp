// Gomocup engines in a game (docs/gomocup.md): our own scripted engine (players/piskvork_engine.py) against the
// scripted file player, the commands it is sent, and every way its answers can be wrong ending in a loss with a
// clear reason, never a hang. Then a real public engine, built from sources outside the repository, if given.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>

#include "referee/gomocup_protocol.hpp"
#include "referee/gomocup_seat.hpp"
#include "referee/tournament/tournament_config.hpp"
#include "referee/test/play_support.hpp"
#include "testsupport/golden.hpp"
#include "testsupport/run_command.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::referee {
namespace {

using plyjudge::testing::readFile;
using test::play;
using test::Played;
using test::scripted;

PlayerSpec engine(const std::string& name, std::vector<std::string> actions) {
    PlayerSpec spec = test::pythonPlayer(name, "piskvork_engine.py", std::move(actions));
    spec.protocol = PlayerProtocol::Gomocup;
    return spec;
}

std::string commandsGot(const Played& p, const std::string& name) { return readFile(p.dir / (name + ".stderr.txt")); }

TEST(GomocupProtocol, CoordinatesAndAnswers) {
    EXPECT_EQ(gomocup::coordinates(*gomoku4341::parsePoint("H", "8")), "7,7");
    EXPECT_EQ(gomocup::coordinates(*gomoku4341::parsePoint("A", "15")), "0,14");  // x the column, y the row from the top
    std::string why;
    EXPECT_EQ(gomocup::parseMove(" 14 , 0\r", why), gomoku4341::parsePoint("O", "1"));
    EXPECT_FALSE(gomocup::parseMove("15,3", why));
    EXPECT_NE(why.find("off the board"), std::string::npos);
    EXPECT_FALSE(gomocup::parseMove("7 7", why));
    EXPECT_FALSE(gomocup::parseMove("7,7x", why));
    EXPECT_EQ(gomocup::kindOf("MESSAGE hello"), gomocup::LineKind::Chatter);
    EXPECT_EQ(gomocup::kindOf("OK"), gomocup::LineKind::Ok);
    EXPECT_EQ(gomocup::kindOf("ERROR no"), gomocup::LineKind::Refusal);
    EXPECT_EQ(gomocup::kindOf("MESSAGES"), gomocup::LineKind::Answer);
}

// Stones placed before the game (GameOptions::openingMoves) are told with BOARD at the engine's first turn, then TURN.
TEST(GomocupSeat, AnOpeningIsToldWithBoard) {
    plyjudge::testing::TempDir dir;
    const auto h8 = *gomoku4341::parsePoint("H", "8"), i9 = *gomoku4341::parsePoint("I", "9"), a1 = *gomoku4341::parsePoint("A", "1");
    GomocupSeat seat(dir.path(), 0, {h8, i9});
    const int in = ::open((dir / GomocupChannel::kInput).c_str(), O_RDONLY | O_NONBLOCK);
    const int out = ::open((dir / GomocupChannel::kOutput).c_str(), O_WRONLY | O_NONBLOCK);
    ASSERT_GE(in, 0);
    ASSERT_GE(out, 0);
    const auto readAll = [&] {
        char buffer[4096];
        const ssize_t n = ::read(in, buffer, sizeof buffer);
        return n > 0 ? std::string(buffer, static_cast<std::size_t>(n)) : std::string();
    };
    ASSERT_EQ(::write(out, "OK\r\n", 4), 4);
    seat.beginTurn({});
    EXPECT_EQ(seat.poll(std::chrono::milliseconds(100), gomoku4341::Board{}).kind, GomocupSeat::Reply::None);
    EXPECT_EQ(readAll(), "BOARD\r\n7,7,1\r\n8,8,2\r\nDONE\r\n");
    seat.moveAccepted(1);
    ASSERT_EQ(::write(out, "1,1\r\n", 5), 5);  // a stale line, written off turn: not the next turn's answer
    seat.beginTurn({{0, a1}, {1, a1}});
    EXPECT_EQ(seat.poll(std::chrono::milliseconds(50), gomoku4341::Board{}).kind, GomocupSeat::Reply::None);
    EXPECT_EQ(readAll(), "TURN 0,0\r\n");
    ::close(in);
    ::close(out);
}

// The engine plays first (BEGIN), then hears the file player's moves as TURN x,y; five or more wins.
TEST(Gomocup, EngineFirstAgainstAFilePlayer) {
    const Played p = play(engine("eng", {"chatty:H8", "H9", "H10", "H11", "H12"}), scripted("o", {"A1", "A2", "A3", "A4"}));
    EXPECT_EQ(p.result.endLine, "END: eng WINS!  o LOSES!  5 in a row!") << p.result.detail << p.record;
    const std::string got = commandsGot(p, "eng");
    EXPECT_NE(got.find("got: START 15\ngot: INFO timeout_turn 2400\ngot: INFO timeout_match 339000\n"), std::string::npos) << got;
    EXPECT_NE(got.find("got: INFO rule 0\n"), std::string::npos) << got;
    EXPECT_NE(got.find("got: INFO max_memory 1610612736\n"), std::string::npos) << got;  // 3/4 of the 2 GiB limit
    EXPECT_NE(got.find("got: BEGIN\n"), std::string::npos) << got;
    EXPECT_NE(got.find("got: TURN 0,0\ngot: TURN 0,1\n"), std::string::npos) << got;  // A1, A2
    EXPECT_NE(got.find("got: END"), std::string::npos) << got;
    EXPECT_EQ(p.history, "eng H 8\no A 1\neng H 9\no A 2\neng H 10\no A 3\neng H 11\no A 4\neng H 12\n");
}

// The engine plays second under the course profile: the file player sees its moves as it would a file player's.
TEST(Gomocup, EngineSecondUnderTheCourseProfile) {
    const Played p = play(scripted("x", {"H8", "H9", "H10", "H11", "H12"}, {"--lower-only"}), engine("eng", {"A1", "A2", "A3", "A4"}), 3.0,
                          std::nullopt, false, test::courseWithShortPause);
    EXPECT_EQ(p.result.endLine, "END: x WINS!  eng LOSES!  5 in a row!") << p.result.detail << p.record;
    EXPECT_NE(commandsGot(p, "eng").find("got: TURN 7,7\n"), std::string::npos);
}

// The file player swaps the engine's first stone: the engine is told the position with BOARD, its stone now the other's.
TEST(Gomocup, OpponentsSwapIsToldWithBoard) {
    const Played p = play(engine("eng", {"H8", "A1", "A2", "A3", "A4"}), scripted("o", {"H8", "H9", "H10", "H11", "H12"}));
    EXPECT_EQ(p.result.endLine, "END: o WINS!  eng LOSES!  5 in a row!") << p.result.detail << p.record;
    EXPECT_NE(commandsGot(p, "eng").find("got: BOARD\ngot: 7,7,2\ngot: DONE\n"), std::string::npos) << commandsGot(p, "eng");
}

void expectLoss(const Played& p, const std::string& endLine, const std::string& why) {
    EXPECT_EQ(p.result.endLine, endLine) << p.result.detail;
    EXPECT_NE(p.result.detail.find(why), std::string::npos) << p.result.detail;
}

TEST(Gomocup, MalformedAnswersLoseWithTheirReason) {
    const std::string lost = "END: x WINS!  eng LOSES!  invalid move";
    expectLoss(play(scripted("x", {"H8"}), engine("eng", {"raw:7 7"})), lost, "answered `7 7` to `TURN 7,7`: not `x,y`");
    expectLoss(play(scripted("x", {"H8"}), engine("eng", {"raw:15,3"})), lost, "off the board");
    expectLoss(play(scripted("x", {"H8", "H9"}), engine("eng", {"A1", "occupied"})), lost, "is occupied");
    // On move 2 the course rules allow a swap, which a Gomocup engine cannot mean: its occupied point is invalid.
    expectLoss(play(scripted("x", {"H8"}), engine("eng", {"occupied"})), lost, "a Gomocup engine never swaps");
    expectLoss(play(scripted("x", {"H8"}), engine("eng", {"raw:UNKNOWN command"})), lost, "answered `UNKNOWN command`");
    expectLoss(play(scripted("x", {"H8"}), engine("eng", {"raw:" + std::string(10000, '7')})), lost, "answered `777");
}

TEST(Gomocup, SilentEngineTimesOutAtTheLimit) {
    const auto start = std::chrono::steady_clock::now();
    const Played p = play(engine("eng", {"H8", "silent"}), scripted("o", {"A1"}), 1.0);
    expectLoss(p, "END: o WINS!  eng LOSES!  out of time", "never wrote a move after `TURN 0,0`");
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(8));
}

// One that never answers START: 10 s before the game (not charged), then its first turn's limit: a loss, no hang.
TEST(Gomocup, MuteEngineLosesOnTimeAtItsFirstTurn) {
    PlayerSpec mute = engine("eng", {});
    mute.argv.insert(mute.argv.begin() + 2, "--mute");
    const auto start = std::chrono::steady_clock::now();
    const Played p = play(mute, scripted("o", {"A1"}), 1.0);
    expectLoss(p, "END: o WINS!  eng LOSES!  out of time", "never wrote OK to `START 15`");
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20));
}

TEST(Gomocup, CrashedEngineLosesAtOnce) {
    const auto start = std::chrono::steady_clock::now();
    const Played p = play(engine("eng", {"H8", "crash"}), scripted("o", {"A1"}), 10.0);
    EXPECT_EQ(p.result.endLine, "END: o WINS!  eng LOSES!  crashed") << p.result.detail;
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
}

TEST(Gomocup, RefusedStartIsASetupError) {
    PlayerSpec refusing = engine("eng", {});
    refusing.argv.insert(refusing.argv.begin() + 2, "--refuse-start");
    const Played p = play(refusing, scripted("o", {"A1"}));
    EXPECT_EQ(p.result.endLine, "END: setup error: eng could not be started") << p.result.detail;
    EXPECT_NE(p.result.detail.find("ERROR unsupported size"), std::string::npos) << p.result.detail;
}

// Two engines meet (no file player at all); each gets only its pipes.
TEST(Gomocup, TwoEnginesPlayAGame) {
    const Played p = play(engine("e1", {"H8", "H9", "H10", "H11", "H12"}), engine("e2", {"A1", "A2", "A3", "A4"}));
    EXPECT_EQ(p.result.endLine, "END: e1 WINS!  e2 LOSES!  5 in a row!") << p.result.detail;
}

// A tournament's player takes `protocol: gomocup` (or files); anything else is refused with the file's name.
TEST(GomocupConfig, ATournamentPlayersProtocol) {
    plyjudge::testing::TempDir dir;
    const auto config = [&](const std::string& protocol) {
        plyjudge::testing::writeFile(dir / "t.yaml", "players:\n  - {name: a, command: ./a}\n  - {name: b, command: ./b, protocol: " + protocol + "}\n");
        return loadTournamentConfig(dir / "t.yaml");
    };
    const TournamentConfig c = config("gomocup");
    EXPECT_EQ(c.players[0].protocol, PlayerProtocol::Files);
    EXPECT_EQ(c.players[1].protocol, PlayerProtocol::Gomocup);
    EXPECT_EQ(config("files").players[1].protocol, PlayerProtocol::Files);
    EXPECT_THROW(config("uci"), std::invalid_argument);
}

}  // namespace
}  // namespace plyjudge::referee
