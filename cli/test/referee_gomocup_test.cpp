// `plyjudge referee --gomocup NAME`: that player speaks Gomocup's protocol; a name that is no player's is a usage error.
#include <gtest/gtest.h>

#include <string>

#include "testsupport/golden.hpp"
#include "testsupport/run_command.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge {
namespace {

using testing::CommandRun;

std::string engineCommand() {
    const std::string python = std::filesystem::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
    return python + " " + PLYJUDGE_SOURCE_DIR + "/referee/test/players/piskvork_engine.py H8 H9 H10 H11";
}

TEST(PlyjudgeRefereeGomocup, AnEngineNamedByGomocupPlaysTheReferencePlayer) {
    testing::TempDir dir;
    const CommandRun run = testing::runPlyjudge(dir.path(), "referee --dir game --protocol fast --time-limit 2 --first eng -q --gomocup eng "
                                                            "eng='" + engineCommand() + "' ref='plyjudge play ref --move-time 0.1'");
    EXPECT_EQ(run.status, 0) << run.output;
    EXPECT_NE(run.output.find("END: "), std::string::npos) << run.output;
    EXPECT_NE(run.output.find("5 in a row!"), std::string::npos) << run.output;  // no invalid move, no timeout
    EXPECT_NE(testing::readFile(dir / "game/history_file").find("eng H 8\n"), std::string::npos);
}

TEST(PlyjudgeRefereeGomocup, ANameThatIsNoPlayersIsAUsageError) {
    testing::TempDir dir;
    const CommandRun run = testing::runPlyjudge(dir.path(), "referee --gomocup nobody a=true b=true");
    EXPECT_EQ(run.status, 2) << run.output;
    EXPECT_NE(run.output.find("--gomocup nobody: no player called nobody"), std::string::npos) << run.output;
}

}  // namespace
}  // namespace plyjudge
