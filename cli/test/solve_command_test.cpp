// The plyjudge program itself, run as a subprocess the way students, TAs and scripts run it.
#include <gtest/gtest.h>

#include <string>

#include "testsupport/golden.hpp"
#include "testsupport/run_command.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge {
namespace {

using testing::CommandRun;

CommandRun plyjudge(const std::filesystem::path& dir, const std::string& args) { return testing::runPlyjudge(dir, args); }

const std::filesystem::path kCases = testing::casesDir();

TEST(PlyjudgeSolve, StarcircleReadsInputTxtInTheWorkingDirectoryLikeAStudentProgram) {
    testing::TempDir dir;
    std::filesystem::copy_file(kCases / "starcircle/published/example3/input.txt", dir / "input.txt");
    const CommandRun run = plyjudge(dir.path(), "solve starcircle");
    EXPECT_EQ(run.status, 0) << run.output;
    EXPECT_EQ(testing::readFile(dir / "output.txt"), testing::readFile(kCases / "starcircle/published/example3/output.txt"));
}

TEST(PlyjudgeSolve, ReversiTakesDashIAndWritesIntoDashO) {
    testing::TempDir dir;
    const CommandRun run = plyjudge(dir.path(), "solve reversi -i '" + (kCases / "reversi/published/case3/input.txt").string() + "' -o out");
    EXPECT_EQ(run.status, 0) << run.output;
    EXPECT_EQ(testing::normalized(testing::readFile(dir / "out/output.txt")),
              testing::normalized(testing::readFile(kCases / "reversi/published/case3/output.txt")));
    EXPECT_FALSE(std::filesystem::exists(dir / "output.txt"));
}

TEST(PlyjudgeSolve, MalformedInputGivesOneLineNamingFileAndLineExit2AndNoOutputFile) {
    testing::TempDir dir;
    testing::writeFile(dir / "input.txt", "X\r\n3\r\n********\r\n***OX**\r\n");
    const CommandRun run = plyjudge(dir.path(), "solve reversi -i input.txt");
    EXPECT_EQ(run.status, 2);
    EXPECT_EQ(run.output, "plyjudge solve: input.txt:4: board row 2 has 7 characters, expected 8 cells of *, X, O\n");
    EXPECT_FALSE(std::filesystem::exists(dir / "output.txt"));
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir.path()), {}), 1) << "no stray temporary file";
}

TEST(PlyjudgeSolve, MissingInputFileIsReportedNotCrashed) {
    testing::TempDir dir;
    const CommandRun run = plyjudge(dir.path(), "solve starcircle");
    EXPECT_EQ(run.status, 2);
    EXPECT_NE(run.output.find("input.txt: cannot open"), std::string::npos) << run.output;
}

TEST(PlyjudgeSolve, DialectSelectsTheWorkedExamplesConvention) {
    testing::TempDir dir;
    const auto example = kCases / "reversi/pdf_example/worked_example";
    const CommandRun run = plyjudge(dir.path(), "solve reversi --dialect cutoff_log=bound-first -i '" + (example / "input.txt").string() + "'");
    EXPECT_EQ(run.status, 0) << run.output;
    EXPECT_EQ(testing::normalized(testing::readFile(dir / "output.txt")), testing::normalized(testing::readFile(example / "output.txt")));
    EXPECT_EQ(plyjudge(dir.path(), "solve reversi --dialect cutoff_log=sideways -i x").status, 2);
    EXPECT_EQ(plyjudge(dir.path(), "solve reversi --dialect colour=blue -i x").status, 2);
}

TEST(PlyjudgeCommands, UsageErrorsExit2AndHelpExits0) {
    testing::TempDir dir;
    EXPECT_EQ(plyjudge(dir.path(), "").status, 2);
    EXPECT_EQ(plyjudge(dir.path(), "frobnicate").status, 2);
    EXPECT_EQ(plyjudge(dir.path(), "solve chess -i x").status, 2);
    EXPECT_EQ(plyjudge(dir.path(), "solve reversi").status, 2);  // reversi needs its input file
    EXPECT_EQ(plyjudge(dir.path(), "solve reversi --bogus").status, 2);
    const CommandRun help = plyjudge(dir.path(), "solve --help");
    EXPECT_EQ(help.status, 0);
    EXPECT_NE(help.output.find("usage: plyjudge solve VARIANT"), std::string::npos);
    const CommandRun top = plyjudge(dir.path(), "--help");
    EXPECT_EQ(top.status, 0);
    EXPECT_NE(top.output.find("variants"), std::string::npos);
}

TEST(PlyjudgeCommands, VariantsListsEveryRegisteredVariantAndValidateChecksInputs) {
    testing::TempDir dir;
    const CommandRun run = plyjudge(dir.path(), "variants");
    EXPECT_EQ(run.status, 0);
    for (const Variant* v : allVariants()) EXPECT_NE(run.output.find(std::string(v->name)), std::string::npos) << v->name;
    EXPECT_NE(run.output.find("cutoff_log"), std::string::npos);
    EXPECT_EQ(plyjudge(dir.path(), "validate reversi '" + (kCases / "reversi/published/case1/input.txt").string() + "'").status, 0);
    testing::writeFile(dir / "bad.txt", "Z\n");
    const CommandRun bad = plyjudge(dir.path(), "validate reversi bad.txt");
    EXPECT_EQ(bad.status, 2);
    EXPECT_NE(bad.output.find("bad.txt:1:"), std::string::npos);
}

}  // namespace
}  // namespace plyjudge
