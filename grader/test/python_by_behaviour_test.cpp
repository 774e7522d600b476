// Python 2 or 3, through the real binary (grader/run/python_version.hpp, python_trial.hpp): a Python 2 program
// that compiles under Python 3 (it uses xrange) is run with python2, the reason printed by check and grade and kept in
// the JSON and the results database; "compiles under X" only when a compile step ran and said so; a trial case both
// Pythons pass, or fail the same way, decides nothing, then the next case or the program's own constructs decide (a
// program both run alike, with no Python 2 construct, stays with Python 3); check and fuzz choose alike; a hidden
// trial case is not described in a report for students.
#include <gtest/gtest.h>

#include <regex>

#include "grader/grade/grading_run.hpp"
#include "grader/suite/case_suite.hpp"
#include "grader/test/grader_test_support.hpp"
#include "reference/variant.hpp"
#include "testsupport/golden.hpp"
#include "testsupport/python2.hpp"
#include "testsupport/temp_dir.hpp"

using namespace plyjudge::grader;
using namespace plyjudge::grader::testing;
using namespace plyjudge::testing;

namespace {

// A reversi program that runs the reference solver it carries in tools/ after `prelude` (Python 2 and 3 both
// parse every line of it).
void makeSolverProgram(const std::filesystem::path& dir, const std::string& prelude) {
    std::filesystem::create_directories(dir / "tools");
    std::filesystem::copy_file(plyjudgeBinary(), dir / "tools" / "plyjudge", std::filesystem::copy_options::overwrite_existing);
    writeFileMakingDirs(dir / "hw.py", "import os, sys\n"
                                       "here = os.path.dirname(os.path.abspath(__file__))\n"
                                       "solver = os.path.join(here, 'tools', 'plyjudge')\n"
                                       "args = sys.argv[1:]\n"
                                       "input_name = args[args.index('-i') + 1]\n" +
                                       prelude + "\nos.execv(solver, ['plyjudge', 'solve', 'reversi'] + args)\n");
}

// An interpreter that cannot start its work, as bubblewrap reports an interpreter missing inside the sandbox.
std::string makeBrokenInterpreter(const TempDir& dir, const std::string& name) {
    openToRuns(dir.path());
    std::filesystem::create_directories(dir / name / "bin");
    openToRuns(dir / name);
    openToRuns(dir / name / "bin");
    const auto path = dir / name / "bin" / name;
    writeFile(path, "#!/bin/sh\necho 'bwrap: execvp " + name + ": No such file or directory' >&2\nexit 1\n");
    std::filesystem::permissions(path, std::filesystem::perms(0755));
    return path.string();
}

std::string checkCommand(const std::filesystem::path& program, const std::string& options) {
    return plyjudgeBinary() + " check reversi " + quoted(program.string()) + " --generated 0 " + options;
}

// The "hw.py: run with ..." line of a command's output.
std::string runWithLine(const std::string& output) {
    std::smatch m;
    return std::regex_search(output, m, std::regex("hw\\.py: run with [^\n]*")) ? m.str() : "";
}

const char* kPython2Only = "for _ in xrange(1): pass";  // NameError under Python 3

}  // namespace

TEST(PythonByBehaviour, CheckRunsAPython2ProgramThatCompilesUnderPython3WithPython2) {
    std::string why;
    const auto python2 = python2ForRuns(&why);
    if (!python2) GTEST_SKIP() << why;
    TempDir dir;
    makeSolverProgram(dir.path(), kPython2Only);
    const std::string json = (dir / "r.json").string();
    const auto r = shell(plyjudgeBinary() + " check reversi " + quoted((dir / "hw.py").string()) +
                         " --generated 0 --json " + quoted(json) + " --interpreter python2=" + python2->string());
    EXPECT_EQ(r.exitCode, 0) << r.output;
    // Python 3.10 and later add "Did you mean: 'range'?" to the error line.
    const std::string reason = "published/case1: python2 passes it, python3 fails: NameError: name 'xrange' is not defined[^;(]* "
                               "\\(hw\\.py line 6\\)";
    EXPECT_TRUE(std::regex_search(r.output, std::regex("hw\\.py: run with python2 \\([^;]+; " + reason + "\\)\n"))) << r.output;
    const std::string text = readFile(json);
    EXPECT_TRUE(std::regex_search(text, std::regex("\"interpreter_reason\": \"" + reason + "\""))) << text;
}

