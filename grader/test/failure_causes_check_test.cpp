// Issue 43 through the real `plyjudge check`, with programs written for the test from the reference itself
// (`plyjudge solve`): a program that reads a stale input1.txt left beside it is told its output does not follow
// its input, naming the file; a program that flips the last direction only is named as the neighbour of the
// catalogued flips-one-direction, with how it differs; a program with several causes gets each listed with its
// count, covering every failed case.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <string>

#include "testsupport/run_command.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge {
namespace {

std::string mainLineOf(const std::string& output) {
    const std::size_t at = output.find("main explanation: ");
    return at == std::string::npos ? "" : output.substr(at, output.find('\n', at) - at);
}

TEST(FailureCausesCheck, AProgramReadingAStaleInputIsToldItsOutputDoesNotFollowItsInput) {
    if (testing::runShell("command -v python3").status != 0) GTEST_SKIP() << "no python3 to run the test's program";
    testing::TempDir dir;
    const auto program = dir / "submission";
    std::filesystem::create_directories(program);
    // The reference, copied beside the program (a run sees its own folder), answering input1.txt whatever the case.
    std::filesystem::copy_file(PLYJUDGE_BINARY, program / "solver");
    testing::writeFile(program / "prog.py", "import os\n"
                                            "here = os.path.dirname(os.path.abspath(__file__))\n"
                                            "os.execv(os.path.join(here, 'solver'), ['solver', 'solve', 'reversi', '-i', 'input1.txt'])\n");
    std::filesystem::copy_file(std::filesystem::path(PLYJUDGE_SOURCE_DIR) / "cases/reversi/published/case1/input.txt", program / "input1.txt");
    const testing::CommandRun r = testing::runShell("cd '" + dir.path().string() + "' && '" PLYJUDGE_BINARY "' check reversi '" +
                                                    program.string() + "' --file prog.py --generated 12 --seed 3 --brief");
    EXPECT_EQ(r.status, 1) << r.output;
    const std::string main = mainLineOf(r.output);
    EXPECT_EQ(main.rfind("main explanation: its output does not follow its input: Your program wrote the same output for ", 0), 0u)
        << r.output;
    EXPECT_NE(main.find("it reads 'input1.txt', a file left beside it that is not the case's input file"), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find("failed cases by cause:"), std::string::npos) << "one cause covers every failed case:\n" << r.output;
}

TEST(FailureCausesCheck, AProgramFlippingTheLastDirectionIsNamedAsTheNeighbourOfFlipsOneDirection) {
    testing::TempDir dir;
    testing::writeFile(dir / "program.sh", "plyjudge=$1; shift\nexec \"$plyjudge\" solve reversi --fault flips-last-direction \"$@\"\n");
    const testing::CommandRun r = testing::runShell("cd '" + dir.path().string() + "' && '" PLYJUDGE_BINARY "' check reversi --command 'sh " +
                                                    (dir / "program.sh").string() + " " PLYJUDGE_BINARY "' --generated 0 --brief");
    EXPECT_EQ(r.status, 1) << r.output;
    const std::string main = mainLineOf(r.output);
    EXPECT_EQ(main.rfind("main explanation: explained: flips-last-direction (explains ", 0), 0u) << r.output;
    EXPECT_NE(main.find("A neighbour of the catalogued flips-one-direction: it keeps the last direction that flips (clockwise from up), "
                        "where flips-one-direction keeps the first."),
              std::string::npos)
        << r.output;
}

// Crashes on battles (task 4), no traverse log on minimax (task 2), root-as-min elsewhere: three causes.
constexpr const char* kSeveralCauses = R"SH(plyjudge=$1; shift
if [ "$1" = -i ]; then input=$2; else input=$1; fi
task=$(head -n 1 "$input" | tr -d '\r ')
case "$task" in
  4) printf 'Traceback (most recent call last):\nIndexError: list index out of range\n' >&2; exit 1 ;;
  2) "$plyjudge" solve squirrel "$@" && rm -f traverse_log.txt; exit 0 ;;
  *) exec "$plyjudge" solve squirrel --fault root-as-min "$@" ;;
esac
)SH";

TEST(FailureCausesCheck, AProgramWithSeveralCausesListsEachWithItsCountCoveringEveryFailedCase) {
    testing::TempDir dir;
    testing::writeFile(dir / "program.sh", kSeveralCauses);
    const testing::CommandRun r = testing::runShell("cd '" + dir.path().string() + "' && '" PLYJUDGE_BINARY "' check squirrel --command 'sh " +
                                                    (dir / "program.sh").string() + " " PLYJUDGE_BINARY "' --generated 0 --brief --json " +
                                                    (dir / "r.json").string());
    EXPECT_EQ(r.status, 1) << r.output;
    const std::string json = testing::readFile(dir / "r.json");
    EXPECT_NE(json.find("\"failure_causes\""), std::string::npos) << json;
    EXPECT_NE(json.find("\"name\": \"root-as-min\""), std::string::npos) << json;
    std::smatch total;
    ASSERT_TRUE(std::regex_search(r.output, total, std::regex("(\\d+) of (\\d+) cases passed"))) << r.output;
    const int failed = std::stoi(total[2]) - std::stoi(total[1]);
    const std::size_t list = r.output.find("failed cases by cause:\n");
    ASSERT_NE(list, std::string::npos) << r.output;
    const std::string causes = r.output.substr(list);
    EXPECT_NE(causes.find("explained: root-as-min — "), std::string::npos) << r.output;
    EXPECT_NE(causes.find("found: error-output: IndexError: list index out of range — 3 of "), std::string::npos) << r.output;
    EXPECT_NE(causes.find("not explained: missing output: traverse_log.txt was not written — 3 of "), std::string::npos) << r.output;
    int covered = 0, lines = 0;
    const std::regex count("— (\\d+) of (\\d+) failed cases?, first at ");
    for (auto it = std::sregex_iterator(causes.begin(), causes.end(), count); it != std::sregex_iterator(); ++it, ++lines) {
        covered += std::stoi((*it)[1]);
        EXPECT_EQ(std::stoi((*it)[2]), failed) << r.output;
    }
    EXPECT_EQ(lines, 3) << r.output;
    EXPECT_EQ(covered, failed) << "every failed case is under one cause:\n" << r.output;
}

}  // namespace
}  // namespace plyjudge
