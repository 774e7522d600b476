// Grading real classes as they come, through the real binary: programs in private folders, Python 2
// programs, students who need a setup step, ambiguous folders, generated cases that never reveal a bundled
// (hidden) case, and a class's Gradescope reports.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <regex>

#include "grader/test/grader_test_support.hpp"
#include "testsupport/golden.hpp"
#include "testsupport/python2.hpp"
#include "testsupport/temp_dir.hpp"

using namespace plyjudge::grader::testing;
using namespace plyjudge::testing;

namespace {

// A reversi program that runs the reference solver it carries in tools/ (python3 or python2 syntax), reading
// the input file `inputName` from its working directory (the convention's -i argument is ignored).
void makeProgram(const std::filesystem::path& dir, const std::string& file, bool python2Syntax,
                 const std::string& inputName = "") {
    std::filesystem::create_directories(dir / "tools");
    std::filesystem::copy_file(plyjudgeBinary(), dir / "tools" / "plyjudge", std::filesystem::copy_options::overwrite_existing);
    const std::string args = inputName.empty() ? "sys.argv[1:]" : "['-i', '" + inputName + "']";
    writeFileMakingDirs(dir / file,
                        std::string("import os, sys\n") +
                            (python2Syntax ? "print 'python 2 syntax'\n" : "print('python 3', file=sys.stderr)\n") +
                            "here = os.path.dirname(os.path.abspath(__file__))\n"
                            "os.execv(os.path.join(here, 'tools', 'plyjudge'), ['plyjudge', 'solve', 'reversi'] + " + args + ")\n");
}

std::string check(const std::string& args) { return plyjudgeBinary() + " check " + args; }

void makeSuiteAndAssignment(const std::filesystem::path& root, const std::string& extra = "") {
    for (const char* c : {"case1", "case3"}) {
        std::filesystem::create_directories(root / "suite" / c);
        for (const char* f : {"input.txt", "output.txt"}) {
            std::filesystem::copy_file(casesDir() / "reversi" / "published" / c / f, root / "suite" / c / f);
        }
    }
    writeFile(root / "suite" / "suite.yaml", "variant: reversi\nvisibility: hidden\ncases: [case1, case3]\n");
    writeFile(root / "a.yaml", "title: HW2 reversi\nvariant: reversi\nlimits: {wall_seconds: 15, cpu_seconds: 5, memory_mb: 512}\n"
                               "suites: [suite]\n" + extra);
}

}  // namespace

TEST(RealClass, CheckRunsAProgramKeptInAPrivateFolder) {
    TempDir dir;  // 0700, like mktemp -d: a root grader's run uid cannot enter it, the staged copy it can
    ASSERT_EQ(::chmod(dir.path().c_str(), 0700), 0);
    makeProgram(dir.path(), "solver.py", false);
    const auto r = shell("cd " + quoted(dir.path()) + " && " + check("reversi ./solver.py --generated 2 --python 3"));
    EXPECT_EQ(r.exitCode, 0) << r.output;
    EXPECT_NE(r.output.find("12 of 12 cases passed"), std::string::npos) << r.output;  // 5 published, 5 selfcheck, 2 generated
    EXPECT_NE(r.output.find("solver.py: run with python3"), std::string::npos) << r.output;
}