TEST(PythonByBehaviour, GradeStoresAndShowsTheReason) {
    std::string why;
    const auto python2 = python2ForRuns(&why);
    if (!python2) GTEST_SKIP() << why;
    TempDir root;
    openToRuns(root.path());
    makeSolverProgram(root / "subs" / "alice", kPython2Only);
    writeFile(root / "a.yaml", "variant: reversi\nrun: {interpreters: {python2: " + python2->string() + "}}\nsuites: [" +
                                   (casesDir() / "reversi" / "published").string() + "]\n");
    const std::string db = (root / "r.db").string();
    const auto r = shell(plyjudgeBinary() + " grade " + quoted((root / "a.yaml").string()) + " " + quoted((root / "subs").string()) +
                         " -j 2 --db " + quoted(db));
    EXPECT_EQ(r.exitCode, 0) << r.output;
    EXPECT_NE(r.output.find("alice: run with python2"), std::string::npos) << r.output;
    EXPECT_TRUE(std::regex_search(r.output, std::regex("published/case1: python2 passes it, python3 fails: NameError: name 'xrange' "
                                                       "is not defined"))) << r.output;
    EXPECT_TRUE(std::regex_search(r.output, std::regex("alice +5 +5 +5 OK"))) << r.output;
    // Kept in the database (its interpreter_reason column): the report made from it alone says it.
    const auto report = shell(plyjudgeBinary() + " report " + quoted(db) + " --format json -o " + quoted((root / "rep.json").string()));
    ASSERT_EQ(report.exitCode, 0) << report.output;
    EXPECT_NE(readFile(root / "rep.json").find("\"interpreter_reason\": \"published/case1: python2 passes it, python3 fails: NameError"),
              std::string::npos) << readFile(root / "rep.json");
}

TEST(PythonByBehaviour, AProgramBothPythonsRunAlikeStaysWithPython3) {
    std::string why;
    const auto python2 = python2ForRuns(&why);
    if (!python2) GTEST_SKIP() << why;
    TempDir dir;
    makeSolverProgram(dir.path(), "x = 1");
    const auto r = shell(plyjudgeBinary() + " check reversi " + quoted((dir / "hw.py").string()) +
                         " --generated 0 --interpreter python2=" + python2->string());
    EXPECT_EQ(r.exitCode, 0) << r.output;
    EXPECT_NE(r.output.find("hw.py: run with python3"), std::string::npos) << r.output;
    // Passing under both decides nothing: the next cases are tried, then the source, which has no Python 2 construct.
    EXPECT_NE(r.output.find("no case decided (published/case1, published/case2, published/case3: both pass it); nothing in the "
                            "source is Python 2 only: python3)"),
              std::string::npos) << r.output;
}

TEST(PythonChoice, WhenEveryCaseFailsTheSameWayTheProgramsOwnConstructsDecide) {
    std::string why;
    const auto python2 = python2ForRuns(&why);
    if (!python2) GTEST_SKIP() << why;
    TempDir dir;
    // Both Pythons stop at the missing file (IOError, FileNotFoundError) before reaching xrange.
    writeFile(dir / "hw.py", "import sys\n# a comment naming raw_input( is not code\ndata = open('./input9.txt').read()\n"
                             "for i in xrange(3):\n    pass\n");
    const auto r = shell(checkCommand(dir / "hw.py", "--interpreter python2=" + python2->string()));
    EXPECT_NE(runWithLine(r.output).find("hw.py: run with python2 ("), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("; no case decided (published/case1, published/case2, published/case3: both fail the same way: "
                            "FileNotFoundError ./input9.txt); the source uses xrange: python2)"),
              std::string::npos) << r.output;
}

TEST(PythonChoice, APython2ProgramBothRunAlikeOnTheFirstCaseIsDecidedByTheNext) {
    std::string why;
    const auto python2 = python2ForRuns(&why);
    if (!python2) GTEST_SKIP() << why;
    TempDir dir;
    std::filesystem::copy_file(casesDir() / "reversi" / "published" / "case1" / "input.txt", dir / "first.txt");
    makeSolverProgram(dir.path(), "if open(input_name).read() != open(os.path.join(here, 'first.txt')).read():\n"
                                  "    for _ in xrange(1): pass\n");
    const auto r = shell(checkCommand(dir / "hw.py", "--interpreter python2=" + python2->string()));
    EXPECT_EQ(r.exitCode, 0) << r.output;
    // Python 3.10 and later add "Did you mean: 'range'?" to the error line.
    EXPECT_TRUE(std::regex_search(runWithLine(r.output),
                                  std::regex("^hw\\.py: run with python2 \\([^;]+; published/case1: both pass it; published/case2: "
                                             "python2 passes it, python3 fails: NameError: name 'xrange' is not defined[^(]* "
                                             "\\(hw\\.py line 7\\)\\)$")))
        << r.output;
}

