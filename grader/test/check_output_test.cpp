// What `plyjudge check` prints, as a student reads it: a compile error once, in the student's own file names and
// lines; no path of the grader's staging or run folders anywhere; no grader notes unless --verbose; an exit-status
// warning with the error output that explains it, once for all the cases it is on.
#include <gtest/gtest.h>

#include <regex>

#include "grader/run/student_paths.hpp"
#include "grader/test/course_support.hpp"
#include "grader/test/grader_test_support.hpp"
#include "testsupport/temp_dir.hpp"

using namespace plyjudge::grader;
using namespace plyjudge::grader::testing;
using namespace plyjudge::testing;

namespace {

// The grader's own folders: check's scratch (common/temp_dir: plyjudge-check-XXXXXX), the staged source (build/…/src)
// and the runs' copies (run-…/work). The tests' own folders may be under /tmp too: only these are looked for.
void expectNoGraderPath(const std::string& output, const std::string& file) {
    EXPECT_EQ(output.find("plyjudge-check-"), std::string::npos) << output;
    EXPECT_EQ(output.find("/src/" + file), std::string::npos) << output;
    EXPECT_EQ(output.find("/work/" + file), std::string::npos) << output;
    EXPECT_EQ(output.find("/build/"), std::string::npos) << output;
}

std::size_t occurrences(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

bool onPath(const std::string& tool) { return shell("command -v " + tool + " >/dev/null").exitCode == 0; }

}  // namespace

TEST(StudentPaths, GraderFoldersBecomeTheSubmissionsRelativePaths) {
    const std::string text = "/tmp/g/build/hw-1/src/hw.cpp:3:13: error\n  File \"/tmp/g/run-1-2/work/sub/main.py\", line 4\n"
                             "cwd /tmp/g/run-1-2/work; other /tmp/g/run-1-20/work/x.py";
    EXPECT_EQ(withStudentPaths(text, {"/tmp/g/build/hw-1/src", "/tmp/g/run-1-2/work", "/tmp/g/run-1-2"}),
              "hw.cpp:3:13: error\n  File \"sub/main.py\", line 4\ncwd .; other /tmp/g/run-1-20/work/x.py");
}

// Before: the error printed under each of the 10 cases, naming /tmp/plyjudge-check-…/build/hw.cpp-…/src/hw.cpp:3.
TEST(CheckCommand, ACppCompileErrorIsPrintedOnceInTheStudentsOwnNames) {
    if (!onPath("g++")) GTEST_SKIP() << "no g++ here";
    TempDir dir;
    openToRuns(dir.path());
    writeFile(dir / "hw.cpp", "#include <cstdio>\nint main() {\n    int x = undefined_name;\n    return x;\n}\n");
    const auto r = shell(plyjudgeBinary() + " check reversi " + quoted((dir / "hw.cpp").string()) + " --generated 0");
    EXPECT_EQ(r.exitCode, 1) << r.output;
    EXPECT_GE(occurrences(r.output, "compile error"), 2u) << r.output;  // every case still has its line
    EXPECT_GE(occurrences(r.output, "hw.cpp:3"), 1u) << r.output;
    EXPECT_LE(occurrences(r.output, "hw.cpp:3"), 2u) << r.output;
    EXPECT_LE(occurrences(r.output, "undefined_name"), 4u) << r.output;  // g++ quotes the line once per error
    expectNoGraderPath(r.output, "hw.cpp");
}

TEST(CheckCommand, AJavaCompileErrorIsPrintedOnceInTheStudentsOwnNames) {
    if (!onPath("javac") || !onPath("java")) GTEST_SKIP() << "no javac and java here";
    TempDir dir;
    openToRuns(dir.path());
    std::string program = "public class homework {\n";
    for (int line = 2; line <= 19; ++line) program += "    // line " + std::to_string(line) + "\n";
    program += "    public static void main(String[] a) {\n        int x = undefinedName;\n    }\n}\n";  // line 21
    writeFile(dir / "homework.java", program);
    const auto r = shell(plyjudgeBinary() + " check starcircle " + quoted((dir / "homework.java").string()) + " --generated 0");
    EXPECT_EQ(r.exitCode, 1) << r.output;
    EXPECT_GE(occurrences(r.output, "homework.java:21"), 1u) << r.output;
    EXPECT_LE(occurrences(r.output, "homework.java:21"), 2u) << r.output;
    expectNoGraderPath(r.output, "homework.java");
}

// A Python traceback names the run's copy of the program; the student reads their own file's name, once.
TEST(CheckCommand, ATracebackNamesTheStudentsFile) {
    TempDir dir;
    openToRuns(dir.path());
    writeFile(dir / "crash.py", "def search():\n    raise ValueError('bad board')\nsearch()\n");
    const auto r = shell(plyjudgeBinary() + " check squirrel " + quoted((dir / "crash.py").string()) +
                         " --generated 0 --contrast-cases 0 --interpreter python3=" + quoted(pythonPath()));
    EXPECT_EQ(r.exitCode, 1) << r.output;
    EXPECT_EQ(occurrences(r.output, "File \"crash.py\", line 2, in search"), 1u) << r.output;
    expectNoGraderPath(r.output, "crash.py");
}

// The student sees no note of the grader's (a suite of another dialect left out, the canary, no cgroups for a grader
// that is not root); --verbose shows them. As root, run as an unprivileged user, as a student would.
TEST(CheckCommand, AStudentSeesNoGraderNotesUnlessVerbose) {
    std::string why;
    const auto asUser = unprivilegedPrefix(why);
    if (!asUser) GTEST_SKIP() << why;
    const std::string command = *asUser + plyjudgeBinary() + " check reversi --generated 0 --command " +
                                quoted(plyjudgeBinary() + " solve reversi");
    const auto plain = shell(command);
    EXPECT_EQ(plain.exitCode, 0) << plain.output;
    EXPECT_EQ(plain.output.find("note:"), std::string::npos) << plain.output;
    EXPECT_EQ(plain.output.find("canary:"), std::string::npos) << plain.output;
    const auto verbose = shell(command + " --verbose");
    EXPECT_EQ(verbose.exitCode, 0) << verbose.output;
    EXPECT_NE(verbose.output.find("note: skipping pdf_example"), std::string::npos) << verbose.output;
    EXPECT_NE(verbose.output.find("canary:"), std::string::npos) << verbose.output;
}

// A program that writes the right files and exits 1 saying why on stderr (exit_status: outputs): one warning for all
// the cases, with its message. Before: "warning: exited with status 1 (...)" under each case, and no stderr.
TEST(CheckCommand, AnExitStatusWarningShowsTheErrorOutputOnce) {
    TempDir dir;
    openToRuns(dir.path());
    writeFile(dir / "wrap.py",
              "import subprocess, sys\n"
              "subprocess.call([sys.argv[1], 'solve', 'reversi'] + sys.argv[2:])\n"
              "sys.stderr.write('Error: the \\x1b[31mclock\\x1b[0m file is missing\\n')\n"
              "sys.exit(1)\n");
    const auto r = shell(plyjudgeBinary() + " check reversi --generated 0 --command " +
                         quoted(pythonPath() + " " + (dir / "wrap.py").string() + " " + plyjudgeBinary()));
    EXPECT_EQ(r.exitCode, 0) << r.output;
    EXPECT_EQ(occurrences(r.output, "exited with status 1"), 1u) << r.output;
    const std::smatch m = [&] {
        std::smatch found;
        std::regex_search(r.output, found, std::regex("exited with status 1 [^\\n]*on (\\d+) cases; first on published/case1"));
        return found;
    }();
    ASSERT_FALSE(m.empty()) << r.output;
    EXPECT_EQ(m[1], "10") << r.output;
    EXPECT_NE(r.output.find("Error: the \\x1b[31mclock\\x1b[0m file is missing"), std::string::npos) << r.output;  // escaped
    EXPECT_EQ(r.output.find('\x1b'), std::string::npos) << r.output;
}
