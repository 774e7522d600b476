// Explanation by contrast through the real `plyjudge check`: programs written for the test stand for students'
// whose failures no catalogued fault reproduces. One crashes exactly when the squirrel board is nearly full:
// check names that feature with its counts, confirmed on new cases. One fails at random: no contrast.
#include <gtest/gtest.h>

#include <string>

#include "testsupport/run_command.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge {
namespace {

// argv: PLYJUDGE MODE [the variant's arguments]. The reference's answer, except that it exits 3 when MODE's
// condition holds: "full" a board with at most 3 empty squares, "random" the input's checksum is odd.
constexpr const char* kProgram = R"SH(plyjudge=$1 mode=$2
shift 2
if [ "$1" = -i ]; then input=$2; elif [ -n "$1" ]; then input=$1; else input=input.txt; fi
case "$mode" in
  full) [ "$(tail -n 5 "$input" | tr -cd '*' | wc -c)" -le 3 ] && exit 3 ;;
  random) [ $(( $(cksum < "$input" | cut -d' ' -f1) % 2 )) -eq 1 ] && exit 3 ;;
esac
exec "$plyjudge" solve squirrel "$@"
)SH";

testing::CommandRun check(const testing::TempDir& dir, const std::string& mode) {
    testing::writeFile(dir / "program.sh", kProgram);
    return testing::runShell("cd '" + dir.path().string() + "' && '" PLYJUDGE_BINARY "' check squirrel --command 'sh " +
                             (dir / "program.sh").string() + " " PLYJUDGE_BINARY " " + mode + "' --generated 10 --seed 4 --brief");
}

TEST(ContrastCheck, ACrashOnNearlyFullBoardsIsExplainedByThatFeatureWithItsCounts) {
    testing::TempDir dir;
    const testing::CommandRun r = check(dir, "full");
    EXPECT_EQ(r.status, 1) << r.output;
    EXPECT_NE(r.output.find("by contrast: Your program crashes whenever the board is nearly full (1-3 empty squares) (in "),
              std::string::npos) << r.output;
    EXPECT_NE(r.output.find("and passes every other case (in "), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("cases were generated to test it (a correlation confirmed on new cases, not a reproduction); smallest failing case: "),
              std::string::npos) << r.output;
}

TEST(ContrastCheck, AProgramFailingAtRandomGetsNoContrast) {
    testing::TempDir dir;
    const testing::CommandRun r = check(dir, "random");
    EXPECT_EQ(r.status, 1) << r.output;
    EXPECT_NE(r.output.find("runtime error"), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find("by contrast"), std::string::npos) << r.output;
}

TEST(ContrastCheck, ContrastCasesZeroTurnsItOff) {
    testing::TempDir dir;
    testing::writeFile(dir / "program.sh", kProgram);
    const testing::CommandRun r = testing::runShell("cd '" + dir.path().string() + "' && '" PLYJUDGE_BINARY "' check squirrel --command 'sh " +
                                                    (dir / "program.sh").string() + " " PLYJUDGE_BINARY " full' --generated 10 --seed 4 --brief --contrast-cases 0");
    EXPECT_EQ(r.status, 1) << r.output;
    EXPECT_EQ(r.output.find("by contrast"), std::string::npos) << r.output;
}

// `grade` gives a class's student the same contrast, next to the explanation by reproduction.
TEST(ContrastCheck, GradeGivesTheStudentTheContrastToo) {
    testing::TempDir dir;
    std::filesystem::create_directories(dir / "subs" / "alice");
    testing::writeFile(dir / "subs" / "alice" / "program.sh", kProgram);
    testing::writeFile(dir / "assignment.yaml",
                       "variant: squirrel\nrun:\n  command: \"sh {program} " PLYJUDGE_BINARY " full\"\n  file: program.sh\nsuites:\n"
                       "  - " PLYJUDGE_SOURCE_DIR "/cases/squirrel/published\n  - " PLYJUDGE_SOURCE_DIR "/cases/squirrel/selfcheck\n  - " PLYJUDGE_SOURCE_DIR "/cases/squirrel/generated\n");
    const testing::CommandRun r = testing::runShell("cd '" + dir.path().string() + "' && '" PLYJUDGE_BINARY
                                                    "' grade assignment.yaml subs --quiet --json results.json");
    EXPECT_EQ(r.status, 0) << r.output;
    const std::string json = testing::readFile(dir / "results.json");
    EXPECT_NE(json.find("Your program crashes whenever the board is nearly full (1-3 empty squares)"), std::string::npos) << json;
    EXPECT_NE(json.find("\"contrast\""), std::string::npos) << json;  // the explanation's kind
}

}  // namespace
}  // namespace plyjudge
