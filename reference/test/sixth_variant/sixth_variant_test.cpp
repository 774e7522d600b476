// A sixth variant is one folder plus one line: tictactoe/ and PLYJUDGE_VARIANT(tictactoe) in a copy of
// variants.def, built into a second copy of the CLI (plyjudge-sixth), which is run here as a user would.
#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "testsupport/golden.hpp"
#include "testsupport/run_command.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge {
namespace {

using testing::CommandRun;
using testing::readFile;
using testing::TempDir;
using testing::writeFile;

const std::string kSixth = PLYJUDGE_SIXTH_BINARY;

CommandRun sixth(const std::filesystem::path& dir, const std::string& args) {
    return testing::runShell("cd '" + dir.string() + "' && '" + kSixth + "' " + args);
}

// X to move with A3, B3 and C3 empty. Worked out by hand:
// - A3 completes column A: X wins at once (1).
// - B3: O answers A3 (X then fills C3: a draw, 0) or C3 (X then plays A3 and wins, 1); O takes the draw: 0.
// - C3: O answers A3 (X fills B3: a draw, 0) or B3 (column B is O's: a loss, -1); O takes the win: -1.
// So X plays A3 for 1. Alpha-beta: after A3 alpha is 1, and each MIN node cuts as soon as a child gives 0 <= 1.
const std::string kInput = "X\nminimax\nXOX\nXOO\n...\n";
const std::string kMinimaxLog =
    "Node,Depth,Value\n"
    "root,0,-Infinity\n"
    "A3,1,1\n"
    "root,0,1\n"
    "B3,1,Infinity\n"
    "A3,2,-Infinity\n"
    "C3,3,0\n"
    "A3,2,0\n"
    "B3,1,0\n"
    "C3,2,-Infinity\n"
    "A3,3,1\n"
    "C3,2,1\n"
    "B3,1,0\n"
    "root,0,1\n"
    "C3,1,Infinity\n"
    "A3,2,-Infinity\n"
    "B3,3,0\n"
    "A3,2,0\n"
    "C3,1,0\n"
    "B3,2,-1\n"
    "C3,1,-1\n"
    "root,0,1";
const std::string kAlphaBetaInput = "X\nalphabeta\nXOX\nXOO\n...\n";
const std::string kAlphaBetaLog =
    "Node,Depth,Value,Alpha,Beta\n"
    "root,0,-Infinity,-Infinity,Infinity\n"
    "A3,1,1,-Infinity,Infinity\n"
    "root,0,1,1,Infinity\n"
    "B3,1,Infinity,1,Infinity\n"
    "A3,2,-Infinity,1,Infinity\n"
    "C3,3,0,1,Infinity\n"
    "A3,2,0,1,Infinity\n"
    "B3,1,0,1,Infinity\n"
    "root,0,1,1,Infinity\n"
    "C3,1,Infinity,1,Infinity\n"
    "A3,2,-Infinity,1,Infinity\n"
    "B3,3,0,1,Infinity\n"
    "A3,2,0,1,Infinity\n"
    "C3,1,0,1,Infinity\n"
    "root,0,1,1,Infinity";
const std::string kNextState = "XOX\nXOO\nX..";

TEST(SixthVariant, IsListed) {
    TempDir dir;
    const CommandRun run = sixth(dir.path(), "variants");
    EXPECT_EQ(run.status, 0) << run.output;
    EXPECT_NE(run.output.find("tictactoe\n  Tic-tac-toe"), std::string::npos) << run.output;
    EXPECT_NE(run.output.find("reversi\n"), std::string::npos) << "the real variants are all still there";
}

TEST(SixthVariant, SolvesAPositionWorkedOutByHand) {
    TempDir dir;
    for (const auto& [input, log] : {std::pair{kInput, kMinimaxLog}, std::pair{kAlphaBetaInput, kAlphaBetaLog}}) {
        writeFile(dir / "input.txt", input);
        const CommandRun run = sixth(dir.path(), "solve tictactoe -i input.txt");
        ASSERT_EQ(run.status, 0) << run.output;
        EXPECT_EQ(testing::normalized(readFile(dir / "traverse_log.txt")), testing::normalized(log));
        EXPECT_EQ(testing::normalized(readFile(dir / "next_state.txt")), testing::normalized(kNextState));
    }
}

// The two faults of tictactoe/faults.cpp (CONTRIBUTING.md shows how they were added), worked out by hand on kInput.
TEST(SixthVariant, FaultsChangeTheOutputsAsWorkedOutByHand) {
    TempDir dir;
    writeFile(dir / "input.txt", kInput);
    const CommandRun list = sixth(dir.path(), "faults tictactoe");
    EXPECT_EQ(list.status, 0) << list.output;
    EXPECT_NE(list.output.find("2 faults of tictactoe"), std::string::npos) << list.output;
    // From O's side every value is negated: A3 is -1, B3 min(0, -1) = -1, C3 min(0, 1) = 0; X plays C3.
    CommandRun run = sixth(dir.path(), "solve tictactoe -i input.txt --fault wrong-perspective");
    ASSERT_EQ(run.status, 0) << run.output;
    EXPECT_EQ(testing::normalized(readFile(dir / "next_state.txt")), "XOX\nXOO\n..X");
    // One ply short: the search stops at depth 2, so no line of depth 3 and the positions there are valued as draws.
    run = sixth(dir.path(), "solve tictactoe -i input.txt --fault depth-minus-one");
    ASSERT_EQ(run.status, 0) << run.output;
    const std::string shortLog = readFile(dir / "traverse_log.txt");
    EXPECT_EQ(shortLog.find(",3,"), std::string::npos) << shortLog;
    EXPECT_NE(shortLog.find("\nA3,2,0\n"), std::string::npos) << shortLog;
}

TEST(SixthVariant, ValidateNamesTheFileAndLine) {
    TempDir dir;
    writeFile(dir / "input.txt", "X\nminimax\nXOX\nXO\n...\n");
    const CommandRun bad = sixth(dir.path(), "validate tictactoe -i input.txt");
    EXPECT_EQ(bad.status, 2);
    EXPECT_EQ(bad.output, "plyjudge validate: input.txt:4: expected a board row of three cells X, O or .\n");
    writeFile(dir / "input.txt", kInput);
    EXPECT_EQ(sixth(dir.path(), "validate tictactoe -i input.txt").status, 0);
}

// gen writes a suite; check runs a command on it (published here, as a course would publish it) and on
// generated cases: the reference itself passes, a program that drops a log line fails with a diagnosis.
TEST(SixthVariant, GeneratesASuiteThatCheckGradesWithDiagnoses) {
    TempDir dir;
    const auto suite = dir / "cases" / "tictactoe" / "generated";
    const CommandRun gen = sixth(dir.path(), "gen tictactoe --count 5 --seed 1 '" + suite.string() + "'");
    ASSERT_EQ(gen.status, 0) << gen.output;
    EXPECT_NE(gen.output.find("wrote 5 tictactoe cases"), std::string::npos) << gen.output;
    std::string manifest = readFile(suite / "suite.yaml");
    ASSERT_NE(manifest.find("visibility: hidden"), std::string::npos) << manifest;
    manifest.replace(manifest.find("visibility: hidden"), 18, "visibility: published");
    writeFile(suite / "suite.yaml", manifest);

    const std::string check = "PLYJUDGE_CASES='" + (dir / "cases").string() + "' '" + kSixth + "' check tictactoe --generated 3 --verbose --command ";
    const CommandRun pass = testing::runShell("cd '" + dir.path().string() + "' && " + check + "\"'" + kSixth + "' solve tictactoe\"");
    EXPECT_EQ(pass.status, 0) << pass.output;
    // 5 published + 3 generated, less the generated inputs that equal a published one (check leaves them out).
    auto expectedCases = [](const std::string& output) {
        const auto at = output.find("left out ");
        return 8 - (at == std::string::npos ? 0 : std::stoi(output.substr(at + 9)));
    };
    const int cases = expectedCases(pass.output);
    EXPECT_NE(pass.output.find(std::to_string(cases) + " of " + std::to_string(cases) + " cases passed"), std::string::npos) << pass.output;

    const std::string dropsALogLine = "\"sh -c '" + kSixth + " solve tictactoe -i {input} && sed -i 2d traverse_log.txt'\"";
    const CommandRun fail = testing::runShell("cd '" + dir.path().string() + "' && " + check + dropsALogLine +
                                              " --report html --report-output report.html");
    EXPECT_EQ(fail.status, 1) << fail.output;
    EXPECT_NE(fail.output.find("[missing-line]\n    traverse_log.txt: line 2: the expected log's line 2, the root's entry \"root,0,-Infinity"),
              std::string::npos) << fail.output;
    // The log's shape names the pattern, exactly: the sixth variant's log goes through the same explainer.
    EXPECT_NE(fail.output.find("explained: missing-root-line"), std::string::npos) << fail.output;
    EXPECT_NE(fail.output.find("0 of " + std::to_string(expectedCases(fail.output)) + " cases passed"), std::string::npos) << fail.output;
    // The report draws each position through the variant's presentation, the reference's move ringed.
    const std::string html = readFile(dir / "report.html");
    EXPECT_NE(html.find("aria-label=\"tictactoe, "), std::string::npos);
    EXPECT_NE(html.find("class=\"expected-move\""), std::string::npos);
}

}  // namespace
}  // namespace plyjudge
