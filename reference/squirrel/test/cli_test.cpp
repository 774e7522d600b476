// Bad input through the program, as a TA runs it: `plyjudge solve squirrel -i FILE` in a fresh directory
// exits with status 2, prints one line naming the file and line, and writes no file.
#include <gtest/gtest.h>

#include <cstdio>
#include <iterator>

#include "reference/squirrel/test/bad_inputs.hpp"
#include "testsupport/golden.hpp"
#include "testsupport/run_command.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::squirrel {
namespace {

using testing::CommandRun;

CommandRun solveIn(const std::filesystem::path& dir, const std::string& args) {
    return testing::runPlyjudge(dir, "solve squirrel " + args);
}

TEST(SquirrelCli, EveryBadInputExits2WithOneLineAndNoOutputFile) {
    for (const test::BadCase& c : test::badCases()) {
        testing::TempDir dir;
        testing::writeFile(dir / "input.txt", c.input);
        const CommandRun run = solveIn(dir.path(), "-i input.txt");
        EXPECT_EQ(run.status, 2) << c.what << ": " << run.output;
        const std::string prefix = "plyjudge solve: input.txt:" + std::to_string(c.line) + ": ";
        EXPECT_EQ(run.output.rfind(prefix, 0), 0u) << c.what << ": " << run.output;
        EXPECT_NE(run.output.find(c.mentions), std::string::npos) << c.what << ": " << run.output;
        EXPECT_EQ(run.output.find('\n'), run.output.size() - 1) << c.what << ": one line: " << run.output;
        EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir.path()), {}), 1)
            << c.what << ": nothing but input.txt in the directory";
    }
}

TEST(SquirrelCli, CrlfInputWithoutFinalNewlineWritesTheOfficialFilesIntoTheWorkingDirectory) {
    const auto sample = testing::casesDir() / "squirrel" / "published" / "sample4";
    testing::TempDir dir;
    std::filesystem::copy_file(sample / "input.txt", dir / "input.txt");
    const CommandRun run = solveIn(dir.path(), "-i input.txt");
    EXPECT_EQ(run.status, 0) << run.output;
    EXPECT_EQ(run.output, "");
    for (const char* name : {"next_state.txt", "traverse_log.txt"}) {
        EXPECT_EQ(testing::readFile(dir / name), testing::normalized(testing::readFile(sample / name))) << name;
    }
    EXPECT_FALSE(std::filesystem::exists(dir / "trace_state.txt"));
}

}  // namespace
}  // namespace plyjudge::squirrel
