// What the reference leaves on disk when things go wrong: nothing when it is killed mid-write, no expected
// output past --max-output-mb, and input errors that echo at most a few escaped characters.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include "testsupport/golden.hpp"
#include "testsupport/run_command.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge {
namespace {

// Reversi from the start at depth 1000: the whole game tree, a log of many gigabytes.
constexpr const char* kEndlessReversi = "X\n1000\n********\n********\n********\n***OX***\n***XO***\n********\n********\n********\n";

std::vector<std::string> filesIn(const std::filesystem::path& dir) {
    std::vector<std::string> names;
    for (const auto& e : std::filesystem::directory_iterator(dir)) names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

TEST(OutputSafety, ASolverKilledMidWriteLeavesNoFile) {
    for (int signal : {SIGKILL, SIGTERM}) {
        testing::TempDir dir;
        testing::writeFile(dir / "input.txt", kEndlessReversi);
        const pid_t pid = ::fork();
        if (pid == 0) {
            ::chdir(dir.path().c_str());
            ::execl(PLYJUDGE_BINARY, "plyjudge", "solve", "reversi", "-i", "input.txt", nullptr);
            ::_exit(127);
        }
        // Let it write a good part of its log (tens of megabytes) before the kill.
        std::this_thread::sleep_for(std::chrono::milliseconds(700));
        ::kill(pid, signal);
        int status = 0;
        ::waitpid(pid, &status, 0);
        ASSERT_TRUE(WIFSIGNALED(status)) << "it finished before the kill";
        EXPECT_EQ(filesIn(dir.path()), std::vector<std::string>{"input.txt"}) << "signal " << signal;
    }
}

TEST(OutputSafety, CasesFillRefusesAnExpectedOutputOverTheLimitAndFillsTheRest) {
    testing::TempDir dir;
    const auto suite = dir / "suite";
    std::filesystem::create_directories(suite / "deep");
    std::filesystem::create_directories(suite / "small");
    std::string deep = kEndlessReversi;
    deep.replace(2, 4, "9");  // depth 9: a log of a few MiB
    testing::writeFile(suite / "deep" / "input.txt", deep);
    std::filesystem::copy_file(testing::casesDir() / "reversi/published/case1/input.txt", suite / "small" / "input.txt");
    testing::writeFile(suite / "suite.yaml", "variant: reversi\ncases: [deep, small]\n");
    const auto run = testing::runPlyjudge(dir.path(), "cases fill suite --max-output-mb 1");
    EXPECT_EQ(run.status, 1) << run.output;
    EXPECT_NE(run.output.find("output.txt would be larger than 1 MiB, the limit on expected outputs (--max-output-mb)"), std::string::npos)
        << run.output;
    EXPECT_EQ(filesIn(suite / "deep"), std::vector<std::string>{"input.txt"});
    EXPECT_EQ(filesIn(suite / "small"), (std::vector<std::string>{"input.txt", "output.txt"}));
    // Without the limit (the default is 1 GiB) the deep case is filled.
    EXPECT_EQ(testing::runPlyjudge(dir.path(), "cases fill suite").status, 0);
    EXPECT_GT(std::filesystem::file_size(suite / "deep" / "output.txt"), 1u << 20);
}

TEST(OutputSafety, InputErrorsEchoAFewEscapedCharactersAndNameADirectory) {
    testing::TempDir dir;
    std::string garbage = "X\n";
    for (int i = 0; i < 300; ++i) garbage += static_cast<char>(i % 256 == '\n' ? 1 : i % 256);
    testing::writeFile(dir / "input.txt", garbage + "\n");
    const auto run = testing::runPlyjudge(dir.path(), "solve reversi -i input.txt");
    EXPECT_EQ(run.status, 2);
    EXPECT_EQ(run.output.find('\x01'), std::string::npos) << "raw bytes echoed";
    EXPECT_LT(run.output.size(), 300u) << run.output;  // 40 characters, each at most 4 once escaped
    EXPECT_NE(run.output.find("input.txt:2: depth is '\\x00\\x01\\x02"), std::string::npos) << run.output;
    EXPECT_NE(run.output.find("...'"), std::string::npos) << run.output;
    std::filesystem::create_directories(dir / "folder");
    const auto folder = testing::runPlyjudge(dir.path(), "solve reversi -i folder");
    EXPECT_EQ(folder.status, 2);
    EXPECT_NE(folder.output.find("folder: is a directory, expected an input file"), std::string::npos) << folder.output;
}

}  // namespace
}  // namespace plyjudge
