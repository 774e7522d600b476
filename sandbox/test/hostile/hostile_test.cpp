// The hostile-submission suite (issue 9). Each program runs in the sandbox, with and without bubblewrap,
// next to a benign run, and must: get its expected termination; leave no process running (checked in
// /proc by a tag in its environment); change nothing outside its directory (snapshot of a sentinel tree,
// another submission and the expected outputs, plus the grader's real home); see no expected output or
// other submission (under bubblewrap, and as root without it: see README.md); and leave the benign run
// unharmed.
#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <csignal>
#include <fcntl.h>
#include <fstream>
#include <functional>
#include <iterator>
#include <netinet/in.h>
#include <set>
#include <sys/socket.h>
#include <unistd.h>

#include "sandbox/sandbox.hpp"
#include "sandbox/test/hostile/hostile_support.hpp"

namespace plyjudge::sandbox::hostile {
namespace {

namespace fs = std::filesystem;
using T = Termination;

std::vector<std::string> native(const std::string& name, std::vector<std::string> args = {}) {
    std::vector<std::string> argv = {std::string(HOSTILE_BIN_DIR) + "/hostile_" + name};
    argv.insert(argv.end(), args.begin(), args.end());
    return argv;
}

std::vector<std::string> python(const std::string& name, std::vector<std::string> args = {}) {
    // The system interpreter: a pyenv shim under /root is not reachable for a dedicated run uid.
    std::vector<std::string> argv = {"/usr/bin/python3", std::string(HOSTILE_SRC_DIR) + "/" + name + ".py"};
    argv.insert(argv.end(), args.begin(), args.end());
    return argv;
}

struct Context {
    const Arena& arena;
    bool isolated;
    const SandboxLimits& limits;
    int port;  // a TCP port on 127.0.0.1 where the test listens
};

struct Case {
    std::string name;
    std::function<std::vector<std::string>(const Context&)> argv;
    std::set<T> expected;           // the verdict; "time limit" accepts CPU or wall (the machine may be loaded)
    std::set<T> expectedIsolated = {};  // when it differs under bubblewrap
    std::function<void(const RunOutcome&, const Context&)> check = [](const RunOutcome&, const Context&) {};
    double wallSeconds = 2;
    bool needsRootWithoutBwrap = false;  // unsafe or unstoppable without a dedicated uid or a namespace (README.md)
    bool needsRoot = false;              // unsafe without RLIMIT_NPROC, which needs a root grader (README.md)
    // Small for the memory bombs: page faults are slow on this machine (256 MiB cost over 1 s of CPU).
    std::uint64_t memoryBytes = 256ULL << 20;
    double cpuSeconds = 1;
};

std::string contentOf(const fs::path& dir, const std::string& name) {
    RunOutputFile f = openRunOutput(dir, name);
    if (f.fd < 0) return "<" + f.error + ">";
    std::string out;
    char buffer[4096];
    for (ssize_t n; (n = ::read(f.fd, buffer, sizeof buffer)) > 0;) out.append(buffer, std::size_t(n));
    ::close(f.fd);
    return out;
}

// Processes: escaping the tree, killing the grader, ending in odd ways.
std::vector<Case> processCases() {
    return {
        {"fork_bomb", [](auto&) { return native("fork_bomb"); }, {T::WallTimeout, T::CpuTimeout}, {}, {}, 1.5, true, true},
        {"setsid_escape", [](auto&) { return python("setsid_escape"); }, {T::Exited}, {},
         [](const RunOutcome& r, auto&) { EXPECT_EQ(r.stdoutHead, "parent done\n"); }},
        {"double_fork_escape", [](auto&) { return native("double_fork"); }, {T::Exited}, {},
         [](const RunOutcome& r, auto&) { EXPECT_EQ(r.stdoutHead, "parent done\n"); }},
        {"kill_parent", [](auto&) { return python("kill_parent"); }, {T::Exited}, {},
         [](const RunOutcome& r, auto&) { EXPECT_NE(r.stdoutHead.find("done\n"), std::string::npos); }, 2, true},
        {"many_threads", [](auto&) { return native("many_threads"); }, {T::Exited}, {},
         [](const RunOutcome& r, const Context& c) {
             if (::geteuid() != 0) return;  // RLIMIT_NPROC is enforced for a root grader only (README.md)
             EXPECT_LE(std::stoi(r.stdoutHead), c.limits.maxProcesses);
         }},
        {"exit_1", [](auto&) { return native("exit_code", {"1"}); }, {T::Exited}, {},
         [](const RunOutcome& r, auto&) { EXPECT_EQ(r.exitCode, 1); }},
        // bwrap reports a death by signal N as exit code 128 + N: under it exit(139) reads as SIGSEGV (README.md).
        {"exit_139", [](auto&) { return native("exit_code", {"139"}); }, {T::Exited}, {T::Signaled},
         [](const RunOutcome& r, const Context& c) {
             if (c.isolated) EXPECT_EQ(r.signal, SIGSEGV);
             else EXPECT_EQ(r.exitCode, 139);
         }},
        {"segfault", [](auto&) { return native("exit_code", {"segv"}); }, {T::Signaled}, {},
         [](const RunOutcome& r, auto&) { EXPECT_EQ(r.signal, SIGSEGV); }},
    };
}

// Time, memory and descriptors: each limit reached.
std::vector<Case> resourceCases() {
    return {
        {"busy_loop", [](auto&) { return native("busy_loop"); }, {T::CpuTimeout, T::WallTimeout}, {}, {}, 3},
        {"sleep", [](auto&) { return python("sleep"); }, {T::WallTimeout}, {},
         [](const RunOutcome& r, auto&) { EXPECT_LT(r.wallSeconds, 3.0); }, 1},
        {"stdin_block", [](auto&) { return python("stdin_block"); }, {T::Exited}, {},
         [](const RunOutcome& r, auto&) { EXPECT_EQ(r.stdoutHead, "read 0\n"); }},
        {"heap_bomb_cpp", [](auto&) { return native("heap_bomb"); }, {T::MemoryLimit}, {}, {}, 3, false, false,
         64ULL << 20, 3},
        {"heap_bomb_python", [](auto&) { return python("heap_bomb"); }, {T::MemoryLimit}, {}, {}, 3, false, false,
         64ULL << 20, 3},
        {"stack_bomb", [](auto&) { return native("stack_bomb"); }, {T::Signaled}, {},
         [](const RunOutcome& r, auto&) { EXPECT_EQ(r.signal, SIGSEGV); }},
        {"many_files", [](auto&) { return native("many_files"); }, {T::Exited}, {},
         [](const RunOutcome& r, const Context& c) { EXPECT_LT(std::stoi(r.stdoutHead), c.limits.maxOpenFiles); }},
    };
}

// Output: floods, and output files that are not plain files.
std::vector<Case> outputCases() {
    return {
        {"flood_stdout", [](auto&) { return native("flood", {"out"}); }, {T::OutputLimit}, {},
         [](const RunOutcome& r, const Context& c) {
             EXPECT_EQ(r.stdoutHead, std::string(c.limits.maxCapturedBytes, 'x'));
             EXPECT_GT(r.stdoutBytes, c.limits.maxStreamBytes);
         }},
        {"flood_stderr", [](auto&) { return native("flood", {"err"}); }, {T::OutputLimit}, {},
         [](const RunOutcome& r, const Context& c) { EXPECT_EQ(r.stderrHead.size(), c.limits.maxCapturedBytes); }},
        {"flood_file", [](auto&) { return native("flood", {"file"}); }, {T::OutputLimit}, {},
         [](const RunOutcome& r, const Context& c) {
             EXPECT_EQ(r.signal, SIGXFSZ);
             EXPECT_EQ(fs::file_size(c.arena.run / "output.txt"), c.limits.maxFileBytes);
         }},
        {"flood_file_python", [](auto&) { return python("flood_file"); }, {T::OutputLimit}, {},
         [](const RunOutcome&, const Context& c) {
             EXPECT_EQ(fs::file_size(c.arena.run / "output.txt"), c.limits.maxFileBytes);
         }},
        {"answer_then_flood", [](auto&) { return native("flood", {"out", "after-answer"}); }, {T::OutputLimit}, {},
         [](const RunOutcome& r, auto&) { EXPECT_EQ(r.stdoutHead.substr(0, 4), "42\nx"); }},
        {"weird_output", [](auto&) { return native("weird_output"); }, {T::Exited}, {},
         [](const RunOutcome& r, const Context& c) {
             static const char raw[] = "a\0b\xff\xfe\xc3\x28\nno final newline";  // as in weird_output.cpp
             const std::string text(raw, sizeof raw - 1);
             EXPECT_EQ(r.stdoutHead, text);
             EXPECT_EQ(contentOf(c.arena.run, "output.txt"), text);
         }},
        {"fifo_output", [](auto&) { return python("fifo_output"); }, {T::Exited}, {},
         [](const RunOutcome&, const Context& c) {
             EXPECT_EQ(contentOf(c.arena.run, "output.txt"), "<output.txt is a FIFO>");
         }},
        {"symlink_output",
         [](const Context& c) { return python("symlink_output", {(c.arena.expected / "output.txt").string()}); },
         {T::Exited}, {},
         [](const RunOutcome&, const Context& c) {
             EXPECT_EQ(contentOf(c.arena.run, "output.txt"), "<output.txt is a symbolic link>");
         }},
    };
}

// The filesystem: writing outside the run's directory, filling shared folders, deleting the input.
std::vector<Case> filesystemCases() {
    return {
        {"write_outside",
         [](const Context& c) {
             return python("write_outside",
                           {(c.arena.sentinel / "a.txt").string(), (c.arena.sentinel / "new.txt").string(),
                            "rm:" + (c.arena.sentinel / "sub" / "b.txt").string(),
                            (c.arena.root / "outside.txt").string(), "../outside2.txt",
                            "rm:" + (c.arena.expected / "output.txt").string(),
                            (graderHome() / ("plyjudge-hostile-" + c.arena.tag)).string(),
                            "/tmp/plyjudge-hostile-" + c.arena.tag,
                            "home.txt"});
         },
         {T::Exited}, {},
         [](const RunOutcome& r, const Context& c) {
             EXPECT_NE(r.stdoutHead.find("changed home.txt"), std::string::npos) << "$HOME is the run's directory";
             fs::path tmpFile = "/tmp/plyjudge-hostile-" + c.arena.tag;
             // Without bubblewrap /tmp stays writable (README.md); under it /tmp is private.
             if (c.isolated) {
                 EXPECT_FALSE(fs::exists(tmpFile));
             }
             fs::remove(tmpFile);
         },
         2, true},  // without bubblewrap, only a dedicated uid (root grader) keeps it out of the arena (README.md)
        {"fill_tmp", [](auto&) { return python("fill_tmp"); }, {T::OutputLimit, T::Exited}, {},
         [](const RunOutcome&, const Context& c) {
             for (const char* folder : {"/tmp", "/dev/shm"}) {
                 const fs::path left = fs::path(folder) / ("plyjudge-hostile-fill-" + c.arena.tag);
                 if (c.isolated) {
                     EXPECT_FALSE(fs::exists(left)) << left;
                 }
                 std::error_code ec;
                 fs::remove(left, ec);
             }
         }},
        // 12 files x 6 MiB in each folder (288 MiB under bubblewrap), all removed at the end; the quota is 32 MiB. Without
        // bubblewrap the temporary folders are the host's: only its own folder is written, and counted.
        {"scratch_flood",
         [](const Context& c) {
             std::vector<std::string> args = {"6", "12", "."};
             if (c.isolated) args.insert(args.end(), {"/tmp", "/var/tmp", "/dev/shm"});
             return python("scratch_flood", args);
         },
         {T::OutputLimit}, {},
         [](const RunOutcome& r, const Context& c) {
             EXPECT_NE(r.detail.find("disk quota"), std::string::npos) << r.detail;
             EXPECT_EQ(r.stdoutHead, "");  // stopped before it could remove its files and say so
             for (int i = 0; i < 12; ++i) std::filesystem::remove(c.arena.run / ("scratch-" + std::to_string(i)));
         }, 10},
        {"delete_input", [](auto&) { return python("delete_input"); }, {T::Exited}, {},
         [](const RunOutcome&, const Context& c) { EXPECT_FALSE(fs::exists(c.arena.run / "input.txt")); }},
    };
}

// What a run can reach: the network, other processes, inherited descriptors, secrets.
std::vector<Case> reachCases() {
    return {
        {"network", [](const Context& c) { return python("network", {std::to_string(c.port)}); }, {T::Exited}, {},
         [](const RunOutcome& r, const Context& c) {
             if (c.isolated) {
                 EXPECT_EQ(r.stdoutHead, "blocked 127.0.0.1\nblocked 1.1.1.1\n");
             }
         }},
        {"ptrace_attach", [](auto&) { return python("ptrace_attach"); }, {T::Exited}, {},
         [](const RunOutcome& r, auto&) { EXPECT_EQ(r.stdoutHead, "attached []\n"); }},
        {"walk_proc", [](auto&) { return python("walk_proc"); }, {T::Exited}, {},
         [](const RunOutcome& r, const Context& c) {
             // The grader's own command line (this test) is never in sight under bubblewrap (a pid namespace).
             if (c.isolated) {
                 EXPECT_EQ(r.stdoutHead.find("sandbox_hostile_test"), std::string::npos) << r.stdoutHead;
             }
         }},
        {"inherited_fds", [](auto&) { return python("inherited_fds"); }, {T::Exited}, {},
         [](const RunOutcome& r, auto&) { EXPECT_EQ(r.stdoutHead, "open []\n"); }},
        {"read_secrets",
         [](const Context& c) {
             return python("read_secrets", {(c.arena.otherSubmission / "solution.py").string(),
                                            c.arena.otherSubmission.parent_path().string(),
                                            (c.arena.expected / "output.txt").string(), c.arena.expected.string()});
         },
         {T::Exited}, {},
         [](const RunOutcome& r, const Context& c) {
             if (!c.isolated && ::geteuid() != 0) return;  // nothing hides them (README.md)
             EXPECT_EQ(r.stdoutHead.find("SECRET"), std::string::npos) << r.stdoutHead;
             EXPECT_EQ(r.stdoutHead.find("'solution.py'"), std::string::npos) << r.stdoutHead;  // a listing
         }},
    };
}

const std::vector<Case>& cases() {
    static const std::vector<Case> all = [] {
        std::vector<Case> v;
        for (auto table : {processCases, resourceCases, outputCases, filesystemCases, reachCases}) {
            std::vector<Case> t = table();
            v.insert(v.end(), std::make_move_iterator(t.begin()), std::make_move_iterator(t.end()));
        }
        return v;
    }();
    return all;
}

// A listening TCP socket on 127.0.0.1 (any port), closed with the object.
struct Listener {
    int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    int port = 0;
    Listener() {
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t len = sizeof a;
        ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
        ::listen(fd, 4);
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
        port = ntohs(a.sin_port);
    }
    bool connected() { return ::accept(fd, nullptr, nullptr) >= 0; }
    ~Listener() { ::close(fd); }
};

class HostileTest : public ::testing::TestWithParam<std::tuple<std::size_t, bool>> {};

TEST_P(HostileTest, GetsItsVerdictAndLeavesNothingBehind) {
    const Case& c = cases()[std::get<0>(GetParam())];
    const bool isolated = std::get<1>(GetParam());
    if (isolated && !isolationSupport().available) GTEST_SKIP() << isolationSupport().reason;
    if (!isolated && c.needsRootWithoutBwrap && ::geteuid() != 0)
        GTEST_SKIP() << "without bubblewrap only a root grader (dedicated uid) can stop this";
    if (c.needsRoot && ::geteuid() != 0) GTEST_SKIP() << "no process limit unless the grader is root";
    Arena arena;
    Listener listener;
    RunSpec spec;
    spec.workDir = arena.run;
    spec.isolate = isolated;
    spec.hiddenPaths = {arena.otherSubmission.parent_path(), arena.expected.parent_path()};
    spec.environment = {{"HOSTILE_TAG", arena.tag}};
    spec.limits.wallSeconds = c.wallSeconds;
    spec.limits.cpuSeconds = c.cpuSeconds;
    spec.limits.memoryBytes = c.memoryBytes;
    spec.limits.maxProcesses = 16;
    spec.limits.maxOpenFiles = 32;
    spec.limits.maxFileBytes = 8ULL << 20;
    spec.limits.diskBytes = 32ULL << 20;
    spec.limits.maxCapturedBytes = 4096;
    spec.limits.maxStreamBytes = 1ULL << 20;
    const Context context{arena, isolated, spec.limits, listener.port};
    spec.argv = c.argv(context);
    // The Python scripts' folder is declared, as a grader declares what a run reads (sandbox/README.md).
    spec.readOnlyPaths = {fs::path(HOSTILE_SRC_DIR)};

    const std::vector<fs::path> outside = {arena.run, arena.companion};
    const auto before = snapshot(arena.root, outside);
    const fs::path realHome = graderHome() / ("plyjudge-hostile-" + arena.tag);

    // A benign run alongside: the hostile one must not disturb it.
    RunSpec benign;
    benign.argv = {"/bin/sh", "-c", "sleep 0.3; echo alive"};
    benign.workDir = arena.companion;
    benign.isolate = isolated;
    benign.limits.wallSeconds = 30;
    auto companion = SandboxedProcess::start(benign);

    RunOutcome r = runSandboxed(spec);
    SCOPED_TRACE(c.name + (isolated ? " (bwrap)" : " (no bwrap)") + ": " + std::string(terminationName(r.termination)) +
                 ", " + r.detail + ", stdout: " + r.stdoutHead.substr(0, 200) + ", stderr: " +
                 r.stderrHead.substr(0, 300));
    const std::set<T>& expected = isolated && !c.expectedIsolated.empty() ? c.expectedIsolated : c.expected;
    EXPECT_TRUE(expected.count(r.termination)) << "unexpected termination";
    EXPECT_EQ(r.isolated, isolated);

    EXPECT_EQ(processesTagged(arena.tag), std::vector<pid_t>{}) << "processes left running";
    EXPECT_EQ(snapshot(arena.root, outside), before) << "files outside the run's directory changed";
    // Not readable to every user (/root for a test run by another user): an error counts as "not there".
    std::error_code noError;
    EXPECT_FALSE(fs::exists(realHome, noError)) << "wrote into the grader's home";
    fs::remove(realHome, noError);
    if (isolated) {
        EXPECT_FALSE(listener.connected()) << "reached the network";
    }

    auto benignOutcome = companion->waitFor(std::chrono::seconds(20));
    ASSERT_TRUE(benignOutcome.has_value());
    EXPECT_TRUE(benignOutcome->ok()) << terminationName(benignOutcome->termination) << ": " << benignOutcome->detail
                                     << " " << benignOutcome->stderrHead;
    EXPECT_EQ(benignOutcome->stdoutHead, "alive\n");
    for (pid_t z : unreapedChildren()) {
        std::ifstream status("/proc/" + std::to_string(z) + "/status");
        std::string all((std::istreambuf_iterator<char>(status)), std::istreambuf_iterator<char>());
        ADD_FAILURE() << "zombie left to the grader: " << z << "\n" << all.substr(0, 600);
    }

    if (c.check) c.check(r, context);
}

std::string caseName(const ::testing::TestParamInfo<HostileTest::ParamType>& info) {
    return cases()[std::get<0>(info.param)].name + (std::get<1>(info.param) ? "_bwrap" : "_plain");
}

INSTANTIATE_TEST_SUITE_P(Suite, HostileTest,
                         ::testing::Combine(::testing::Range<std::size_t>(0, cases().size()), ::testing::Bool()),
                         caseName);

}  // namespace
}  // namespace plyjudge::sandbox::hostile
