// Boost.Process offers vfork (bp::posix::use_vfork) only where its config sees an old POSIX level; glibc has vfork
// under every level. Defined before any Boost header, here alone: only this file starts processes that way.
#define BOOST_POSIX_HAS_VFORK 1
#include "sandbox/launch.hpp"

#include "common/program_search.hpp"

#include <cstdlib>
#include <atomic>
#include <random>

#include <boost/process.hpp>
#include <boost/process/posix.hpp>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sandbox/isolation.hpp"
#include "sandbox/limits.hpp"

namespace plyjudge::sandbox::detail {

namespace bp = boost::process;

std::string invalidSpec(const RunSpec& spec) {
    if (spec.argv.empty()) return "empty command line";
    std::error_code ec;
    if (!std::filesystem::is_directory(spec.workDir, ec))
        return "working directory " + spec.workDir.string() + " does not exist";
    if (!spec.startDir.empty()) {
        const auto inside = std::filesystem::absolute(spec.startDir).lexically_normal().lexically_relative(
            std::filesystem::absolute(spec.workDir).lexically_normal());
        if (inside.empty() || inside.native().starts_with(".."))
            return "start directory " + spec.startDir.string() + " is not inside the working directory";
        if (!std::filesystem::is_directory(spec.startDir, ec))
            return "start directory " + spec.startDir.string() + " does not exist";
    }
    return "";
}

std::string uniqueToken() {
    static std::atomic<unsigned> counter{0};
    thread_local std::random_device rd;  // opened once a thread: a grade starts thousands of runs
    return std::to_string(::getpid()) + "-" + std::to_string(counter++) + "-" + std::to_string(rd());
}

bp::environment runEnvironment(const RunSpec& spec, const std::filesystem::path& workDir, const std::string& token) {
    bp::environment env;
    env["PATH"] = hostPath();  // common/program_search.hpp
    env["HOME"] = workDir.string();
    env["LANG"] = "C.UTF-8";
    for (const auto& [k, v] : spec.environment) env[k] = v;
    env["PLYJUDGE_SANDBOX_RUN"] = token;
    return env;
}

std::string resolveProgram(const std::string& name, const std::string& path) {
    // A path is run as written (its exec failing is the sandbox's evidence); a name is searched as everywhere else.
    if (name.find('/') != std::string::npos) return std::filesystem::absolute(name).string();
    return findInPath(name, path).string();
}

bool reportsExecFailure(bool isolated, int runUid) { return isolated && runUid >= 0 && !runAsPath().empty(); }

ChildPlan planChild(const RunSpec& spec, const std::filesystem::path& workDir, int runUid, bool isolated,
                    int networkFd, std::vector<int> cgroupEntries) {
    ChildPlan plan;
    plan.workDir = spec.startDir.empty() ? workDir.string() : std::filesystem::absolute(spec.startDir).lexically_normal().string();
    // With the run's cgroups, memory.max limits the tree's memory; without, the address space stands in for it.
    plan.limits = resourceLimits(spec.limits, runUid >= 0, addressSpaceFor(spec.limits, runtimeOf(spec), !cgroupEntries.empty()));
    plan.runUid = isolated ? -1 : runUid;  // bwrap needs root to set up; plyjudge-run-as switches to the uid inside
    plan.groupId = isolated ? -1 : spec.groupId;  // under bwrap the staged files of others are out of sight
    if (spec.sharedWorkDir) plan.umask = 0;
    plan.passFd3 = isolated;
    plan.passFd4 = reportsExecFailure(isolated, runUid);
    if (isolated) plan.networkFd = networkFd;
    plan.cgroupEntries = std::move(cgroupEntries);
    // Only where plyjudge-run-as, which gives the program the default slice back, runs between bwrap and the program.
    plan.shortSlice = isolated && runUid >= 0 && !runAsPath().empty();
    return plan;
}

CommandLine commandLine(const RunSpec& spec, const std::string& program, int runUid, bool isolated, bool networkJoined) {
    CommandLine command{program, {}};
    if (isolated) {
        static const bool traced = std::getenv("PLYJUDGE_SANDBOX_TRACE") != nullptr;  // trace.hpp
        command.args = bubblewrapPrefix(spec, bubblewrapPath(), runUid, kBwrapStatusFd, networkJoined, program,
                                        traced ? &command.mounts : nullptr);
        command.exe = command.args.front();
        command.args.erase(command.args.begin());
        command.args.push_back(program);
    }
    command.args.insert(command.args.end(), spec.argv.begin() + 1, spec.argv.end());
    return command;
}

namespace {
// What a child that failed before exec wrote on its error pipe (it has exited and the grader's write end is
// closed, so the read does not wait), without the line end.
std::string readFailedStep(int fd) {
    pollfd ready{fd, POLLIN, 0};
    if (fd < 0 || ::poll(&ready, 1, 0) <= 0) return {};
    char buffer[256];
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n <= 0) return {};
    std::string text(buffer, static_cast<std::size_t>(n));
    while (!text.empty() && text.back() == '\n') text.pop_back();
    return text;
}
}  // namespace

