// `plyjudge faults`, `solve --fault` and `gen --kill` run as a TA runs them.
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <string>

#include "testsupport/golden.hpp"
#include "testsupport/run_command.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge {
namespace {

using testing::CommandRun;

const std::filesystem::path kCases = testing::casesDir();

CommandRun plyjudge(const std::filesystem::path& dir, const std::string& args) { return testing::runPlyjudge(dir, args); }

TEST(PlyjudgeFaults, ListsAtLeastTenFaultsPerVariantWithSentenceAndRule) {
    testing::TempDir dir;
    for (const char* v : {"starcircle", "reversi", "squirrel", "gomoku561"}) {
        const CommandRun run = plyjudge(dir.path(), std::string("faults ") + v);
        ASSERT_EQ(run.status, 0) << run.output;
        std::smatch m;
        ASSERT_TRUE(std::regex_search(run.output, m, std::regex("^(\\d+) faults of ")));
        EXPECT_GE(std::stoi(m[1]), 10) << v;
        EXPECT_NE(run.output.find("  strict-pruning\n      Your program prunes only when v > beta"), std::string::npos) << run.output;
        EXPECT_NE(run.output.find("      rule: "), std::string::npos);
    }
}

TEST(PlyjudgeFaults, TheSuitesCheckRunsByDefaultCatchEveryFault) {
    testing::TempDir dir;
    const CommandRun run = plyjudge(dir.path(), "faults --matrix");
    EXPECT_EQ(run.status, 0) << run.output;
    for (const char* v : {"starcircle", "reversi", "squirrel", "gomoku561"}) EXPECT_NE(run.output.find(std::string("== ") + v), std::string::npos);
    EXPECT_EQ(run.output.find("UNCAUGHT"), std::string::npos) << run.output;
    std::smatch m;
    std::string rest = run.output;
    int summaries = 0;
    while (std::regex_search(rest, m, std::regex("(\\d+) of (\\d+) faults caught by (\\d+) case"))) {
        EXPECT_EQ(m[1], m[2]);
        EXPECT_LE(std::stoi(m[3]), 5 + 30) << "published plus at most 30 self-check cases";
        ++summaries;
        rest = m.suffix();
    }
    EXPECT_EQ(summaries, 4);
}

TEST(PlyjudgeFaults, MatrixNamesTheUncaughtFaultsAndExitsOne) {
    testing::TempDir dir;
    // The five official squirrel samples search at most 2 plies deep: a fail-hard start never shows.
    const CommandRun run = plyjudge(dir.path(), "faults squirrel --matrix '" + (kCases / "squirrel/published").string() + "'");
    EXPECT_EQ(run.status, 1) << run.output;
    EXPECT_NE(run.output.find("uncaught: fail-hard-init"), std::string::npos) << run.output;
    EXPECT_NE(run.output.find("  strict-pruning                     1 case   published/sample4"), std::string::npos) << run.output;
}

TEST(PlyjudgeSolve, FaultMakesTheReferenceCommitTheMistake) {
    testing::TempDir dir;
    std::filesystem::copy_file(kCases / "starcircle/published/example1/input.txt", dir / "input.txt");
    ASSERT_EQ(plyjudge(dir.path(), "solve starcircle --fault root-not-counted --fault farsighted-wrong-side").status, 0);
    EXPECT_EQ(testing::readFile(dir / "output.txt"), "F4-H2\n160\n-160\n4");
    const CommandRun unknown = plyjudge(dir.path(), "solve starcircle --fault no-such-mistake");
    EXPECT_EQ(unknown.status, 2);
    EXPECT_NE(unknown.output.find("unknown fault 'no-such-mistake' (known: strict-pruning, "), std::string::npos) << unknown.output;
}

TEST(PlyjudgeGen, KillChoosesCasesUntilEveryFaultIsCaughtAndReportsTheMatrix) {
    testing::TempDir dir;
    const CommandRun run = plyjudge(dir.path(), "gen squirrel out --count 40 --seed 1 --minimal --published --max-case-bytes 20000");
    ASSERT_EQ(run.status, 0) << run.output;
    // every fault of the catalogue, as `plyjudge faults squirrel` counts them
    const std::string listed = plyjudge(dir.path(), "faults squirrel --markdown").output;
    const auto count = std::to_string(std::count(listed.begin(), listed.end(), '\n'));
    EXPECT_NE(run.output.find(count + " of " + count + " faults caught by"), std::string::npos) << run.output;
    EXPECT_NE(run.output.find("faults (each wants 2 catching cases)"), std::string::npos);
    const std::string manifest = testing::readFile(dir / "out/suite.yaml");
    EXPECT_NE(manifest.find("visibility: published"), std::string::npos);
    EXPECT_NE(manifest.find("--minimal --published"), std::string::npos) << manifest;
    EXPECT_EQ(plyjudge(dir.path(), "faults squirrel --matrix out").status, 0);
}

}  // namespace
}  // namespace plyjudge

namespace plyjudge {
namespace {

TEST(PlyjudgeGen, DialectIsTheConventionOfTheExpectedFiles) {
    testing::TempDir dir;
    const CommandRun run = testing::runPlyjudge(dir.path(), "gen reversi out --count 3 --seed 4 --kill 0 --dialect cutoff_log=bound-first");
    ASSERT_EQ(run.status, 0) << run.output;
    const std::string manifest = testing::readFile(dir / "out/suite.yaml");
    EXPECT_NE(manifest.find("dialect:\n  cutoff_log: bound-first\n"), std::string::npos) << manifest;
    EXPECT_NE(manifest.find("--kill 0 --dialect cutoff_log=bound-first"), std::string::npos) << manifest;
    // The expected files are the bound-first reference's: the reference in that dialect agrees with every case.
    const CommandRun same = testing::runPlyjudge(dir.path(), "solve reversi -i out/gen01/input.txt -o mine --dialect cutoff_log=bound-first");
    ASSERT_EQ(same.status, 0) << same.output;
    EXPECT_EQ(testing::readFile(dir / "mine/output.txt"), testing::readFile(dir / "out/gen01/output.txt"));
}

}  // namespace
}  // namespace plyjudge
