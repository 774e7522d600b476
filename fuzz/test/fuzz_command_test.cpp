// `plyjudge fuzz` end to end: a program that runs the reference (plyjudge solve) but corrupts its
// answer when a board condition holds, run through the grader's sandbox. The fuzzer must find the bug,
// shrink it to a position of a few pieces, save a ready case and exit 1; a correct program exits 0;
// a crashing one is reported as a crash.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdio>
#include <regex>
#include <string>

#include "testsupport/run_command.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge {
namespace {

// A shell script standing for a student's program: runs the reference, then corrupts the first character
// of its answer when the planted condition holds of the input's board. argv: PLYJUDGE VARIANT BUG
// [the variant's own arguments]. (A shell script rather than Python: a Python start-up costs 10x more,
// and these tests run dozens of programs.)
constexpr const char* kWrapper = R"SH(plyjudge=$1 variant=$2 bug=$3
shift 3
"$plyjudge" solve "$variant" "$@" || exit $?
if [ "$1" = -i ]; then input=$2; elif [ -n "$1" ]; then input=$1; else input=input.txt; fi
case "$bug:$variant" in
  none:*) exit 0 ;;
  *:reversi) sed -n 3,10p "$input" | grep -q '^.......[XO]' || exit 0 ;;       # a piece in column h
  *:starcircle) sed -n 4,11p "$input" | grep -q ',[SC][0-9]*$' || exit 0 ;;   # a piece in column 8
  *:squirrel) tail -n 5 "$input" | grep -q '^....[XO]' || exit 0 ;;           # a piece in column E
  *:gomoku561) [ "$(sed -n '5,$p' "$input" | tr -cd bw | wc -c)" -ge 3 ] || exit 0 ;;  # 3 stones or more
esac
[ "$bug" = crash ] && exit 3
for f in output.txt next_state.txt trace_state.txt; do
  if [ -f "$f" ]; then sed -i '1s/^./Z/' "$f"; exit 0; fi
done
)SH";

using testing::CommandRun;

CommandRun shell(const std::string& command) { return testing::runShell(command); }

CommandRun fuzz(const testing::TempDir& dir, const std::string& variant, const std::string& bug, const std::string& extra = "") {
    testing::writeFile(dir / "wrapper.sh", kWrapper);
    return shell("cd '" + dir.path().string() + "' && '" PLYJUDGE_BINARY "' fuzz " + variant + " --command 'sh " +
                 (dir / "wrapper.sh").string() + " " PLYJUDGE_BINARY " " + variant + " " + bug + "' --seed 2 " +
                 (extra.empty() ? "--cases 60" : extra));
}

// "shrunk from A pieces, depth B to C pieces, depth D": C.
int shrunkPieces(const std::string& output) {
    std::smatch m;
    if (!std::regex_search(output, m, std::regex(R"(to (\d+) pieces, depth (\d+))"))) return -1;
    return std::stoi(m[1]);
}

void expectFoundAndShrunk(const std::string& variant, int maxPieces) {
    testing::TempDir dir;
    const CommandRun r = fuzz(dir, variant, "planted");
    EXPECT_EQ(r.status, 1) << r.output;
    EXPECT_NE(r.output.find("DISAGREES"), std::string::npos) << r.output;
    const int pieces = shrunkPieces(r.output);
    EXPECT_GE(pieces, 1) << r.output;
    EXPECT_LE(pieces, maxPieces) << r.output;
    EXPECT_NE(r.output.find("reproduce: plyjudge fuzz " + variant), std::string::npos) << r.output;
    // The saved case is ready: its input and the reference's expected outputs.
    std::smatch m;
    ASSERT_TRUE(std::regex_search(r.output, m, std::regex(R"(saved as a case: (\S+)/)"))) << r.output;
    EXPECT_TRUE(std::filesystem::exists(dir.path() / std::string(m[1]) / "input.txt"));
    EXPECT_TRUE(std::filesystem::exists(dir.path() / "fuzz-corpus" / variant / "suite.yaml"));
    // The next run replays it first.
    const CommandRun again = fuzz(dir, variant, "planted");
    EXPECT_EQ(again.status, 1);
    EXPECT_NE(again.output.find("on the saved case"), std::string::npos) << again.output;
}

