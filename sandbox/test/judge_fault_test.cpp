// A run the sandbox never started is a judge error, decided from the sandbox's own channels (bwrap's status
// descriptor, plyjudge-run-as's exec report), never from what a program printed (supervisor.cpp:sandboxFault).
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include <fcntl.h>

#include <sys/stat.h>

#include "sandbox/cgroup.hpp"
#include "sandbox/high_descriptor.hpp"
#include "sandbox/isolation.hpp"
#include "sandbox/sandbox.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::sandbox {
namespace {

using testing::TempDir;

class SandboxJudgeFaultTest : public ::testing::Test {
protected:
    void SetUp() override {
        if (!isolationSupport().available) GTEST_SKIP() << "bubblewrap: " << isolationSupport().reason;
        std::filesystem::permissions(work.path(), std::filesystem::perms::all);
    }
    RunSpec spec(std::vector<std::string> argv) {
        RunSpec s;
        s.argv = std::move(argv);
        s.workDir = work.path();
        s.limits.wallSeconds = 5;
        s.limits.cpuSeconds = 5;
        return s;
    }
    TempDir work;
};

// The shape of a Python installed under /opt behind a PATH link: the link's folder is named (and so shown), its target
// is not. bwrap cannot set the run up or execute it (an unprivileged grader), or plyjudge-run-as cannot execute it (a
// root grader): before, the run "exited with status 1 (or 127)" and was the student's runtime error.
TEST_F(SandboxJudgeFaultTest, AProgramTheSandboxCannotExecuteIsAJudgeError) {
    TempDir links, installation;
    for (const TempDir* d : {&links, &installation}) std::filesystem::permissions(d->path(), std::filesystem::perms::all);
    testing::writeFile(installation / "python", "#!/bin/sh\nexit 0\n");
    ::chmod((installation / "python").c_str(), 0755);
    std::filesystem::create_symlink(installation / "python", links / "python2");
    const RunOutcome r = runSandboxed(spec({(links / "python2").string()}));
    ASSERT_TRUE(r.judgeError()) << r.detail << " exit " << r.exitCode << ": " << r.stderrHead;
    EXPECT_NE(r.judgeFault->component, JudgeComponent::Grader) << r.judgeFaultText();
    EXPECT_NE(r.judgeFaultText().find((links / "python2").string()), std::string::npos) << "the tool's own words: " << r.judgeFaultText();
    EXPECT_FALSE(r.judgeFault->fix.empty());
}

TEST_F(SandboxJudgeFaultTest, AFileThatIsNoProgramIsAJudgeError) {
    testing::writeFile(work / "not-a-program", "text");
    ::chmod((work / "not-a-program").c_str(), 0644);
    const RunOutcome r = runSandboxed(spec({(work / "not-a-program").string()}));
    EXPECT_TRUE(r.judgeError()) << r.detail << " exit " << r.exitCode << ": " << r.stderrHead;
}

// A program cannot pass for the sandbox: printing bwrap's or plyjudge-run-as's words and exiting as they do, or
// writing on descriptor 4 (the exec report, closed before the program starts), is the program's own end.
TEST_F(SandboxJudgeFaultTest, AProgramThatPrintsTheSandboxsWordsIsNotAJudgeError) {
    const std::vector<std::pair<std::string, int>> forgeries = {
        {"echo 'bwrap: execvp /usr/bin/python2: No such file or directory' >&2; exit 1", 1},
        {"echo 'plyjudge-run-as: /usr/bin/python2: error 2' >&2; exit 127", 127},
        {"echo 'plyjudge-run-as: /usr/bin/python2: error 2' >&4; exit 127", 127},
    };
    for (const auto& [script, status] : forgeries) {
        const RunOutcome r = runSandboxed(spec({"/bin/sh", "-c", script}));
        EXPECT_EQ(r.termination, Termination::Exited) << script << ": " << r.judgeFaultText();
        EXPECT_EQ(r.exitCode, status) << script;
    }
}

// The run's cgroup files are kept open across runs. Opened at the lowest free numbers (3, 4, ... in a fresh process),
// the child's own descriptors 3 and 4 (bwrap's status, the exec report) replaced them, and its "0" meant for a
// cgroup's `tasks` went to the exec report: a correct run was a judge error (seen once in a fresh clone's suite, in
// CheckSettings.AnOutputFileItCouldNotOpenGetsNoSetupHint). The descriptors the child writes to are high.
// A program file another process still holds open for writing, for a moment (a run another grader thread was starting
// while a copy was written holds the descriptor until its own exec): the exec fails with ETXTBSY. That is nobody's fault
// and it passes: plyjudge-run-as tries again for up to a second. Before, it was a judge error at --jobs 2.
TEST_F(SandboxJudgeFaultTest, AProgramBrieflyOpenForWritingStillRuns) {
    if (::geteuid() != 0 || detail::runAsPath().empty()) GTEST_SKIP() << "plyjudge-run-as execs the program only for a root grader";
    TempDir tools("plyjudge-busy", 0755);
    const std::filesystem::path program = tools.path() / "program";
    std::filesystem::copy_file("/bin/true", program);
    std::filesystem::permissions(program, std::filesystem::perms(0755));
    const int writer = ::open(program.c_str(), O_WRONLY | O_CLOEXEC);
    ASSERT_GE(writer, 0);
    std::thread closer([writer] {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        ::close(writer);
    });
    RunSpec s = spec({program.string()});
    const RunOutcome r = runSandboxed(s);
    closer.join();
    EXPECT_FALSE(r.judgeError()) << r.judgeFaultText();
    EXPECT_TRUE(r.ok()) << terminationName(r.termination) << " " << r.detail;
}

TEST(SandboxKeptDescriptors, TheCgroupEntriesAreNeverOnesTheChildBindsForItself) {
    if (!detail::cgroupUnavailableReason().empty()) GTEST_SKIP() << "no cgroups for the runs here (" << detail::cgroupUnavailableReason() << ")";
    const detail::RunCgroup cgroup = detail::RunCgroup::create("kept-descriptors", SandboxLimits{});
    if (!cgroup.active()) GTEST_SKIP() << "no cgroups for the runs here";
    for (int fd : cgroup.entryDescriptors()) EXPECT_GE(fd, detail::kFirstHighDescriptor) << "a cgroup entry at " << fd;
}

}  // namespace
}  // namespace plyjudge::sandbox
