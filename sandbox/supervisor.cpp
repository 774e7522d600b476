// The supervisor: one thread per run (sandboxed_process.cpp) runs supervise(), which reads as the list of the
// run's steps: check the spec, the environment, credentials, resource limits, the command line (bubblewrap or
// not), the pipes, the spawn; then watchRun() enforces the wall clock, the output budget and the tree's limits
// until the program ends; then the cleanup kills and reaps everything, and the outcome is accounted and classified.
#include "sandbox/supervisor.hpp"

#include <cerrno>
#include <chrono>
#include <csignal>

#include <mutex>
#include <optional>

#include <fcntl.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sandbox/accounting.hpp"
#include "sandbox/cgroup.hpp"
#include "sandbox/classify.hpp"
#include "sandbox/cleanup.hpp"
#include "sandbox/disk_quota.hpp"
#include "sandbox/launch.hpp"
#include "sandbox/limits.hpp"
#include "sandbox/network.hpp"
#include "sandbox/isolation.hpp"
#include "sandbox/run_uid.hpp"
#include "sandbox/stream_capture.hpp"
#include "sandbox/trace.hpp"

namespace plyjudge::sandbox::detail {

namespace {

using Clock = std::chrono::steady_clock;

constexpr auto kTick = std::chrono::milliseconds(100);  // how often the tree's CPU and size are measured

std::atomic<bool> cancelled{false};
std::atomic<int> cancelFd{-1};

// What watchRun saw: why it stopped watching, and the program's end if it was reaped.
struct Watched {
    RawEnd end;
    bool reaped = false;  // the program exited by itself (end.waitStatus and usage are its)
    rusage usage{};
};

// Wall clock (and the watch): until the program exits, reads its output as it comes, and stops at the first of
// the wall-time limit, a flood (stream_capture.cpp:overOutputBudget), the caller's kill request, or a limit of
// the tree measured every kTick (accounting.cpp:sampleTree, disk_quota.hpp).
Watched watchRun(pid_t pid, int pidfd, RunStreams& streams, const SandboxLimits& lim, Clock::time_point startTime,
                 SupervisorLink& link, bool kernelLimitsNproc, bool isolated, const RunCgroup& cgroup, DiskQuota& disk) {
    Watched w;
    w.end.isolated = isolated;
    const auto deadline = lim.wallSeconds > 0
                              ? startTime + std::chrono::duration_cast<Clock::duration>(
                                                std::chrono::duration<double>(lim.wallSeconds))
                              : Clock::time_point::max();
    auto nextTick = startTime + kTick;
    while (true) {
        auto now = Clock::now();
        auto until = std::min(deadline, nextTick);
        int timeoutMs = until <= now ? 0
                                     : int(std::chrono::ceil<std::chrono::milliseconds>(until - now).count());
        pollfd fds[5] = {{streams.out.fd(), POLLIN, 0}, {streams.err.fd(), POLLIN, 0}, {pidfd, POLLIN, 0},
                         {link.wakeFd, POLLIN, 0}, {cancelWakeFd(), POLLIN, 0}};
        // Without a pidfd (old kernels) the exit is noticed by the wait4 below at each wake-up.
        if (pidfd < 0 && timeoutMs > 10) timeoutMs = 10;
        ::poll(fds, 5, timeoutMs);
        if (fds[0].revents) streams.out.drain();
        if (fds[1].revents) streams.err.drain();
        if (overOutputBudget(streams, lim)) {
            w.end.stop = StopReason::Output;
            return w;
        }
        int status = 0;
        if (::wait4(pid, &status, WNOHANG, &w.usage) == pid) {
            w.end.waitStatus = status;
            w.reaped = true;
            return w;
        }
        if (link.killRequested || cancelRequested()) {
            w.end.stop = StopReason::Caller;
            return w;
        }
        now = Clock::now();
        if (now >= deadline) {
            w.end.stop = StopReason::Wall;
            return w;
        }
        if (now >= nextTick) {
            nextTick = now + kTick;
            // With cgroups the tree is the cgroup's (its CPU also counts children that exited unreaped by anyone).
            w.end.stop = cgroup.active() ? sampleCgroupTree(link.membership, lim, kernelLimitsNproc, isolated,
                                                            cgroup.cpuSeconds(), cgroup.processes())
                                         : sampleTree(link.membership, lim, kernelLimitsNproc, isolated);
            if (w.end.stop != StopReason::None) return w;
            if (disk.over(streams.info)) {
                w.end.stop = StopReason::Disk;
                w.end.diskQuotaDetail = disk.detail();
                return w;
            }
        }
    }
}

// Why a run must not start at all: an invalid spec, or every run cancelled already.
std::optional<RunOutcome> refusal(const RunSpec& spec) {
    if (std::string why = invalidSpec(spec); !why.empty()) return judgeError(JudgeComponent::Grader, why);
    cancelWakeFd();  // made before a cancel can need it
    if (cancelRequested()) {
        RunOutcome o = judgeError(JudgeComponent::Grader, "cancelled before it started");
        o.cancelled = true;
        return o;
    }
    return std::nullopt;
}

// The run's processes from now on, for the watch, the CPU readings of the caller and the cleanup: the program's
// pid, its run uid and the marker in its environment.
void registerRun(SharedMembership& membership, pid_t pid, int runUid, const std::string& token, bool isolated) {
    std::lock_guard lock(membership.mutex);
    membership.run.root = pid;
    membership.run.runUid = runUid;
    membership.run.marker = "PLYJUDGE_SANDBOX_RUN=" + token;
    membership.run.isolated = isolated;
}

// The run watched to its end, then everything killed and reaped (cleanup.cpp) and the output drained.
struct Ended {
    Watched watched;
    CleanupResult cleanup;
    double wallSeconds = 0;  // from the start to the end of the cleanup
};

Ended watchToTheEnd(pid_t pid, RunStreams& streams, const SandboxLimits& lim, Clock::time_point startTime,
                    SupervisorLink& link, bool kernelLimitsNproc, bool isolated, const RunCgroup& cgroup, DiskQuota& disk,
                    Trace& trace) {
    const int pidfd = int(::syscall(SYS_pidfd_open, pid, 0));
    Ended e;
    e.watched = watchRun(pid, pidfd, streams, lim, startTime, link, kernelLimitsNproc, isolated, cgroup, disk);
    trace("loop done");
    e.cleanup = killEverything(link.membership, e.watched.reaped, e.watched.end.waitStatus, e.watched.usage,
                               streams.info, trace);
    if (pidfd >= 0) ::close(pidfd);
    e.wallSeconds = std::chrono::duration<double>(Clock::now() - startTime).count();
    drainAfterEnd(streams);
    trace("drained");
    return e;
}

// CPU time and peak memory, from the reaped processes, the samples of the watch and the tree's cgroup.
void accountRun(RunOutcome& o, const Watched& w, const CleanupResult& cleanup, const RunCgroup& cgroup,
                SharedMembership& membership) {
    std::uint64_t sampledPeak;
    {
        std::lock_guard lock(membership.mutex);
        sampledPeak = membership.run.sampledPeakBytes;
    }
    accountUsage(o, w.usage, cleanup.reaped, cleanup.liveCpu, sampledPeak,
                 cleanup.namespaceEnd != NamespaceEnd::ReapedHere);
    accountTreeUsage(o, cgroup.cpuSeconds(), cgroup.peakBytes());
}

// bwrap's own lines in what the run wrote on stderr ("bwrap: Can't mkdir ...: Read-only file system").
std::string bwrapLines(const std::string& stderrTail) {
    std::string lines;
    for (std::size_t at = 0; at < stderrTail.size();) {
        std::size_t end = stderrTail.find('\n', at);
        if (end == std::string::npos) end = stderrTail.size();
        if (stderrTail.compare(at, 6, "bwrap:") == 0) lines += (lines.empty() ? "" : "; ") + stderrTail.substr(at, end - at);
        at = end + 1;
    }
    return lines.empty() ? "bwrap exited before starting the program, without saying why" : lines;
}

// Whether the sandbox started the program at all, from its own channels, which the program never holds: a run that
// ended by itself under bubblewrap without bwrap's "exit-code" status (written only once the run was set up and the
// program exec'd) failed in bwrap (a mount, a namespace, the exec); one whose plyjudge-run-as wrote on its exec report
// could not execute the program. bwrap's stderr lines are quoted only then, when no program of the run ever ran.
std::optional<JudgeFault> sandboxFault(bool isolated, bool endedByItself, RunStreams& streams, const std::string& stderrTail) {
    if (!isolated || !endedByItself) return std::nullopt;
    if (streams.execReport.fd() >= 0) {
        ::fcntl(streams.execReport.fd(), F_SETFL, O_NONBLOCK);
        streams.execReport.drain();
    }
    std::string report = streams.execReport.head();
    while (!report.empty() && report.back() == '\n') report.pop_back();
    // Only the helper's own line counts (run_as_main.cpp:die): anything else on the descriptor is not its report.
    if (report.starts_with("plyjudge-run-as: "))
        return JudgeFault{JudgeComponent::Interpreter, "the program could not be executed (" + report + ")",
                          "install the interpreter where the run users can execute it, or name it in the assignment's "
                          "run.interpreters (--interpreter NAME=PATH)"};
    if (streams.info.head().find("\"exit-code\"") != std::string::npos) return std::nullopt;
    const std::string words = bwrapLines(stderrTail);
    if (words.find("execvp") != std::string::npos)
        return JudgeFault{JudgeComponent::Interpreter, "the program could not be executed (" + words + ")",
                          "install the interpreter where the sandbox shows it (/usr), or name it in the assignment's "
                          "run.interpreters (--interpreter NAME=PATH)"};
    return JudgeFault{JudgeComponent::Sandbox, "bubblewrap could not set up the run (" + words + ")",
                      "PLYJUDGE_SANDBOX_TRACE=1 prints the bwrap command line; run it by hand to see the failing step"};
}

// The output kept for the outcome, and the evidence of a limit reached (or of a sandbox that never started the
// program) that classify() reads.
void collectEvidence(RunOutcome& o, RawEnd& end, RunStreams& streams, const RunCgroup& cgroup,
                     const WorkTreeFigures& atEnd, const SandboxLimits& lim, bool endedByItself) {
    end.treeMemoryKilled = cgroup.memoryLimitKilled();
    o.stdoutBytes = streams.out.total();
    o.stderrBytes = streams.err.total();
    end.stderrTail = streams.err.tail();
    end.stdoutTail = streams.out.tail();  // the JVM says why it could not start on stdout
    // bwrap's own failure is an exit (its die() exits 1); killed by a signal, it was stopped from outside (a scheduler's
    // scancel signals every process of the job, bwrap too): no evidence of a fault, and the run may be cancelled.
    const bool bwrapExited = endedByItself && WIFEXITED(end.waitStatus) && !cancelRequested();
    end.sandboxFault = sandboxFault(end.isolated, bwrapExited, streams, end.stderrTail);
    // Python ignores SIGXFSZ and sees EFBIG: a file at the limit is the evidence.
    end.fileAtLimit = lim.maxFileBytes > 0 && atEnd.largestFile >= lim.maxFileBytes;
    o.stdoutHead = streams.out.takeHead();
    o.stderrHead = streams.err.takeHead();
}

// The termination and its detail (classify.cpp), whether it was cancelled, and what could not be killed.
void classifyRun(RunOutcome& o, const RawEnd& end, const CleanupResult& cleanup, const SandboxLimits& lim) {
    classify(end, lim, o);
    // Also a death by SIGTERM/SIGKILL while the grader is being stopped: a scheduler's scancel signals every process
    // of the job, the program too, sometimes before the grader's own kill (seen under Slurm: "killed by signal 15").
    const bool killedWithGrader = o.termination == Termination::Signaled && (o.signal == SIGTERM || o.signal == SIGKILL);
    o.cancelled = cancelRequested() && (end.stop == StopReason::Caller || killedWithGrader);
    if (!cleanup.leftovers.empty())
        o.detail += (o.detail.empty() ? "" : "; ") + std::to_string(cleanup.leftovers.size()) +
                    " process(es) could not be killed";
}

}  // namespace

bool cancelRequested() { return cancelled.load(); }

int cancelWakeFd() {
    static std::once_flag once;
    std::call_once(once, [] { cancelFd = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK); });
    return cancelFd.load();
}

