// The two front doors end to end: plyjudge check and plyjudge grade (JSON, exit statuses, resume after
// kill -9, --rerun).
#include <gtest/gtest.h>

#include <fstream>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <thread>

#include "grader/test/grader_test_support.hpp"
#include "storage/sqlite.hpp"
#include "testsupport/golden.hpp"
#include "testsupport/temp_dir.hpp"

using namespace plyjudge::grader::testing;
using namespace plyjudge::testing;

namespace {

std::string check(const std::string& args) { return plyjudgeBinary() + " check " + args; }

// A class: each student's main.py waits a little, then runs corrupt.py with a mode (none = right answer).
void makeStudent(const TempDir& root, const std::string& student, const std::string& mode, double sleepSeconds = 0) {
    // The student's folder carries its own copies of plyjudge and corrupt.py: a run sees its own submission,
    // but not necessarily the build tree (under bubblewrap, a tree under /tmp is behind the run's private /tmp).
    const auto dir = root / "subs" / student;
    writeFileMakingDirs(dir / "tools" / "corrupt.py", plyjudge::testing::readFile(programsDir() / "corrupt.py"));
    std::filesystem::copy_file(plyjudgeBinary(), dir / "tools" / "plyjudge");
    writeFileMakingDirs(dir / "main.py",
              "import os, sys, time\n"
              "tools = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'tools')\n"
              "plyjudge = os.path.join(tools, 'plyjudge')\n"
              "time.sleep(" + std::to_string(sleepSeconds) + ")\n"
              "if '" + mode + "' == 'none':\n"
              "    os.execv(plyjudge, ['plyjudge', 'solve', 'reversi'] + sys.argv[1:])\n"
              "os.execv(sys.executable, [sys.executable, os.path.join(tools, 'corrupt.py'), '" + mode +
                  "', plyjudge, 'reversi'] + sys.argv[1:])\n");
}

// A two-case suite (copies of the official case1 and case3) and an assignment using it.
void makeAssignment(const TempDir& root) {
    makeHiddenReversiSuite(root.path());
    // The interpreter named directly: a pyenv shim for python3 costs a second per run on a loaded machine.
    writeFile(root / "a.yaml", "variant: reversi\nrun: {command: '" + pythonPath() + " {program}'}\n"
                               "limits: {wall_seconds: 15, cpu_seconds: 5, memory_mb: 512}\nsuites: [suite]\n");
}

long long rowCount(const std::filesystem::path& db, const std::string& where = "1") {
    plyjudge::storage::Database d(db);
    auto q = d.prepare("SELECT count(*) FROM results WHERE " + where);
    q.step();
    return q.columnInt(0);
}

}  // namespace

TEST(CheckCommand, ReferencePassesWithExitZero) {
    const auto r = shell(check("reversi --generated 0 --command " + quoted(plyjudgeBinary() + " solve reversi")));
    EXPECT_EQ(r.exitCode, 0) << r.output;
    EXPECT_NE(r.output.find("10 of 10 cases passed, 10 / 10 points"), std::string::npos) << r.output;  // published + selfcheck
}