// Each program run costs a sandbox, a shell and a solve (0.1-0.5 s on a loaded 2-core machine), and
// shrinking takes 10-80 runs; the shrinking is also tested in process in differential_test.cpp.
TEST(PlyjudgeFuzz, FindsAndShrinksAReversiBug) { expectFoundAndShrunk("reversi", 12); }
TEST(PlyjudgeFuzz, FindsAndShrinksAGomokuBug) { expectFoundAndShrunk("gomoku561", 3); }
TEST(PlyjudgeFuzz, FindsAndShrinksAStarcircleBug) { expectFoundAndShrunk("starcircle", 3); }
TEST(PlyjudgeFuzz, FindsAndShrinksASquirrelBug) { expectFoundAndShrunk("squirrel", 2); }

TEST(PlyjudgeFuzz, ACorrectProgramPasses) {
    testing::TempDir dir;
    const CommandRun r = fuzz(dir, "starcircle", "none", "--cases 10");
    EXPECT_EQ(r.status, 0) << r.output;
    EXPECT_NE(r.output.find("no disagreement in 10 cases"), std::string::npos) << r.output;
}

TEST(PlyjudgeFuzz, ACrashIsReportedAsSuchNotShrunk) {
    testing::TempDir dir;
    const CommandRun r = fuzz(dir, "gomoku561", "crash");
    EXPECT_EQ(r.status, 1) << r.output;
    EXPECT_NE(r.output.find("FAILED"), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find("shrunk from"), std::string::npos) << r.output;
}

TEST(PlyjudgeFuzz, BadUsageExitsTwo) {
    testing::TempDir dir;
    EXPECT_EQ(shell("'" PLYJUDGE_BINARY "' fuzz reversi").status, 2);
    EXPECT_EQ(shell("'" PLYJUDGE_BINARY "' fuzz nosuch x.py").status, 2);
    EXPECT_EQ(shell("'" PLYJUDGE_BINARY "' fuzz reversi --command true --cases 0").status, 2);
}

}  // namespace
}  // namespace plyjudge

namespace plyjudge {
namespace {

TEST(PlyjudgeFuzz, NamesTheCataloguedFaultThatReproducesTheShrunkCase) {
    testing::TempDir dir;
    const CommandRun run = testing::runShell("cd '" + dir.path().string() + "' && '" PLYJUDGE_BINARY "' fuzz squirrel --command '" PLYJUDGE_BINARY
                                             " solve squirrel --fault sneak-converts' --seed 2 --cases 60");
    EXPECT_EQ(run.status, 1) << run.output;
    EXPECT_NE(run.output.find("explained: sneak-converts — "), std::string::npos) << run.output;
}

TEST(PlyjudgeFuzz, DialectIsTheConventionOfTheReference) {
    testing::TempDir dir;
    const std::string boundFirst = "' fuzz reversi --command '" PLYJUDGE_BINARY " solve reversi --dialect cutoff_log=bound-first' --seed 3 --cases 40";
    // In its own dialect the program agrees; in the default one it does not, and the other convention is named.
    const CommandRun same = testing::runShell("cd '" + dir.path().string() + "' && '" PLYJUDGE_BINARY + boundFirst + " --dialect cutoff_log=bound-first");
    EXPECT_EQ(same.status, 0) << same.output;
    const CommandRun other = testing::runShell("cd '" + dir.path().string() + "' && '" PLYJUDGE_BINARY + boundFirst);
    EXPECT_EQ(other.status, 1) << other.output;
    EXPECT_NE(other.output.find("explained: cutoff_log=bound-first"), std::string::npos) << other.output;
}

}  // namespace
}  // namespace plyjudge