// A Python 2 program whose outputs are right under Python 3 too, which then crashes there (the bundled reversi
// assignment lets the outputs decide): the reason says both, not "python3 passes it".
TEST(PythonChoice, APassThatEndsInACrashIsSaidAsSuch) {
    std::string why;
    const auto python2 = python2ForRuns(&why);
    if (!python2) GTEST_SKIP() << why;
    TempDir dir;
    makeSolverProgram(dir.path(), "import subprocess\n"
                                  "subprocess.call([solver, 'solve', 'reversi'] + args)\n"
                                  "if sys.version_info[0] == 3: {}[0]\n"
                                  "sys.exit(0)");
    const auto r = shell(checkCommand(dir / "hw.py", "--interpreter python2=" + python2->string()));
    EXPECT_EQ(r.exitCode, 0) << r.output;
    EXPECT_NE(runWithLine(r.output).find("; published/case1: python2 passes it, python3 passes it, then fails: KeyError: 0 (hw.py line 8))"),
              std::string::npos) << r.output;
}

// Through prepareProgram: check, grade and fuzz stop earlier on such an interpreter, at their canary
// (grader/grade/canary.hpp), but the syntax check must not take its failure for the file's.
TEST(PythonChoice, AnInterpreterThatCannotStartNeverMakesADoesNotCompile) {
    std::string why;
    const auto python2 = python2ForRuns(&why);
    if (!python2) GTEST_SKIP() << why;
    TempDir tools, dir;
    const std::string broken2 = makeBrokenInterpreter(tools, "python2");
    const std::string broken3 = makeBrokenInterpreter(tools, "python3");
    openToRuns(dir.path());
    writeFileMakingDirs(dir / "prog" / "py2.py", "print 'hi'\n");
    writeFileMakingDirs(dir / "prog" / "py3.py", "x = 1\n");
    std::filesystem::create_directories(dir / "work");
    openToRuns(dir / "work");
    int builds = 0;
    const auto prepare = [&](const std::string& file, const std::string& python2Path, const std::string& python3Path) {
        ProgramSource source;
        source.file = dir / "prog" / file;
        source.interpreters.paths = {{"python2", python2Path}, {"python3", python3Path}};
        return prepareProgram(source, dir / "work" / std::to_string(++builds), BuildSettings(quickLimits()));
    };
    const PrepareResult py2 = prepare("py2.py", broken2, pythonPath());
    EXPECT_FALSE(py2.program.has_value()) << py2.program->interpreter;  // a judge error, not a run with the wrong Python
    EXPECT_TRUE(py2.judgeFault.has_value());
    EXPECT_EQ(py2.message.find("compiles under neither"), std::string::npos) << py2.message;
    EXPECT_NE(py2.message.find("may be Python 2, but python2 (" + broken2 + ") failed to check the file's syntax: bwrap: execvp"),
              std::string::npos) << py2.message;

    const PrepareResult py3 = prepare("py3.py", broken2, pythonPath());
    ASSERT_TRUE(py3.program.has_value()) << py3.message;
    EXPECT_EQ(py3.program->python, "python3");
    EXPECT_EQ(py3.program->interpreterReason.find("not under Python 2"), std::string::npos) << py3.program->interpreterReason;
    EXPECT_TRUE(py3.program->interpreterReason.starts_with("compiles under Python 3; python2 (" + broken2 +
                                                            ") failed to check the file's syntax"))
        << py3.program->interpreterReason;

    const PrepareResult none = prepare("py3.py", python2->string(), broken3);
    EXPECT_FALSE(none.program.has_value()) << none.program->interpreter;
    EXPECT_TRUE(none.judgeFault.has_value());
    EXPECT_EQ(none.message.find("compile under Python 3"), std::string::npos) << none.message;
    EXPECT_NE(none.message.find("python3 (" + broken3 + ") failed to check the file's syntax"), std::string::npos) << none.message;
}