pid_t spawn(const CommandLine& command, const bp::environment& env, const ChildPlan& plan, RunPipes& pipes,
            bool stdinFromDevNull, std::string& error) {
    pid_t pid = -1;
    std::error_code spawnError;
    pid_t failedChild = -1;
    ChildSetup setup(plan, failedChild);
    // Descriptors 3 and 4 are bwrap's --json-status-fd and plyjudge-run-as's exec report when isolated (otherwise
    // harmless duplicates of stderr, closed at exec).
    const int fd3 = pipes.info[1] >= 0 ? pipes.info[1] : pipes.err[1];
    const int fd4 = pipes.execReport[1] >= 0 ? pipes.execReport[1] : pipes.err[1];
    // vfork: the child borrows the grader's memory until it execs instead of copying its page tables (a fork of the
    // grader cost it about 0.35 ms a run, and the child as much again to drop the copy at exec). The child's steps
    // (child_setup.hpp) only make system calls on the prepared plan and write nothing the grader reads but the error
    // code. All signals stay blocked in this thread meanwhile, so no handler of the grader's runs in the child before
    // it resets them and unblocks (resetSignals); other threads take the grader's signals.
    sigset_t all, before;
    sigfillset(&all);
    ::pthread_sigmask(SIG_SETMASK, &all, &before);
    auto start = [&](auto&&... stdinFrom) {
        bp::child c(bp::exe = command.exe, bp::args = command.args, bp::env = env, stdinFrom...,
                    bp::posix::fd.bind(1, pipes.out[1]), bp::posix::fd.bind(2, pipes.err[1]),
                    bp::posix::fd.bind(kBwrapStatusFd, fd3),
                    bp::posix::fd.bind(kExecReportFd, fd4), setup, spawnError, bp::posix::use_vfork);
        if (!spawnError) { pid = c.id(); c.detach(); }
    };
    if (stdinFromDevNull) start(bp::std_in < bp::null);
    else start();  // stdin inherited from the grader (documented)
    ::pthread_sigmask(SIG_SETMASK, &before, nullptr);
    pipes.closeWriteEnds();
    if (failedChild > 0) ::waitpid(failedChild, nullptr, 0);
    if (pid <= 0) {
        error = spawnError.message();
        // A child that was created says which step failed: a setup step on its error pipe (ChildSetup::fail),
        // else it was the exec itself. No child: the pipes or the fork failed in the grader.
        if (failedChild > 0) {
            const std::string step = readFailedStep(pipes.err[0]);
            error = step.empty() ? "execve: " + error : step;
        }
        return -1;
    }
    ::setpgid(pid, pid);  // also done in the child; whichever runs first wins the race with killpg
    return pid;
}

}  // namespace plyjudge::sandbox::detail