TEST(CheckCommand, BrokenProgramExitsOneWithDiagnosisAndJson) {
    TempDir dir;
    const auto r = shell(check("reversi --generated 0 --json " + (dir / "r.json").string() + " --command " +
                               quoted(corruptCommand("leaf-value", "reversi"))));
    EXPECT_EQ(r.exitCode, 1) << r.output;
    EXPECT_NE(r.output.find("[leaf-value]"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("expected: "), std::string::npos) << r.output;
    const std::string json = readFile(dir / "r.json");
    EXPECT_NE(json.find("\"verdict\": \"wrong-answer\""), std::string::npos);
    EXPECT_NE(json.find("\"diagnosis\": \"leaf-value\""), std::string::npos);
}

// --no-explain: the failures keep their first difference and diagnosis, and nothing is tried to explain them.
TEST(CheckCommand, NoExplainLeavesTheFailuresUnexplained) {
    const std::string faulty = " --command " + quoted(plyjudgeBinary() + " solve reversi --fault strict-pruning");
    const auto explained = shell(check("reversi --generated 0" + faulty));
    EXPECT_EQ(explained.exitCode, 1) << explained.output;
    EXPECT_NE(explained.output.find("explained: strict-pruning"), std::string::npos) << explained.output;
    const auto plain = shell(check("reversi --generated 0 --no-explain" + faulty));
    EXPECT_EQ(plain.exitCode, 1) << plain.output;
    EXPECT_NE(plain.output.find("[bounds]"), std::string::npos) << plain.output;
    EXPECT_EQ(plain.output.find("strict-pruning"), std::string::npos) << plain.output;
    EXPECT_NE(plain.output.find("main explanation: not explained"), std::string::npos) << plain.output;
}

// A program that crashes with the same error on every case: check ends with that error, worded as the
// program's own words (its sentence is no reproduction), instead of "not explained".
TEST(CheckCommand, CrashesWithOneErrorAreExplainedByThatError) {
    TempDir dir;
    openToRuns(dir.path());
    writeFile(dir / "crash.py", "def search():\n    return minimax_v2()\nsearch()\n");
    const auto r = shell(check("squirrel --generated 0 --contrast-cases 0 --command " + quoted(pythonPath() + " " + (dir / "crash.py").string())));
    EXPECT_EQ(r.exitCode, 1) << r.output;
    const auto main = r.output.find("main explanation: its own error output: ");
    ASSERT_NE(main, std::string::npos) << r.output;
    const std::string line = r.output.substr(main, r.output.find('\n', main) - main);
    const int failed = std::stoi(line.substr(line.find("output: ") + 8));
    EXPECT_NE(line.find(std::to_string(failed) + " of your " + std::to_string(failed) + " failed runs end with the same error: "
                        "NameError: name 'minimax_v2' is not defined"), std::string::npos) << line;
}

// A Java program run by a `java` command (`java {program}`: the JVM compiles the one source file itself), with a tiny
// program of our own that writes a wrong answer, under the default limits on one bundled case: the JVM starts and
// the case is a wrong answer. Before, the address-space limit of 2 GiB refused its compressed class space and every
// case `exited with status 1` with nothing on stderr (the JVM said why on stdout).
TEST(CheckCommand, AJavaCommandRunsUnderTheDefaultLimits) {
    if (!std::filesystem::exists("/usr/bin/java")) GTEST_SKIP() << "no /usr/bin/java here";
    TempDir dir;
    openToRuns(dir.path());
    writeFile(dir / "homework.java",
              "public class homework { public static void main(String[] a) throws Exception {\n"
              "  java.nio.file.Files.writeString(java.nio.file.Path.of(\"output.txt\"), \"pass\\n\"); } }\n");
    const auto one = dir / "cases" / "starcircle" / "published";
    std::filesystem::create_directories(one / "example1");
    for (const char* f : {"input.txt", "output.txt"})
        std::filesystem::copy_file(casesDir() / "starcircle" / "published" / "example1" / f, one / "example1" / f);
    writeFile(one / "suite.yaml", "variant: starcircle\nvisibility: published\ncases: [example1]\n");
    // The limits of time only are raised: the JVM compiling the source on a loaded machine takes seconds.
    const auto r = shell("PLYJUDGE_CASES=" + quoted((dir / "cases").string()) + " " +
                         check("starcircle " + quoted((dir / "homework.java").string()) + " --generated 0 --no-explain "
                               "--contrast-cases 0 --wall-seconds 60 --cpu-seconds 60 --command 'java {program}'"));
    EXPECT_EQ(r.exitCode, 1) << r.output;
    EXPECT_NE(r.output.find("wrong answer"), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find("exited with status"), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find("ran out of"), std::string::npos) << r.output;
}

// A program that dies saying why on stdout only (as the JVM does when it cannot reserve memory): the case's message
// quotes that line. Before, the message was "exited with status 1" and stderr "(empty)".
TEST(CheckCommand, AReasonGivenOnStdoutOnlyIsShown) {
    TempDir dir;
    openToRuns(dir.path());
    writeFile(dir / "quits.py", "import sys\nprint('Error: the board file is not in the expected format')\nsys.exit(1)\n");
    const auto r = shell(check("squirrel --generated 0 --no-explain --contrast-cases 0 --command " +
                               quoted(pythonPath() + " " + (dir / "quits.py").string())));
    EXPECT_EQ(r.exitCode, 1) << r.output;
    EXPECT_NE(r.output.find("exited with status 1; nothing on stderr, its standard output ends: Error: the board file is not "
                            "in the expected format"), std::string::npos) << r.output;
}

// The README's own form: a compiled class and a command alone, typed in the class's folder. The command runs in a
// copy of that folder (the folder it is typed in is the program's): `-cp .` finds the class. Before, the run's folder
// was empty and every case ended `ClassNotFoundException: homework`.
TEST(CheckCommand, ACommandAloneRunsInACopyOfTheFolderItIsTypedIn) {
    if (!std::filesystem::exists("/usr/bin/javac")) GTEST_SKIP() << "no /usr/bin/javac here";
    TempDir dir;
    openToRuns(dir.path());
    writeFile(dir / "homework.java",
              "public class homework { public static void main(String[] a) throws Exception {\n"
              "  java.nio.file.Files.writeString(java.nio.file.Path.of(\"output.txt\"), \"pass\\n\"); } }\n");
    ASSERT_EQ(shell("cd " + quoted(dir.path().string()) + " && javac homework.java").exitCode, 0);
    const auto r = shell("cd " + quoted(dir.path().string()) + " && " +
                         check("starcircle --generated 0 --no-explain --contrast-cases 0 --wall-seconds 60 --cpu-seconds 60 "
                               "--command 'java -cp . homework'"));
    EXPECT_EQ(r.exitCode, 1) << r.output;
    EXPECT_NE(r.output.find("wrong answer"), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find("ClassNotFoundException"), std::string::npos) << r.output;
}

// A command alone typed in a folder that cannot be staged (over the staging limits even at its top level, like `/`
// for an unprivileged user, whose sub-folders cannot be read) runs in an empty folder instead of failing every case
// with "submission refused".
TEST(CheckCommand, ACommandAloneInAFolderThatCannotBeStagedRunsInAnEmptyOne) {
    TempDir dir;
    openToRuns(dir.path());
    for (int i = 0; i <= 20000; ++i) std::ofstream(dir / ("f" + std::to_string(i)));
    const auto r = shell("cd " + quoted(dir.path().string()) + " && " +
                         check("squirrel --generated 0 --no-explain --contrast-cases 0 --command " + quoted(plyjudgeBinary() + " solve squirrel")));
    EXPECT_EQ(r.exitCode, 0) << r.output;
    EXPECT_EQ(r.output.find("submission refused"), std::string::npos) << r.output;
}

// Without the bundled cases (a binary copied away from its tree, or PLYJUDGE_CASES naming an empty folder) the
// generated cases still run, and a note says the published ones are missing; with neither, usage error 2.
TEST(CheckCommand, SaysWhenNoPublishedCaseIsFound) {
    TempDir empty;
    const std::string env = "PLYJUDGE_CASES=" + empty.path().string() + " ";
    const std::string reference = " --command " + quoted(plyjudgeBinary() + " solve reversi");
    const auto r = shell(env + check("reversi --generated 2 --seed 7" + reference));
    EXPECT_EQ(r.exitCode, 0) << r.output;
    EXPECT_NE(r.output.find("note: no published case for reversi in " + empty.path().string() + ": generated cases only"),
              std::string::npos) << r.output;
    EXPECT_NE(r.output.find("2 of 2 cases passed"), std::string::npos) << r.output;
    EXPECT_EQ(shell(env + check("reversi --generated 0" + reference)).exitCode, 2);
    EXPECT_EQ(shell(check("reversi --generated 0" + reference)).output.find("no published case"), std::string::npos);
}

TEST(CheckCommand, SourceFileByExtensionAndBadUsage) {
    const auto r = shell(check("reversi --generated 0 " + (programsDir() / "segfault.cpp").string()));
    EXPECT_EQ(r.exitCode, 1) << r.output;
    EXPECT_NE(r.output.find("runtime error"), std::string::npos) << r.output;
    EXPECT_EQ(shell(check("nosuchvariant prog.py")).exitCode, 2);
    EXPECT_EQ(shell(check("reversi /nonexistent/prog.py")).exitCode, 2);
    EXPECT_EQ(shell(check("reversi")).exitCode, 2);
}

TEST(GradeCommand, GradesAClassStoresAndReruns) {
    TempDir root;
    makeAssignment(root);
    makeStudent(root, "alice", "none");
    makeStudent(root, "bob", "drop-cutoff");
    makeStudent(root, "carol", "crash");
    writeFileMakingDirs(root / "subs" / "dave" / "notes.txt", "no program here");
    const std::string cmd = plyjudgeBinary() + " grade " + (root / "a.yaml").string() + " " + (root / "subs").string() +
                            " -j 2 --db " + (root / "r.db").string() + " --json " + (root / "r.json").string();
    const auto r = shell(cmd);
    EXPECT_EQ(r.exitCode, 0) << r.output;
    EXPECT_EQ(rowCount(root / "r.db"), 8);
    EXPECT_EQ(rowCount(root / "r.db", "student = 'alice' AND verdict = 'ok'"), 2);
    EXPECT_EQ(rowCount(root / "r.db", "student = 'carol' AND verdict = 'runtime-error'"), 2);
    EXPECT_EQ(rowCount(root / "r.db", "student = 'dave' AND verdict = 'no-program'"), 2);
    EXPECT_GE(rowCount(root / "r.db", "student = 'bob' AND diagnosis_kind = 'cutoff'"), 1);
    EXPECT_NE(r.output.find("alice"), std::string::npos);
    const std::string json = readFile(root / "r.json");
    EXPECT_NE(json.find("\"student\": \"alice\",\n      \"points\": 2,"), std::string::npos) << json.substr(0, 400);

    EXPECT_EQ(shell(pythonPath() + " -c 'import json, sys; json.load(open(sys.argv[1]))' " + (root / "r.json").string()).exitCode, 0)
        << "not valid JSON";

    // Run again: nothing to do. --rerun: only that student, still one row per case.
    const auto again = shell(cmd);
    EXPECT_NE(again.output.find("0 run(s) to do, 8 already in"), std::string::npos) << again.output;
    const auto rerun = shell(cmd + " --rerun bob");
    EXPECT_EQ(rerun.exitCode, 0) << rerun.output;
    EXPECT_NE(rerun.output.find("grading 1 student(s) x 2 case(s): 2 run(s) to do"), std::string::npos) << rerun.output;
    EXPECT_EQ(rowCount(root / "r.db"), 8);
    EXPECT_EQ(shell(cmd + " --rerun nobody").exitCode, 2);
}

TEST(GradeCommand, ResumesAfterKillNineWithNothingLostOrCountedTwice) {
    TempDir root;
    makeAssignment(root);
    for (const char* s : {"s1", "s2", "s3", "s4"}) makeStudent(root, s, "none", 1.0);
    const auto db = root / "r.db";
    const std::string cmd = plyjudgeBinary() + " grade " + (root / "a.yaml").string() + " " + (root / "subs").string() +
                            " -j 2 --db " + db.string();
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
        ::execl("/bin/sh", "sh", "-c", ("exec " + cmd + " >/dev/null 2>&1").c_str(), static_cast<char*>(nullptr));
        ::_exit(127);
    }
    // Wait for the first saved results, then kill -9 in the middle of the run.
    long long before = 0;
    for (int i = 0; i < 600 && before < 1; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        if (std::filesystem::exists(db)) {
            try {
                before = rowCount(db);
            } catch (const std::exception&) {
                before = 0;  // the schema may not exist yet
            }
        }
    }
    ::kill(pid, SIGKILL);
    int status = 0;
    ::waitpid(pid, &status, 0);
    ASSERT_TRUE(WIFSIGNALED(status)) << "the grader finished before it could be killed";
    before = rowCount(db);
    ASSERT_GT(before, 0);
    ASSERT_LT(before, 8);

    const auto resumed = shell(cmd);
    EXPECT_EQ(resumed.exitCode, 0) << resumed.output;
    EXPECT_NE(resumed.output.find(std::to_string(8 - before) + " run(s) to do, " + std::to_string(before) + " already in"),
              std::string::npos)
        << resumed.output;
    EXPECT_EQ(rowCount(db), 8);
    EXPECT_EQ(rowCount(db, "verdict = 'ok'"), 8);
    EXPECT_NE(resumed.output.find("4 student(s), 8 / 8 points in all"), std::string::npos) << resumed.output;
}

