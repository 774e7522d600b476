// A root grader without bubblewrap: each student's staged files belong to that student's group alone
// (sandbox::studentGroup, grader/run/staging.hpp:restrictToGroup). Failed before (issue 25, break 8): the staged
// folders were readable by every run uid, and a classmate's run finds their paths in /proc/PID/cmdline.
#include <gtest/gtest.h>

#include <cstdlib>

#include <unistd.h>

#include "grader/run/program.hpp"
#include "grader/test/grader_test_support.hpp"

namespace plyjudge::grader::testing {
namespace {

namespace fs = std::filesystem;

TEST(StagedSources, AClassmatesRunCannotReadThemWithoutBubblewrap) {
    if (::geteuid() != 0) GTEST_SKIP() << "only a root grader runs each program under a uid of its own";
    // Set before the sandbox's first use in this process (one process per test under ctest).
    ::setenv("PLYJUDGE_NO_BWRAP", "1", 1);
    if (sandbox::isolationSupport().available) GTEST_SKIP() << "bubblewrap was probed before this test";
    const fs::path root = fs::path(GRADER_TEST_SCRATCH_DIR) / ("staged-" + std::to_string(::getpid()));
    fs::remove_all(root);
    for (const char* student : {"alice", "bob"}) {
        writeFileMakingDirs(root / student / "main.py", "import sys\nprint(open(sys.argv[1]).read())\n");
        writeFileMakingDirs(root / student / "secret.txt", std::string("SECRET-") + student);
    }
    openToRuns(root);
    auto prepare = [&](const std::string& student) {
        ProgramSource source;
        source.dir = root / student;
        source.file = root / student / "main.py";
        return prepareProgram(source, root / ("work-" + student), quickLimits());
    };
    const PrepareResult alice = prepare("alice"), bob = prepare("bob");
    ASSERT_TRUE(alice.program && bob.program) << alice.message << bob.message;
    ASSERT_GE(alice.program->group.gid, 0);
    EXPECT_NE(alice.program->group.gid, bob.program->group.gid);
    auto runReading = [&](const PreparedProgram& program, const fs::path& file) {
        fs::create_directories(root / "run");
        openToRuns(root / "run");
        sandbox::RunSpec spec;
        spec.argv = program.argvFor(InputConvention::InputTxtInWorkingDir, "input.txt");  // the staged file itself
        spec.argv.push_back(file.string());
        spec.workDir = root / "run";
        spec.readOnlyPaths = program.readOnlyPaths;
        spec.groupId = program.group.gid;
        return sandbox::runSandboxed(spec);
    };
    const fs::path aliceSecret = root / "work-alice" / "src" / "secret.txt";
    const sandbox::RunOutcome own = runReading(*alice.program, aliceSecret);
    const sandbox::RunOutcome classmate = runReading(*bob.program, aliceSecret);
    fs::remove_all(root);
    EXPECT_EQ(own.stdoutHead, "SECRET-alice\n") << own.stderrHead;
    EXPECT_EQ(classmate.stdoutHead.find("SECRET-alice"), std::string::npos);
    EXPECT_NE(classmate.stderrHead.find("Permission denied"), std::string::npos) << classmate.stderrHead;
}

}  // namespace
}  // namespace plyjudge::grader::testing
