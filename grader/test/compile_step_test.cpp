// Compiling is a run (grader/run/compile_step.hpp): a compile step reads the submission in the sandbox like the
// program does. Each test failed before compile steps were runs (issue 25, breaks 3 and 6): the Python check loaded
// a .pth file shipped in the submission (its HOME and working folder were the staged source, which it could
// write), a C++ submission embedded a hidden expected output with .incbin, `#include "/dev/zero"` grew the compiler
// without bound, and SIGTERM to the grader left the compiler running.
#include <gtest/gtest.h>

#include <csignal>
#include <thread>

#include <sys/wait.h>
#include <unistd.h>

#include "grader/run/program.hpp"
#include "grader/test/course_support.hpp"
#include "grader/test/grader_test_support.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::grader::testing {
namespace {

namespace fs = std::filesystem;

// A folder of the test's own outside /tmp (a course folder would not be under the sandbox's private /tmp).
struct Scratch {
    fs::path root = fs::path(GRADER_TEST_SCRATCH_DIR) / ("compile-step-" + std::to_string(::getpid()));
    Scratch() {
        fs::remove_all(root);
        fs::create_directories(root);
        openToRuns(root);
    }
    ~Scratch() {
        std::error_code ec;
        fs::remove_all(root, ec);
    }
};

fs::path sitePth(int minor) {
    return fs::path(".local/lib") / ("python3." + std::to_string(minor)) / "site-packages" / "x.pth";
}

bool anyFileNamed(const fs::path& dir, const std::string& name) {
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
        if (it->path().filename() == name) return true;
    return false;
}

TEST(CompileStep, ThePythonCheckLoadsNoSiteFileOfTheSubmission) {
    Scratch s;
    const fs::path student = s.root / "student";
    // Python 3 reads user site files from ~/.local/lib/pythonX.Y/site-packages: shipped for every version.
    for (int minor = 5; minor <= 14; ++minor)
        writeFileMakingDirs(student / sitePth(minor), "import os; open(os.path.expanduser('~/PTH-RAN'), 'w').close()\n");
    writeFileMakingDirs(student / "main.py", "print('hi')\n");
    ProgramSource source;
    source.dir = student;
    source.file = student / "main.py";
    const PrepareResult p = prepareProgram(source, s.root / "work", quickLimits());
    ASSERT_TRUE(p.program) << p.message;
    EXPECT_FALSE(anyFileNamed(s.root, "PTH-RAN")) << "a .pth file of the submission ran at the compile check";
}

TEST(CompileStep, ACompilerCannotReadAHiddenPath) {
    if (!sandbox::isolationSupport().available) GTEST_SKIP() << "hiding is bubblewrap's: " << sandbox::isolationSupport().reason;
    Scratch s;
    const fs::path hidden = s.root / "hidden";
    writeFileMakingDirs(hidden / "case1" / "output.txt", "SECRET-EXPECTED\n");
    openToRuns(hidden);
    openToRuns(hidden / "case1");
    const fs::path student = s.root / "student";
    writeFileMakingDirs(student / "main.cpp",
                        "asm(\".section .rodata\\n.incbin \\\"" + (hidden / "case1" / "output.txt").string() +
                            "\\\"\\n.text\\n\");\nint main() {}\n");
    ProgramSource source;
    source.dir = student;
    source.file = student / "main.cpp";
    const PrepareResult p = prepareProgram(source, s.root / "work", BuildSettings(quickLimits(), {hidden}));
    EXPECT_FALSE(p.program) << "the compiler read " << (hidden / "case1" / "output.txt");
    EXPECT_EQ(p.failure, Verdict::CompileError);
    EXPECT_NE(p.message.find("output.txt"), std::string::npos) << p.message;
}

TEST(CompileStep, ACompilerThatGrowsWithoutBoundIsStopped) {
    Scratch s;
    const fs::path student = s.root / "student";
    writeFileMakingDirs(student / "main.cpp", "#include \"/dev/zero\"\nint main() {}\n");
    ProgramSource source;
    source.dir = student;
    source.file = student / "main.cpp";
    const PrepareResult p = prepareProgram(source, s.root / "work", quickLimits());
    EXPECT_FALSE(p.program);
    EXPECT_EQ(p.failure, Verdict::CompileError) << p.message;
}

TEST(CompileStep, SigtermStopsTheGraderAndItsCompilerAtOnce) {
    Course course("sigterm-compile");
    // A compile that burns CPU for minutes (a constant expression of 4e10 steps, nested loops each under g++'s loop
    // limit; its operation limit of 2^33 ends it after minutes) under a unique name.
    const std::string student = "slowcompile-" + std::to_string(::getpid());
    writeFileMakingDirs(course.submissions() / student / "main.cpp",
                        "constexpr long f() { long s = 0; for (long i = 0; i < 200000; ++i) for (long j = 0; j < 200000; ++j) s += j % 7;"
                        " return s; }\n"
                        "static_assert(f() > 0);\nint main() {}\n");
    openToRuns(course.submissions() / student);
    const auto started = std::chrono::steady_clock::now();
    const CommandOutput out = shell("cd " + quoted(course.root().string()) + " && { env TMPDIR=" + quoted(course.tmp().string()) +
                                    " " + quoted(plyjudgeBinary()) + " grade " + quoted(course.assignment().string()) +
                                    " subs --db results.db & pid=$!; sleep 3; kill -TERM $pid; wait $pid; echo \"status $?\"; }");
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    EXPECT_NE(out.output.find("status 130"), std::string::npos) << out.output;
    EXPECT_LT(seconds, 20) << "the compile step went on after SIGTERM (its limit is 60 s of CPU)";
    // "[s]": the pattern does not match pgrep's own shell.
    EXPECT_EQ(shell("pgrep -f '[s]" + student.substr(1) + "' >/dev/null && echo alive || echo gone").output, "gone\n");
    // Nothing was kept of the stopped compile: the student is graded on the next run.
    EXPECT_TRUE(course.stored().empty());
}

}  // namespace
}  // namespace plyjudge::grader::testing