TEST(PythonChoice, WhenNeitherCompilesThePythonThatGetsFurtherRunsIt) {
    std::string why;
    const auto python2 = python2ForRuns(&why);
    if (!python2) GTEST_SKIP() << why;
    TempDir dir;
    writeFile(dir / "hw.py", "print 'hi'\nx = 1\ndef f(:\n    pass\n");  // Python 2 code with a mistake of its own on line 3
    const auto r = shell(checkCommand(dir / "hw.py", "--interpreter python2=" + python2->string()));
    EXPECT_TRUE(std::regex_search(runWithLine(r.output),
                                  std::regex("^hw\\.py: run with python2 \\([^;]+; compiles under neither Python 3 \\(SyntaxError: "
                                             "[^\n]*\\(line 1\\)\\) nor Python 2 \\(SyntaxError: invalid syntax \\(line 3\\)\\); "
                                             "python2 gets further\\)$")))
        << r.output;
}

TEST(PythonChoice, FuzzChoosesAsCheckDoesAndHonoursPython) {
    std::string why;
    const auto python2 = python2ForRuns(&why);
    if (!python2) GTEST_SKIP() << why;
    TempDir dir;
    makeSolverProgram(dir.path(), kPython2Only);
    const std::string interpreter = " --interpreter python2=" + python2->string();
    const auto check = shell(checkCommand(dir / "hw.py", interpreter));
    ASSERT_EQ(check.exitCode, 0) << check.output;
    ASSERT_NE(runWithLine(check.output).find("run with python2"), std::string::npos) << check.output;
    const std::string fuzz = plyjudgeBinary() + " fuzz reversi " + quoted((dir / "hw.py").string()) + " --cases 1 --corpus " +
                             quoted((dir / "corpus").string()) + interpreter;
    const auto fuzzed = shell(fuzz);
    EXPECT_EQ(fuzzed.exitCode, 0) << fuzzed.output;
    EXPECT_EQ(runWithLine(fuzzed.output), runWithLine(check.output)) << fuzzed.output;
    const auto pinned = shell(fuzz + " --python 3");
    EXPECT_NE(runWithLine(pinned.output).find("hw.py: run with python3 ("), std::string::npos) << pinned.output;
    EXPECT_NE(runWithLine(pinned.output).find("; as configured)"), std::string::npos) << pinned.output;
}

// The command fuzz prints to reproduce a failure runs the same Python: it keeps --python and --interpreter.
TEST(PythonChoice, FuzzsReproducingCommandKeepsTheInterpreters) {
    std::string why;
    const auto python2 = python2ForRuns(&why);
    if (!python2) GTEST_SKIP() << why;
    TempDir dir;
    writeFile(dir / "hw.py", "import sys\nsys.exit('no answer')\n");
    const auto r = shell(plyjudgeBinary() + " fuzz reversi " + quoted((dir / "hw.py").string()) + " --cases 1 --corpus " +
                         quoted((dir / "corpus").string()) + " --python 2 --interpreter python2=" + python2->string());
    EXPECT_EQ(r.exitCode, 1) << r.output;
    EXPECT_NE(r.output.find("reproduce: plyjudge fuzz reversi " + (dir / "hw.py").string() + " --corpus " + (dir / "corpus").string() +
                            " --python 2 --interpreter python2=" + python2->string() + " --seed 1 --cases 1"),
              std::string::npos) << r.output;
}

// Contrast's new cases run in a job of their own (student_contrast.cpp), given the graded job's trial cases: the
// program runs with the Python chosen for its grading, not one chosen again on the new cases.
TEST(PythonChoice, AJobGivenTrialCasesChoosesOnThemNotOnItsOwnCases) {
    std::string why;
    const auto python2 = python2ForRuns(&why);
    if (!python2) GTEST_SKIP() << why;
    TempDir dir;
    openToRuns(dir.path());
    const plyjudge::Variant& reversi = *plyjudge::findVariant("reversi");
    const CaseSuite published = CaseSuite::load(casesDir() / "reversi" / "published");
    std::vector<CaseSpec> specs;
    for (const SuiteCase& c : published.cases) specs.push_back({"published", c.name, c.input(), c.dir, c.expectedFiles(reversi), 1});
    // xrange on the first case's input only, out of the source scan's sight (in a string): case2 decides nothing.
    makeSolverProgram(dir / "prog", "if open(input_name).read() == open(os.path.join(here, 'first.txt')).read():\n"
                                    "    eval('xrange(1)')\n");
    std::filesystem::copy_file(specs[0].input, dir / "prog" / "first.txt");
    std::filesystem::create_directories(dir / "work");
    openToRuns(dir / "work");
    GradingJob job;
    job.context = RunContext{"reversi", reversi.convention, quickLimits(), dir / "work", {casesDir()}, {}};
    ProgramSource source;
    source.file = dir / "prog" / "hw.py";
    source.interpreters.paths["python2"] = python2->string();
    job.submissions.push_back({"s", source, "", {}});
    job.cases = {specs[1]};
    job.trialCases = std::vector<TrialCase>{{&specs[0], true}};
    std::vector<CaseResult> results;
    runGrading(job, [&](const std::string&, const CaseResult& r) { results.push_back(r); });
    ASSERT_EQ(results.size(), 1u);
    EXPECT_EQ(results[0].verdict, Verdict::Ok) << results[0].message;
    EXPECT_TRUE(results[0].interpreterReason.starts_with("published/case1: python2 passes it, python3 fails: NameError"))
        << results[0].interpreterReason;
    job.trialCases.reset();  // its own case: both pass it, and nothing in the source is Python 2 only
    results.clear();
    runGrading(job, [&](const std::string&, const CaseResult& r) { results.push_back(r); });
    ASSERT_EQ(results.size(), 1u);
    EXPECT_NE(results[0].interpreterReason.find("nothing in the source is Python 2 only: python3"), std::string::npos)
        << results[0].interpreterReason;
}