// A student folder named to drive the TA's terminal (retitle it, rewrite the line, print a fake result) is printed
// escaped on one line; the database grade makes by default and the reports it writes are private, and with
// --for-students the reports of the hidden suite say nothing of what the program printed.
TEST(GradeCommand, HostileFolderNamesAreEscapedAndTheResultsArePrivate) {
    TempDir root;
    makeAssignment(root);
    makeStudent(root, "eve\x1b]0;pwned\x07\r\x1b[2Kalice: 2 of 2 passed\nmallory", "crash");
    const auto r = shell("cd " + quoted(root.path().string()) + " && umask 022 && " + plyjudgeBinary() +
                         " grade a.yaml subs --report json --for-students");
    EXPECT_EQ(r.exitCode, 0) << r.output;
    EXPECT_EQ(r.output.find('\x1b'), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find('\r'), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find("\nmallory"), std::string::npos) << "the name made a line of its own:\n" << r.output;
    EXPECT_NE(r.output.find("eve\\x1b]0;pwned\\x07\\r\\x1b[2Kalice: 2 of 2 passed\\nmallory"), std::string::npos) << r.output;
    auto mode = [&](const std::filesystem::path& p) { return fileMode(root / p); };
    EXPECT_EQ(mode("a-subs.results.db"), 0600u);
    EXPECT_EQ(mode("a-subs.results.db.reports"), 0700u);
    EXPECT_EQ(mode("a-subs.results.db.reports/report.json"), 0600u);
    const std::string report = readFile(root / "a-subs.results.db.reports" / "report.json");
    EXPECT_NE(report.find("\"verdict\": \"runtime-error\""), std::string::npos) << report;
    EXPECT_EQ(report.find("deliberate crash"), std::string::npos) << "the hidden case's stderr is in the student's report";
}

