// The folder a program runs in (grader/run/run_steps.hpp): the program's files and the input in one folder, the
// program's own structure kept, below a private writable folder. Each test is a pattern real submissions use, written
// here as a small squirrel program (the solver it imports, programs/faulty/squirrel/_squirrel.py, copied beside it) and
// run through the case runner on squirrel's published sample1. Failed before (issue 28): the program ran from a staged
// copy elsewhere, so the input was not beside the script, `os.getcwd() + "\\4\\input.txt"` landed outside the run's
// folder, and setup:/collect: could not reach either. Course folders are made outside /tmp (the sandbox's private
// /tmp would hide what a real course folder does not), except where /tmp is the point.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>

#include "common/file_io.hpp"
#include "common/remove_tree.hpp"
#include "grader/run/program.hpp"
#include "grader/test/grader_test_support.hpp"
#include "reference/variant.hpp"
#include "testsupport/golden.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::grader::testing {
namespace {

namespace fs = std::filesystem;

// A course folder of its own outside /tmp, removed at the end.
struct Course {
    fs::path root;
    explicit Course(const fs::path& parent = GRADER_TEST_SCRATCH_DIR) {
        root = parent / ("layout-" + std::to_string(::getpid()) + "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
        removeTree(root);
        fs::create_directories(root);
        openToRuns(root);
    }
    ~Course() { removeTree(root); }
    // A submission folder holding `program` as hw.py (at `file` inside it) with the squirrel solver beside it.
    fs::path submission(const std::string& program, const std::string& file = "hw.py") const {
        const fs::path dir = root / "alice";
        writeFileMakingDirs(dir / file, program);
        fs::copy_file(programsDir() / "faulty" / "squirrel" / "_squirrel.py", (dir / file).parent_path() / "_squirrel.py");
        return dir;
    }
};

// The prologue of every program here: the solver beside the script importable, then `main` reading `-i FILE`.
const std::string kImportSolver =
    "import os, sys\nsys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))\nimport _squirrel\n";

CaseResult runOnSample1(const Course& course, const fs::path& submission, const std::string& file,
                        const RunAdjustments& adjustments = {}, const std::optional<std::string>& command = {}) {
    const Variant& v = *findVariant("squirrel");
    const fs::path work = course.root / "scratch";
    fs::create_directories(work);
    openToRuns(work);
    RunContext context{"squirrel", v.convention, quickLimits(), work, {plyjudge::testing::casesDir(), submission.parent_path()}, {}};
    ProgramSource source;
    source.dir = submission;
    source.file = submission / file;
    source.commandTemplate = command;
    PrepareResult p = prepareProgram(source, work / "build", quickLimits());
    const fs::path kase = plyjudge::testing::casesDir() / "squirrel" / "published" / "sample1";
    const CaseSpec spec{"published", "sample1", kase / "input.txt", kase, {"next_state.txt"}, 1};
    if (!p.program) return notRunResult(spec, p);
    CaseResult r = runCase(context, *p.program, spec, adjustments);
    EXPECT_EQ(std::distance(fs::directory_iterator(work), fs::directory_iterator()), 1) << "only build/ is left: the run's folder is removed";
    return r;
}

void expectPasses(const CaseResult& r) { EXPECT_EQ(r.verdict, Verdict::Ok) << r.message << "\n" << r.detail(); }

TEST(RunLayout, InputBesideTheScriptInItsOwnSubfolder) {
    Course course;
    // Reads SampleTestCases/input1.txt beside itself and writes its answer there, as the starter code of a course did.
    const fs::path sub = course.submission(kImportSolver +
                                           "here = os.path.dirname(os.path.abspath(__file__))\n"
                                           "os.chdir(os.path.join(here, 'SampleTestCases'))\n"
                                           "sys.argv[1:] = ['-i', 'input1.txt']\n_squirrel.main()\n");
    // The student's own sample input and a stale answer ship with the submission: the case's input replaces the
    // first, and the second never counts.
    writeFileMakingDirs(sub / "SampleTestCases" / "input1.txt", "not a squirrel input\n");
    fs::copy_file(plyjudge::testing::casesDir() / "squirrel" / "published" / "sample1" / "next_state.txt",
                  sub / "SampleTestCases" / "next_state.txt");
    RunAdjustments adjustments;
    adjustments.setup = {{"input.txt", "SampleTestCases/input1.txt"}};
    adjustments.collect = {{"next_state.txt", "SampleTestCases/next_state.txt"}};
    expectPasses(runOnSample1(course, sub, "hw.py", adjustments));
    // Without the setup the program reads its own sample: a crash, whatever the stale answer beside it says.
    EXPECT_EQ(runOnSample1(course, sub, "hw.py", RunAdjustments{{}, adjustments.collect}).verdict, Verdict::RuntimeError);
}

TEST(RunLayout, WindowsStyleNameBuiltFromTheWorkingDirectory) {
    Course course;
    // os.getcwd() + "\\4\\input.txt" on Linux is one file, named `<cwd's name>\4\input.txt`, in the folder above.
    const fs::path sub = course.submission(kImportSolver + "sys.argv[1:] = ['-i', os.getcwd() + '\\\\4\\\\input.txt']\n_squirrel.main()\n");
    RunAdjustments adjustments;
    adjustments.setup = {{"input.txt", "\\4\\input.txt"}};
    expectPasses(runOnSample1(course, sub, "hw.py", adjustments));
}

TEST(RunLayout, PathsRelativeToArgvZero) {
    Course course;
    // The input found by string concatenation on sys.argv[0]'s folder; the program in a sub-folder of the submission.
    const fs::path sub = course.submission(
        kImportSolver + "sys.argv[1:] = ['-i', os.path.dirname(sys.argv[0]) + '/input.txt']\n_squirrel.main()\n", "src/hw.py");
    writeFileMakingDirs(sub / "README.md", "a file at the top of the submission");
    expectPasses(runOnSample1(course, sub, "src/hw.py"));
}

TEST(RunLayout, AShellCommandWithARedirection) {
    Course course;
    // Prints its answer; the command's `>` writes it where the case expects it.
    const fs::path sub = course.submission(kImportSolver +
                                           "import tempfile\ninp = os.path.abspath('input.txt')\nos.chdir(tempfile.mkdtemp())\n"
                                           "sys.argv[1:] = ['-i', inp]\n"
                                           "_squirrel.main()\nsys.stdout.write(open('next_state.txt').read())\n");
    expectPasses(runOnSample1(course, sub, "hw.py", {}, std::string("python3 {program} > next_state.txt")));
}

// A program named by a command, under /tmp, importing a module beside it: its folder stays visible to the run.
TEST(RunLayout, AProgramUnderTmpImportsItsSiblingModule) {
    char name[] = "/tmp/plyjudge-layout-XXXXXX";
    ASSERT_NE(::mkdtemp(name), nullptr);
    const fs::path folder = name;
    openToRuns(folder);
    writeFileMakingDirs(folder / "main.py", "import helper\nhelper.solve()\n");
    writeFileMakingDirs(folder / "helper.py", kImportSolver + "def solve():\n    sys.argv[1:] = ['-i', 'input.txt']\n    _squirrel.main()\n");
    fs::copy_file(programsDir() / "faulty" / "squirrel" / "_squirrel.py", folder / "_squirrel.py");
    const CaseResult r = runCommandOnCase("squirrel", "published", "sample1", "python3 " + (folder / "main.py").string());
    removeTree(folder);
    expectPasses(r);
}

// Hostile names: a setup: or collect: name that leaves the run's folder is refused when it is read, naming why; one
// that would be written through a link (none can be there before the run: staging leaves links out) is refused when
// it is applied, and nothing is written outside.
TEST(RunLayout, SetupNamesThatEscapeAreRefused) {
    for (const char* step : {"input.txt -> ../x", "input.txt -> /etc/x", "input.txt -> \\/../x", "../../input.txt -> x",
                             "input.txt -> a/../../x"}) {
        try {
            parseSetupStep(step);
            ADD_FAILURE() << "accepted: " << step;
        } catch (const std::invalid_argument& e) {
            const std::string message = e.what();
            EXPECT_NE(message.find(step), std::string::npos) << message;
            EXPECT_TRUE(message.find("goes up with ..") != std::string::npos || message.find("absolute path") != std::string::npos)
                << message;
        }
    }
    EXPECT_EQ(parseSetupStep("input.txt -> \\4\\input.txt").second, "\\4\\input.txt");  // a Windows-style name stays inside
    EXPECT_EQ(placeOf("\\4\\input.txt", "/runs/run-1/work"), fs::path("/runs/run-1/work\\4\\input.txt"));
    EXPECT_EQ(placeOf("4\\input.txt", "/runs/run-1/work"), fs::path("/runs/run-1/work/4\\input.txt"));

    Course course;
    const fs::path outside = course.root / "outside", start = course.root / "run" / "work";
    fs::create_directories(outside);
    fs::create_directories(start);
    plyjudge::testing::writeFile(start / "input.txt", "the case");
    fs::create_directory_symlink(outside, start / "SampleTestCases");
    fs::create_symlink(outside / "file", start.parent_path() / "work\\4\\input.txt");
    for (const char* to : {"SampleTestCases/input1.txt", "\\4\\input.txt"}) {
        RunAdjustments adjustments;
        adjustments.setup = {{"input.txt", to}};
        EXPECT_THROW(applySetup(adjustments, start), std::runtime_error) << to;
    }
    EXPECT_TRUE(fs::is_empty(outside)) << "nothing written through a link";
    RunAdjustments collect;
    collect.collect = {{"next_state.txt", "SampleTestCases/next_state.txt"}};
    plyjudge::testing::writeFile(outside / "next_state.txt", "expected, say");
    EXPECT_EQ(collectOutputs(collect, start).size(), 1u);
    EXPECT_FALSE(fs::exists(start / "next_state.txt")) << "nothing collected through a link";
}

}  // namespace
}  // namespace plyjudge::grader::testing