RunOutcome judgeError(JudgeComponent component, std::string what, std::string fix) {
    RunOutcome o;
    o.judgeFault = JudgeFault{component, std::move(what), std::move(fix)};
    o.detail = o.judgeFault->what;
    return o;
}

RunOutcome supervise(const RunSpec& spec, SupervisorLink& link) {
    const SandboxLimits& lim = spec.limits;
    if (std::optional<RunOutcome> refused = refusal(spec)) return *refused;
    const std::filesystem::path workDir = std::filesystem::absolute(spec.workDir).lexically_normal();
    const bool isolated = spec.isolate && isolationSupport().available;
    if (isolated)
        if (std::string why = missingBindSource(spec); !why.empty()) return judgeError(JudgeComponent::Sandbox, why);
    becomeSubreaper();
    Trace trace;

    const std::string token = uniqueToken();
    boost::process::environment env = runEnvironment(spec, workDir, token);
    const std::string program = resolveProgram(spec.argv[0], env["PATH"].to_string());
    if (program.empty())
        return judgeError(JudgeComponent::Interpreter, "program not found: " + spec.argv[0],
                          "install it, or name its path in the assignment's run.interpreters (--interpreter NAME=PATH)");
    WorkTreeFigures atStart;
    bool walked = false;
    const RunUidLease uid = assignRunUid(spec, workDir, atStart, walked);
    if (!walked && (spec.measureWorkDir || lim.diskBytes > 0)) atStart = walkWorkTree(workDir);
    DiskQuota disk(lim, workDir, atStart.bytes, isolated);
    const RunCgroup cgroup = RunCgroup::create(token, spec.limits);
    const NetworkLease network = isolated ? NetworkLease::acquire() : NetworkLease();
    trace("uid, cgroup, network");
    const ChildPlan plan = planChild(spec, workDir, uid.uid(), isolated, network.fd(), cgroup.entryDescriptors());
    const CommandLine command = commandLine(spec, program, uid.uid(), isolated, network.fd() >= 0);
    trace.command(command.exe, command.args, command.mounts);
    RunPipes pipes;
    if (!pipes.open(isolated, reportsExecFailure(isolated, uid.uid()))) return judgeError(JudgeComponent::Grader, "pipe2 failed");
    RunStreams streams(pipes, lim.maxCapturedBytes, lim.keepTail);
    const auto startTime = Clock::now();
    std::string spawnError;
    const pid_t pid = spawn(command, env, plan, pipes, spec.stdinFromDevNull, spawnError);
    if (pid <= 0) return judgeError(JudgeComponent::Sandbox, "could not start " + spec.argv[0] + ": " + spawnError);
    trace("spawned");
    registerRun(link.membership, pid, uid.uid(), token, isolated);
    link.started();

    Ended e = watchToTheEnd(pid, streams, lim, startTime, link, kernelLimitsProcesses(lim, uid.uid() >= 0), isolated,
                            cgroup, disk, trace);
    RunOutcome o;
    o.isolated = isolated;
    o.wallSeconds = e.wallSeconds;
    accountRun(o, e.watched, e.cleanup, cgroup, link.membership);
    // Nothing of the run is alive: the directory is handed back and measured in one walk.
    const WorkTreeFigures atEnd = returnWorkDir(spec, workDir, uid, spec.measureWorkDir || lim.maxFileBytes > 0);
    collectEvidence(o, e.watched.end, streams, cgroup, atEnd, lim, e.watched.reaped);
    classifyRun(o, e.watched.end, e.cleanup, lim);
    if (spec.measureWorkDir) {
        o.workDirBytesAtStart = atStart.bytes;
        o.workDirBytesAtEnd = atEnd.bytes;
    }
    trace("classified");
    return o;
}

}  // namespace plyjudge::sandbox::detail

namespace plyjudge::sandbox {

void cancelAllRuns() noexcept {
    detail::cancelled = true;
    const int fd = detail::cancelFd.load();
    const std::uint64_t one = 1;
    if (fd >= 0) [[maybe_unused]] auto n = ::write(fd, &one, sizeof one);
}

}  // namespace plyjudge::sandbox