TEST(GradeCommand, BadConfigurationExitsTwo) {
    TempDir root;
    writeFile(root / "a.yaml", "variant: reversi\nsuites: []\nbogus: 1\n");
    std::filesystem::create_directories(root / "subs");
    const auto r = shell(plyjudgeBinary() + " grade " + (root / "a.yaml").string() + " " + (root / "subs").string() +
                         " --db " + (root / "r.db").string());
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.output.find("a.yaml:3: unknown key 'bogus'"), std::string::npos) << r.output;
}

// grade prices the programs' CPU: its graded runs (what the results hold) and the reruns the explainer made of
// them, which no result holds. A program that burns CPU, then fails every case, is rerun by the experiments.
TEST(GradeCommand, PricesTheProgramsCpuOfGradedRunsAndOfReruns) {
    TempDir root;
    makeAssignment(root);
    writeFileMakingDirs(root / "subs" / "burner" / "main.py",
                        "import sys, time\n"
                        "end = time.process_time() + 0.3\n"
                        "while time.process_time() < end: pass\n"
                        "sys.exit('no answer')\n");
    const auto db = root / "r.db";
    const auto r = shell(plyjudgeBinary() + " grade " + (root / "a.yaml").string() + " " + (root / "subs").string() +
                         " -q --db " + db.string());
    EXPECT_EQ(r.exitCode, 0) << r.output;
    double graded = -1, reruns = -1;
    int runs = 0;
    const auto at = r.output.find("the programs' CPU in this grade: ");
    ASSERT_NE(at, std::string::npos) << r.output;
    ASSERT_EQ(std::sscanf(r.output.c_str() + at, "the programs' CPU in this grade: %lf s in %d graded run(s), %lf s in reruns",
                          &graded, &runs, &reruns), 3) << r.output;
    EXPECT_EQ(runs, 2);
    plyjudge::storage::Database d(db);
    auto q = d.prepare("SELECT sum(cpu_seconds) FROM results");
    ASSERT_TRUE(q.step());
    EXPECT_NEAR(graded, q.columnDouble(0), 0.002) << "the graded runs are what the results hold";
    EXPECT_GE(graded, 0.55) << r.output;
    EXPECT_GE(reruns, 0.25) << "at least one experiment reran the program\n" << r.output;
}
