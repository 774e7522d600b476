// The world a run sees (world.hpp, bubblewrap.cpp): by default-deny, nothing of the host but the system folders,
// none of plyjudge itself, and a network namespace of its own. Each test here failed before the minimal world and
// the per-run network namespaces (issue 25, breaks 1 and 8).
#include <gtest/gtest.h>

#include <thread>

#include <cerrno>
#include <cstring>

#include <sched.h>
#include <sys/mount.h>
#include <unistd.h>

#include "sandbox/isolation.hpp"
#include "sandbox/sandbox.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::sandbox {
namespace {

namespace fs = std::filesystem;
using testing::TempDir;

class WorldTest : public ::testing::Test {
protected:
    void SetUp() override {
        if (!isolationSupport().available) GTEST_SKIP() << "the minimal world is bubblewrap's: " << isolationSupport().reason;
    }
    RunSpec spec(std::vector<std::string> argv, const fs::path& dir) {
        RunSpec s;
        s.argv = std::move(argv);
        s.workDir = dir;
        s.limits.wallSeconds = 5;
        s.limits.cpuSeconds = 5;
        s.limits.memoryBytes = 1ULL << 30;
        return s;
    }
    TempDir dir;
};

// A shell that says which of the paths listed in paths.txt (one per line, in its working directory, so that the
// command line names none of them) exist for it.
const char* kReportVisible = "while IFS= read -r p; do [ -e \"$p\" ] && echo \"VISIBLE $p\"; done < paths.txt; echo done";

TEST_F(WorldTest, NothingOfTheHostButTheSystemFolders) {
    // A file of the test's own, outside the world, as a course folder or a results database would be.
    const fs::path sentinel = fs::path(SANDBOX_TEST_SCRATCH_DIR) / "world-sentinel.txt";
    testing::writeFile(sentinel, "SECRET");
    // A clone placed below one of these (/srv/x, /home/ta/x) has the path down to its build tree there, and nothing
    // else of that folder: checked on its own below.
    const fs::path build = fs::path(PLYJUDGE_BINARY).parent_path();
    const auto below = [&](const fs::path& p) {
        const fs::path rel = build.lexically_relative(p);
        return !rel.empty() && *rel.begin() != "..";
    };
    std::string paths;
    std::vector<fs::path> aboveTheBuild;
    for (const char* p : {"/home", "/root", "/srv", "/opt", "/mnt", "/media", "/run", "/var/lib", "/sys"}) {
        if (below(p)) aboveTheBuild.emplace_back(p);
        else paths += std::string(p) + "\n";
    }
    // The build tree shows only the path down to plyjudge-run-as (the credential switch that bwrap runs), when the
    // sandbox uses the build tree's: none of its other files.
    paths += sentinel.string() + "\n" + PLYJUDGE_BINARY + "\n" + fs::path(PLYJUDGE_BINARY).parent_path().string() +
             "/CMakeCache.txt\n";
    testing::writeFile(dir / "paths.txt", paths);
    const RunOutcome r = runSandboxed(spec({"/bin/sh", "-c", kReportVisible}, dir.path()));
    ASSERT_TRUE(r.ok()) << r.detail << r.stderrHead;
    EXPECT_EQ(r.stdoutHead, "done\n");
    for (const fs::path& above : aboveTheBuild) {
        testing::writeFile(dir / "above.txt", above.string());  // read from a file: a path named counts as shown on purpose
        const RunOutcome ls = runSandboxed(spec({"/bin/sh", "-c", "ls -A \"$(cat above.txt)\""}, dir.path()));
        EXPECT_EQ(ls.stdoutHead, (*build.lexically_relative(above).begin()).string() + "\n") << above;
    }
    // What programs need is there: the interpreters, their libraries and configuration.
    const RunOutcome py = runSandboxed(spec({"/usr/bin/python3", "-c", "import json, ssl; print('ok')"}, dir.path()));
    EXPECT_TRUE(py.ok()) << py.detail << py.stderrHead;
    EXPECT_EQ(py.stdoutHead, "ok\n");
}

TEST_F(WorldTest, TheReferenceSolverCannotBeRunFromInside) {
    // The grader's PATH reaches the runs: a TA with the build tree in PATH must not hand students the reference.
    const fs::path binary = PLYJUDGE_BINARY;
    testing::writeFile(dir / "paths.txt", binary.string() + "\n");
    RunSpec s = spec({"/bin/sh", "-c", std::string(kReportVisible) + "; plyjudge --version && echo RAN"}, dir.path());
    s.environment["PATH"] = binary.parent_path().string() + ":/usr/bin:/bin";
    const RunOutcome r = runSandboxed(s);
    EXPECT_EQ(r.stdoutHead, "done\n") << r.stderrHead;
    EXPECT_EQ(r.stdoutHead.find("RAN"), std::string::npos);
}

TEST_F(WorldTest, ACommandTheGraderNamesOnPurposeStaysVisible) {
    // `check --command 'plyjudge solve V --fault F'`: what the grader's command line names is shown, read-only.
    const RunOutcome r = runSandboxed(spec({PLYJUDGE_BINARY, "--version"}, dir.path()));
    EXPECT_TRUE(r.ok()) << r.detail << r.stderrHead;
    EXPECT_EQ(r.stdoutHead.rfind("plyjudge ", 0), 0u) << r.stdoutHead;
}

TEST_F(WorldTest, ADeclaredScriptFolderIsShownButNotTheHiddenPathsInIt) {
    // A TA's wrapper (or a test's program) imports the module beside it (the grader declares the folder of a file its
    // command names); a hidden suite kept in the same folder stays hidden.
    const fs::path folder = fs::path(SANDBOX_TEST_SCRATCH_DIR) / ("script-folder-" + std::to_string(::getpid()));
    fs::remove_all(folder);
    fs::create_directories(folder / "hidden");
    testing::writeFile(folder / "helper.py", "ANSWER = 42\n");
    testing::writeFile(folder / "hidden" / "secret.txt", "SECRET");
    testing::writeFile(folder / "main.py", "import os, helper\nprint(helper.ANSWER, os.path.exists('" +
                                               (folder / "hidden" / "secret.txt").string() + "'))\n");
    fs::permissions(folder, fs::perms::owner_all | fs::perms::others_read | fs::perms::others_exec | fs::perms::group_read |
                                fs::perms::group_exec);
    RunSpec s = spec({"/usr/bin/python3", (folder / "main.py").string()}, dir.path());
    s.readOnlyPaths = {folder};
    s.hiddenPaths = {folder / "hidden"};
    const RunOutcome r = runSandboxed(s);
    fs::remove_all(folder);
    EXPECT_TRUE(r.ok()) << r.detail << r.stderrHead;
    EXPECT_EQ(r.stdoutHead, "42 False\n");
}

TEST_F(WorldTest, ANamedProgramOfAnyKindKeepsItsFolderWhereverItLies) {
    // A solver binary or a shell script reads the files beside it (issue 28: only a Python script's folder was kept);
    // the same under /tmp, which the run's private /tmp would otherwise replace.
    // A folder only the grader may enter (a mkdtemp folder, 0700: a TA's or a test's wrapper) is shown too: before,
    // the run's uid was refused it ("cannot open .../run.sh: Permission denied").
    for (const fs::path& parent : {fs::path(SANDBOX_TEST_SCRATCH_DIR), fs::path("/tmp")}) {
        for (const fs::perms mode : {fs::perms(0755), fs::perms(0700)}) {
            const fs::path folder = parent / ("program-folder-" + std::to_string(::getpid()));
            fs::remove_all(folder);
            fs::create_directories(folder);
            testing::writeFile(folder / "data.txt", "BESIDE\n");
            testing::writeFile(folder / "run.sh", "#!/bin/sh\ncat \"$(dirname \"$0\")/data.txt\"\n");
            fs::permissions(folder / "run.sh", fs::perms(0755));
            fs::permissions(folder, mode);
            const RunOutcome r = runSandboxed(spec({(folder / "run.sh").string()}, dir.path()));
            fs::remove_all(folder);
            EXPECT_TRUE(r.ok()) << folder << " mode " << static_cast<int>(mode) << ": " << r.detail << r.stderrHead;
            EXPECT_EQ(r.stdoutHead, "BESIDE\n") << folder << " mode " << static_cast<int>(mode);
        }
    }
}

// Issue 41: the world was widened by every absolute file named by a word of the rendered command line, and the student
// chooses the folder names above its program: "x /usr/bin/plyjudge y/main.py" showed plyjudge to its run,
// "x COURSE/assignment.yaml y" the course folder. Only the program (argv[0]) and what the caller declares are shown.
TEST_F(WorldTest, AFileNamedOnlyByTheWordsOfARenderedArgumentIsNotShown) {
    const fs::path course = fs::path(SANDBOX_TEST_SCRATCH_DIR) / ("course-" + std::to_string(::getpid()));
    fs::remove_all(course);
    fs::create_directories(course);
    testing::writeFile(course / "assignment.yaml", "TA NOTES\n");
    testing::writeFile(course / "solution.py", "SOLUTION\n");
    fs::permissions(course, fs::perms(0755));
    const std::string probe = "import os, sys\nfor p in sys.argv[2:]: print(p, os.path.exists(p))\n";
    // The student's program path as rendered (folders whose names hold blanks and absolute paths), then the paths alone.
    RunSpec s = spec({"/usr/bin/python3", "-c", probe, "x " + (course / "assignment.yaml").string() + " y/main.py",
                      (course / "assignment.yaml").string(), (course / "solution.py").string()}, dir.path());
    const RunOutcome r = runSandboxed(s);
    fs::remove_all(course);
    ASSERT_TRUE(r.ok()) << r.detail << r.stderrHead;
    EXPECT_EQ(r.stdoutHead.find("True"), std::string::npos) << r.stdoutHead;
}

// Issue 41: a hidden suite named through a link (hiddenlink -> hidden-real): naming the real folder's files showed
// every hidden output. Hidden paths are compared after resolving links.
TEST_F(WorldTest, AHiddenPathNamedThroughALinkStaysHiddenUnderItsRealName) {
    const fs::path course = fs::path(SANDBOX_TEST_SCRATCH_DIR) / ("linked-" + std::to_string(::getpid()));
    fs::remove_all(course);
    fs::create_directories(course / "hidden-real");
    testing::writeFile(course / "hidden-real" / "output.txt", "HIDDEN-EXPECTED\n");
    fs::create_directory_symlink(course / "hidden-real", course / "hiddenlink");
    fs::permissions(course, fs::perms(0755));
    fs::permissions(course / "hidden-real", fs::perms(0755));
    RunSpec s = spec({"/bin/cat", (course / "hidden-real" / "output.txt").string()}, dir.path());
    s.readOnlyPaths = {course};  // the course folder shown on purpose: the hidden suite inside it must stay hidden
    s.hiddenPaths = {course / "hiddenlink"};
    const RunOutcome r = runSandboxed(s);
    fs::remove_all(course);
    EXPECT_EQ(r.stdoutHead.find("HIDDEN"), std::string::npos) << r.stdoutHead;
}

// Not WorldTests: the installation must exist before the sandbox's first use in this process (the probe), when
// plyjudge's own files are found; ctest runs each test in a process of its own.
// An installation under /usr/local (or the Debian package's /usr) is inside the world. Made for a test in a mount
// namespace of this process alone (a tmpfs over /usr/local), so nothing else on the machine sees it: the binary,
// and the data folder with a bundled case. Returns why it cannot be made here, or empty.
const fs::path kInstalledBin = "/usr/local/bin/plyjudge", kInstalledData = "/usr/local/share/plyjudge";

std::string installUnderUsrLocal() {
    if (::geteuid() != 0) return "a private /usr/local needs root";
    if (::unshare(CLONE_NEWNS) != 0 || ::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0 ||
        ::mount("tmpfs", "/usr/local", "tmpfs", 0, "mode=0755") != 0)
        return std::string("no private mount namespace here: ") + std::strerror(errno);
    fs::create_directories(kInstalledBin.parent_path());
    fs::copy_file(PLYJUDGE_BINARY, kInstalledBin);
    fs::create_directories(kInstalledData / "cases" / "starcircle");
    testing::writeFile(kInstalledData / "cases" / "starcircle" / "expected.txt", "SECRET-EXPECTED");
    if (!isolationSupport().available) return "the minimal world is bubblewrap's: " + isolationSupport().reason;
    return "";
}

TEST(WorldInstalled, AnInstalledPlyjudgeInsideTheSystemFoldersIsHidden) {
    if (const std::string why = installUnderUsrLocal(); !why.empty()) GTEST_SKIP() << why;
    TempDir dir;
    testing::writeFile(dir / "paths.txt", (kInstalledData / "cases/starcircle/expected.txt").string() + "\n");
    // The binary's path is read from a file: a path on the command line counts as named on purpose.
    testing::writeFile(dir / "program.txt", kInstalledBin.string());
    RunSpec s;
    s.workDir = dir.path();
    s.argv = {"/bin/sh", "-c", std::string(kReportVisible) + "; $(cat program.txt) --version && echo RAN"};
    const RunOutcome r = runSandboxed(s);
    EXPECT_EQ(r.stdoutHead, "done\n") << r.stderrHead;
    // Named on purpose, the same binary runs.
    s.argv = {kInstalledBin.string(), "--version"};
    const RunOutcome named = runSandboxed(s);
    EXPECT_TRUE(named.ok()) << named.detail << named.stderrHead;
}

TEST(WorldInstalled, TheBundledCasesInsideTheHiddenDataFolderNeedNoMountOfTheirOwn) {
    // `check` of an installed plyjudge hides the bundled cases it runs (hiddenPaths): they lie inside the data
    // folder, already an empty read-only tmpfs. Before, bwrap was asked to mount one more tmpfs there and failed
    // every run: "bwrap: Can't mkdir /usr/share/plyjudge/cases: Read-only file system".
    if (const std::string why = installUnderUsrLocal(); !why.empty()) GTEST_SKIP() << why;
    TempDir dir;
    testing::writeFile(dir / "paths.txt", (kInstalledData / "cases/starcircle/expected.txt").string() + "\n");
    RunSpec s;
    s.workDir = dir.path();
    s.hiddenPaths = {kInstalledData / "cases"};
    s.argv = {"/bin/sh", "-c", kReportVisible};
    const RunOutcome r = runSandboxed(s);
    EXPECT_TRUE(r.ok()) << r.detail << r.stderrHead;
    EXPECT_EQ(r.stdoutHead, "done\n") << r.stderrHead;
    // Nothing is mounted for them: the data folder's tmpfs already hides them.
    const std::vector<std::string> args = detail::bubblewrapPrefix(s, "bwrap", 60000);
    const std::string cases = (kInstalledData / "cases").string();
    for (std::size_t i = 0; i + 1 < args.size(); ++i)
        EXPECT_FALSE(args[i] == "--tmpfs" && args[i + 1] == cases) << "a tmpfs over " << cases;
}

TEST(WorldInstalled, AProgramNamedInsideTheHiddenDataFolderKeepsItsFolderAndNothingElse) {
    // An installed example tournament names its scripted player, /usr/share/plyjudge/referee/test/players/...: the
    // player's folder is shown, made inside the hidden data folder. Before, that folder was remounted read-only at
    // once and bwrap could not make the player's folder in it ("Can't mkdir ...: Read-only file system").
    if (const std::string why = installUnderUsrLocal(); !why.empty()) GTEST_SKIP() << why;
    const fs::path players = kInstalledData / "referee" / "test" / "players";
    fs::create_directories(players);
    testing::writeFile(players / "data.txt", "BESIDE\n");
    testing::writeFile(players / "player.sh", std::string("#!/bin/sh\ncat \"$(dirname \"$0\")/data.txt\"\n") + kReportVisible + "\n");
    fs::permissions(players / "player.sh", fs::perms(0755));
    TempDir dir;
    testing::writeFile(dir / "paths.txt", (kInstalledData / "cases/starcircle/expected.txt").string() + "\n");
    RunSpec s;
    s.workDir = dir.path();
    s.hiddenPaths = {kInstalledData / "cases"};
    s.argv = {(players / "player.sh").string()};
    const RunOutcome r = runSandboxed(s);
    EXPECT_TRUE(r.ok()) << r.detail << r.stderrHead;
    EXPECT_EQ(r.stdoutHead, "BESIDE\ndone\n") << r.stderrHead;
}

TEST_F(WorldTest, ConcurrentRunsCannotSeeEachOthersAbstractSockets) {
    // One run publishes a secret as an abstract unix socket name; a concurrent run lists /proc/net/unix.
    const std::string secret = "plyjudge-secret-" + std::to_string(::getpid());
    TempDir other;
    const std::string bind = "import socket, time\ns = socket.socket(socket.AF_UNIX)\ns.bind('\\0" + secret +
                             "')\nopen('bound', 'w').close()\ntime.sleep(4)\n";
    auto publisher = SandboxedProcess::start(spec({"/usr/bin/python3", "-c", bind}, dir.path()));
    for (int i = 0; i < 200 && !fs::exists(dir / "bound"); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    ASSERT_TRUE(fs::exists(dir / "bound")) << "the publishing run did not bind its socket";
    const RunOutcome reader = runSandboxed(spec({"/bin/cat", "/proc/net/unix"}, other.path()));
    publisher->killTree();
    ASSERT_TRUE(reader.ok()) << reader.detail << reader.stderrHead;
    EXPECT_EQ(reader.stdoutHead.find(secret), std::string::npos) << reader.stdoutHead;
    // The check can see a name at all: a run lists its own.
    const std::string own = "import socket\ns = socket.socket(socket.AF_UNIX)\ns.bind('\\0" + secret +
                            "')\nprint(open('/proc/net/unix').read())\n";
    const RunOutcome self = runSandboxed(spec({"/usr/bin/python3", "-c", own}, other.path()));
    EXPECT_NE(self.stdoutHead.find(secret), std::string::npos) << self.stdoutHead << self.stderrHead;
}

}  // namespace
}  // namespace plyjudge::sandbox