TEST(RealClass, APython2OnlyProgramIsRunWithPython2) {
    std::string why;
    const auto python2 = plyjudge::testing::python2ForRuns(&why);
    if (!python2) GTEST_SKIP() << why;
    TempDir dir;
    makeProgram(dir.path(), "hw.py", true);
    const auto r = shell(check("reversi " + quoted((dir / "hw.py").string()) + " --generated 0 --interpreter python2=" + python2->string()));
    EXPECT_EQ(r.exitCode, 0) << r.output;
    EXPECT_NE(r.output.find("hw.py: run with python2"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("compiles under Python 2"), std::string::npos) << r.output;
    // Without a Python 2 nothing is graded: a judge error (exit 3), naming the option.
    const auto none = shell(check("reversi " + quoted((dir / "hw.py").string()) + " --generated 0 --interpreter python2=/nonexistent/python2"));
    EXPECT_EQ(none.exitCode, 3) << none.output;
    EXPECT_NE(none.output.find("--interpreter python2=PATH"), std::string::npos) << none.output;
}

TEST(RealClass, OverridesSetUpAStudentAndAmbiguityIsNamed) {
    TempDir root;
    openToRuns(root.path());
    makeSuiteAndAssignment(root.path(), "run: {python: 3}\n");
    makeProgram(root / "subs" / "alice", "main.py", false);                 // the convention: -i input.txt
    makeProgram(root / "subs" / "bob", "hw.py", false, "input1.txt");      // reads input1.txt, whatever it is told
    makeProgram(root / "subs" / "carol", "hw.py", false, "input1.txt");    // the same, without an override
    makeProgram(root / "subs" / "dave", "a.py", false);
    writeFile(root / "subs" / "dave" / "b.py", "print(1)\n");               // two programs: ambiguous
    writeFile(root / "subs" / "students.yaml", "bob: {setup: ['input.txt -> input1.txt']}\n");
    const std::string db = (root / "r.db").string();
    const auto r = shell(plyjudgeBinary() + " grade " + quoted((root / "a.yaml").string()) + " " + quoted((root / "subs").string()) +
                         " -j 2 --db " + db + " --json " + quoted((root / "r.json").string()) + " --report gradescope --report-output " +
                         quoted((root / "gs").string()));
    EXPECT_EQ(r.exitCode, 0) << r.output;
    const std::string out = r.output;
    EXPECT_TRUE(std::regex_search(out, std::regex("alice +2 +2 +2 OK"))) << out;
    EXPECT_TRUE(std::regex_search(out, std::regex("bob +2 +2 +2 OK"))) << out;
    EXPECT_TRUE(std::regex_search(out, std::regex("carol +0 +2 +2 runtime error"))) << out;
    EXPECT_TRUE(std::regex_search(out, std::regex("dave +0 +2 +2 no program"))) << out;
    const std::string json = readFile(root / "r.json");
    EXPECT_NE(json.find("ambiguous program: a.py, b.py — set run.file or an override"), std::string::npos) << json;
    EXPECT_NE(json.find("\"interpreter\": \"python3"), std::string::npos);
    EXPECT_NE(json.find("\"title\": \"HW2 reversi\""), std::string::npos);
    // A class's Gradescope report: one results.json per student.
    for (const char* s : {"alice", "bob", "carol", "dave"}) {
        EXPECT_TRUE(std::filesystem::exists(root / "gs" / s / "results.json")) << s;
    }
    EXPECT_NE(readFile(root / "gs" / "bob" / "results.json").find("\"score\": 2"), std::string::npos);
    EXPECT_NE(readFile(root / "gs" / "carol" / "results.json").find("\"score\": 0"), std::string::npos);
}

TEST(RealClass, GeneratedCasesNeverRepeatABundledCase) {
    // Seed 2 is the seed the bundled reversi generated suite was made with: every one of its inputs is left out.
    const std::string solver = "--command " + quoted(plyjudgeBinary() + " solve reversi");
    const auto same = shell(check("reversi " + solver + " --generated 50 --seed 2 --brief --verbose"));
    EXPECT_EQ(same.exitCode, 0) << same.output;
    EXPECT_NE(same.output.find("left out 50 generated input(s) equal to bundled cases"), std::string::npos) << same.output;
    EXPECT_EQ(same.output.find("generated/gen"), std::string::npos) << same.output;
    // Without --seed a fresh seed is drawn and printed, so two runs differ.
    std::smatch m1, m2;
    const auto a = shell(check("reversi " + solver + " --generated 1 --brief"));
    const auto b = shell(check("reversi " + solver + " --generated 1 --brief"));
    const std::regex seed("seed ([0-9]+) \\(repeat with --seed");
    ASSERT_TRUE(std::regex_search(a.output, m1, seed)) << a.output;
    const std::string first = m1[1];
    ASSERT_TRUE(std::regex_search(b.output, m2, seed)) << b.output;
    EXPECT_NE(first, std::string(m2[1]));
}