// Two students hand in the same files; only alice's settings give her program the input1.txt it opens. The trial's
// cache must not hand alice's decision to bob: how the cases are judged is part of what decides.
TEST(PythonChoice, SameFilesWithOtherSettingsAreTriedAgain) {
    std::string why;
    const auto python2 = python2ForRuns(&why);
    if (!python2) GTEST_SKIP() << why;
    TempDir root;
    openToRuns(root.path());
    // The xrange is in a string, out of the source scan's sight: without input1.txt no case and no construct decides.
    for (const char* student : {"alice", "bob"}) makeSolverProgram(root / "subs" / student, "open('input1.txt').read()\neval('xrange(1)')");
    writeFile(root / "a.yaml", "variant: reversi\nrun: {interpreters: {python2: " + python2->string() + "}}\nsuites: [" +
                                   (casesDir() / "reversi" / "published").string() + "]\n"
                                   "overrides: {alice: {setup: {input1.txt: input.txt}}}\n");
    const auto r = shell(plyjudgeBinary() + " grade " + quoted((root / "a.yaml").string()) + " " + quoted((root / "subs").string()) +
                         " -j 1 --db " + quoted((root / "r.db").string()));
    EXPECT_NE(r.output.find("alice: run with python2"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("bob: run with python3"), std::string::npos) << r.output;
}

// A grade with hidden cases only: the trial runs on a hidden case, and what the program did there (an exit status
// it chose from the hidden input, how many lines it got right) stays out of a report for students.
TEST(PythonChoice, AHiddenTrialCaseIsNotDescribedInAReportForStudents) {
    std::string why;
    const auto python2 = python2ForRuns(&why);
    if (!python2) GTEST_SKIP() << why;
    TempDir root;
    makeHiddenReversiSuite(root.path());
    writeFile(root / "a.yaml", "variant: reversi\nrun: {interpreters: {python2: " + python2->string() + "}}\nsuites: [suite]\n");
    makeSolverProgram(root / "subs" / "alice", "if sys.version_info[0] == 3:\n"
                                               "    sys.exit(sum(bytearray(open(input_name, 'rb').read())) % 100 + 20)\n");
    makeSolverProgram(root / "subs" / "bob", "if sys.version_info[0] == 3:\n"
                                             "    import subprocess\n"
                                             "    subprocess.call([solver, 'solve', 'reversi'] + args)\n"
                                             "    first = open('output.txt').readline()\n"
                                             "    open('output.txt', 'w').write(first)\n"
                                             "    sys.exit(0)\n");
    const auto r = shell("cd " + quoted(root.path().string()) + " && " + plyjudgeBinary() +
                         " grade a.yaml subs -j 2 --report json --for-students");
    EXPECT_EQ(r.exitCode, 0) << r.output;
    EXPECT_NE(r.output.find("alice: run with python2"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("bob: run with python2"), std::string::npos) << r.output;
    const std::string report = readFile(root / "a-subs.results.db.reports" / "report.json");
    EXPECT_EQ(report.find("exits with status"), std::string::npos) << report;
    EXPECT_EQ(report.find("lines right"), std::string::npos) << report;
    EXPECT_NE(report.find("suite/case1: python2 does better than python3"), std::string::npos) << report;
}
