// `plyjudge gradescope-bundle`: the zip unpacked into a temporary root laid out like Gradescope's
// (/autograder/source, /autograder/submission, /autograder/results), run_autograder run there on the
// reference solver as the submission (PLYJUDGE_AUTOGRADER_ROOT points it at that root), and the
// results.json it writes. setup.sh (installing packages, a full build) is only syntax-checked here.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <sys/wait.h>

#include <cstdio>

#include "testsupport/golden.hpp"
#include "testsupport/run_command.hpp"
#include "testsupport/temp_dir.hpp"

namespace {

using plyjudge::testing::TempDir;
using plyjudge::testing::readFile;
using plyjudge::testing::writeFile;
namespace fs = std::filesystem;

int shell(const std::string& command, std::string* output = nullptr) {
    const plyjudge::testing::CommandRun r = plyjudge::testing::runShell(command);
    if (output) *output = r.output;
    return r.status;
}

bool executable(const fs::path& p) {
    struct stat st {};
    return ::stat(p.c_str(), &st) == 0 && (st.st_mode & S_IXUSR);
}

// A submission that runs its own copy of plyjudge's reference solver.
constexpr const char* kSubmission =
    "import os, sys\n"
    "here = os.path.dirname(os.path.abspath(__file__))\n"
    "os.execv(os.path.join(here, 'plyjudge'), ['plyjudge', 'solve', 'reversi'] + sys.argv[1:])\n";

// The assignment to bundle: reversi's published cases, a Python program main.py.
fs::path makeAssignment(const TempDir& dir) {
    fs::create_directories(dir / "course");
    fs::copy(plyjudge::testing::casesDir() / "reversi" / "published", dir / "course" / "published", fs::copy_options::recursive);
    // /usr/bin/python3 explicitly: the grader runs programs as a dedicated user that may not reach a
    // per-user python3 (pyenv); Gradescope's images have /usr/bin/python3.
    writeFile(dir / "course" / "hw.yaml",
              "variant: reversi\nrun: {command: \"/usr/bin/python3 {program} -i {input}\", file: main.py}\n"
              "limits: {wall_seconds: 20, cpu_seconds: 10}\nsuites: [published]\n");
    return dir / "course" / "hw.yaml";
}

std::string digest(const fs::path& results) {
    std::string out;
    shell(std::string(std::filesystem::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3") + " -c \"import json,sys; r=json.load(open(sys.argv[1])); "
          "print(r['score'], len(r['tests']), sorted(set((t['status'], t['visibility']) for t in r['tests'])))\" '" +
              results.string() + "'",
          &out);
    return out;
}

class Bundle : public ::testing::Test {
protected:
    void SetUp() override {
        if (shell("command -v zip && command -v unzip") != 0) GTEST_SKIP() << "zip/unzip not installed (Debian packages zip, unzip)";
        std::string out;
        ASSERT_EQ(shell("'" PLYJUDGE_BINARY "' gradescope-bundle '" + makeAssignment(dir).string() + "' -o '" + (dir / "autograder.zip").string() +
                            "' --time-budget 300",
                        &out),
                  0)
            << out;
        fs::create_directories(root / "source");
        ASSERT_EQ(shell("unzip -q '" + (dir / "autograder.zip").string() + "' -d '" + (root / "source").string() + "'", &out), 0) << out;
        fs::create_directories(root / "submission");
        // The reference solver, run the way a student's program is: python3 main.py -i INPUT. The submission
        // carries its own copy of plyjudge: a sandboxed run need not see the build tree (e.g. under /tmp).
        fs::copy_file(PLYJUDGE_BINARY, root / "submission" / "plyjudge");
        writeFile(root / "submission" / "main.py", kSubmission);
    }

    int runAutograder(const std::string& plyjudge, std::string* out, const std::string& environment = "") {
        return shell(environment + " PLYJUDGE_AUTOGRADER_ROOT='" + root.string() + "' PLYJUDGE_BIN='" + plyjudge +
                         "' '" + (root / "source" / "run_autograder").string() + "'",
                     out);
    }

    TempDir dir;
    fs::path root = dir / "autograder";
};

TEST_F(Bundle, HoldsWhatGradescopeNeeds) {
    const fs::path source = root / "source";
    EXPECT_TRUE(executable(source / "setup.sh"));
    EXPECT_TRUE(executable(source / "run_autograder"));
    EXPECT_TRUE(fs::exists(source / "plyjudge" / "CMakeLists.txt"));
    EXPECT_TRUE(fs::exists(source / "plyjudge" / "scripts" / "setup"));
    EXPECT_FALSE(fs::exists(source / "plyjudge" / "build")) << "build folders are not bundled";
    EXPECT_FALSE(fs::exists(source / "plyjudge" / ".git"));
    EXPECT_TRUE(fs::exists(source / "assignment" / "hw.yaml"));
    EXPECT_TRUE(fs::exists(source / "assignment" / "published" / "case1" / "output.txt"));
    EXPECT_NE(readFile(source / "bundle.env").find("TIME_BUDGET=300"), std::string::npos);
    std::string out;
    EXPECT_EQ(shell("bash -n '" + (source / "setup.sh").string() + "' && bash -n '" + (source / "run_autograder").string() + "'", &out), 0)
        << out;
}

TEST_F(Bundle, RunAutograderGradesTheReferenceToFullMarks) {
    std::string out;
    ASSERT_EQ(runAutograder(PLYJUDGE_BINARY, &out), 0) << out;
    const fs::path results = root / "results" / "results.json";
    ASSERT_TRUE(fs::exists(results)) << out;
    EXPECT_EQ(digest(results), "5 5 [('passed', 'visible')]\n") << readFile(results) << out;
}

TEST_F(Bundle, ARunCutShortByTheTimeBudgetReportsWhatItGraded) {
    // Each run takes about 1.5 s; one at a time and a 2 s budget: grade is interrupted during the second
    // case, finishes it, and stops; the other cases are reported as not graded.
    writeFile(root / "submission" / "main.py", "import time\ntime.sleep(1.5)\n" + std::string(kSubmission));
    std::string out;
    ASSERT_EQ(runAutograder(PLYJUDGE_BINARY, &out, "PLYJUDGE_TIME_BUDGET=2 PLYJUDGE_JOBS=1"), 0) << out;
    const fs::path results = root / "results" / "results.json";
    ASSERT_TRUE(fs::exists(results)) << out;
    const std::string json = readFile(results);
    EXPECT_NE(json.find("The grading run was cut short"), std::string::npos) << json;
    EXPECT_NE(json.find("Not graded: the grading run stopped before this case."), std::string::npos);
    EXPECT_NE(json.find("\"status\": \"passed\""), std::string::npos);
    const std::string d = digest(results);
    EXPECT_NE(d.find(" 5 [('failed', 'visible'), ('passed', 'visible')]"), std::string::npos) << d;
}

TEST_F(Bundle, AFailingGraderStillWritesResults) {
    std::string out;
    ASSERT_EQ(runAutograder("/bin/false", &out), 0) << out;
    const fs::path results = root / "results" / "results.json";
    ASSERT_TRUE(fs::exists(results)) << out;
    EXPECT_EQ(digest(results), "0 0 []\n") << readFile(results);
    EXPECT_NE(readFile(results).find("could not grade this submission"), std::string::npos);
}

}  // namespace
