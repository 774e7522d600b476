// Python 2 or 3 by behaviour (grader/run/python_trial.hpp), through the real binary: a Python 2 program that
// compiles under Python 3 (it uses xrange) is run with python2, the reason printed by check and grade and kept in
// the JSON and the results database; a program both Pythons run alike stays with Python 3.
#include <gtest/gtest.h>

#include <regex>

#include "grader/test/grader_test_support.hpp"
#include "testsupport/golden.hpp"
#include "testsupport/python2.hpp"
#include "testsupport/temp_dir.hpp"

using namespace plyjudge::grader::testing;
using namespace plyjudge::testing;

namespace {

// A reversi program that runs the reference solver it carries in tools/. `firstLine` decides which Python
// it needs: both Pythons parse every line.
void makeProgram(const std::filesystem::path& dir, const std::string& firstLine) {
    std::filesystem::create_directories(dir / "tools");
    std::filesystem::copy_file(plyjudgeBinary(), dir / "tools" / "plyjudge", std::filesystem::copy_options::overwrite_existing);
    writeFileMakingDirs(dir / "hw.py", "import os, sys\n" + firstLine + "\n"
                                       "here = os.path.dirname(os.path.abspath(__file__))\n"
                                       "os.execv(os.path.join(here, 'tools', 'plyjudge'), ['plyjudge', 'solve', 'reversi'] + sys.argv[1:])\n");
}

const char* kPython2Only = "for _ in xrange(1): pass";  // NameError under Python 3

}  // namespace

TEST(PythonByBehaviour, CheckRunsAPython2ProgramThatCompilesUnderPython3WithPython2) {
    std::string why;
    const auto python2 = python2ForRuns(&why);
    if (!python2) GTEST_SKIP() << why;
    TempDir dir;
    makeProgram(dir.path(), kPython2Only);
    const std::string json = (dir / "r.json").string();
    const auto r = shell(plyjudgeBinary() + " check reversi " + quoted((dir / "hw.py").string()) +
                         " --generated 0 --json " + quoted(json) + " --interpreter python2=" + python2->string());
    EXPECT_EQ(r.exitCode, 0) << r.output;
    // Python 3.10 and later add "Did you mean: 'range'?" to the error line.
    const std::regex reason("python3: NameError: name 'xrange' is not defined[^;]* on published/case1; python2 passes it");
    EXPECT_TRUE(std::regex_search(r.output, std::regex("hw\\.py: run with python2 \\([^;]+; python3: NameError"))) << r.output;
    EXPECT_TRUE(std::regex_search(r.output, reason)) << r.output;
    const std::string text = readFile(json);
    EXPECT_TRUE(std::regex_search(text, std::regex("\"interpreter_reason\": \"python3: NameError: name 'xrange' is not defined[^;]* on "
                                                   "published/case1; python2 passes it\""))) << text;
}

TEST(PythonByBehaviour, GradeStoresAndShowsTheReason) {
    std::string why;
    const auto python2 = python2ForRuns(&why);
    if (!python2) GTEST_SKIP() << why;
    TempDir root;
    openToRuns(root.path());
    makeProgram(root / "subs" / "alice", kPython2Only);
    writeFile(root / "a.yaml", "variant: reversi\nrun: {interpreters: {python2: " + python2->string() + "}}\nsuites: [" +
                                   (casesDir() / "reversi" / "published").string() + "]\n");
    const std::string db = (root / "r.db").string();
    const auto r = shell(plyjudgeBinary() + " grade " + quoted((root / "a.yaml").string()) + " " + quoted((root / "subs").string()) +
                         " -j 2 --db " + quoted(db));
    EXPECT_EQ(r.exitCode, 0) << r.output;
    EXPECT_NE(r.output.find("alice: run with python2"), std::string::npos) << r.output;
    EXPECT_TRUE(std::regex_search(r.output, std::regex("python3: NameError: name 'xrange' is not defined[^;]* on published/case1; "
                                                       "python2 passes it"))) << r.output;
    EXPECT_TRUE(std::regex_search(r.output, std::regex("alice +5 +5 +5 OK"))) << r.output;
    // Kept in the database (its interpreter_reason column): the report made from it alone says it.
    const auto report = shell(plyjudgeBinary() + " report " + quoted(db) + " --format json -o " + quoted((root / "rep.json").string()));
    ASSERT_EQ(report.exitCode, 0) << report.output;
    EXPECT_NE(readFile(root / "rep.json").find("\"interpreter_reason\": \"python3: NameError: name 'xrange' is not defined"),
              std::string::npos) << readFile(root / "rep.json");
}

TEST(PythonByBehaviour, AProgramBothPythonsRunAlikeStaysWithPython3) {
    std::string why;
    const auto python2 = python2ForRuns(&why);
    if (!python2) GTEST_SKIP() << why;
    TempDir dir;
    makeProgram(dir.path(), "x = 1");
    const auto r = shell(plyjudgeBinary() + " check reversi " + quoted((dir / "hw.py").string()) +
                         " --generated 0 --interpreter python2=" + python2->string());
    EXPECT_EQ(r.exitCode, 0) << r.output;
    EXPECT_NE(r.output.find("hw.py: run with python3"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("compiles under Python 3 and Python 2, and both pass published/case1"), std::string::npos) << r.output;
}
