// SandboxedProcess: one supervisor thread per run starts the program (Boost.Process, with ChildSetup between
// fork and exec) and watches it until it ends: it reads stdout/stderr continuously, enforces the wall clock,
// the tree's CPU total and the output budget, reaps it with wait4 (CPU time, peak memory), and finally kills
// and reaps everything the run started. runSandboxed() is start() followed by waitFor(forever).
#include <atomic>
#include <cerrno>
#include <cmath>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <random>
#include <thread>

#include <boost/process.hpp>
#include <boost/process/posix.hpp>
#include <fcntl.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "grader/sandbox/child_setup.hpp"
#include "grader/sandbox/classify.hpp"
#include "grader/sandbox/isolation.hpp"
#include "grader/sandbox/process_tree.hpp"
#include "grader/sandbox/run_uid.hpp"
#include "grader/sandbox/sandbox.hpp"
#include "grader/sandbox/stream_capture.hpp"

namespace plyjudge::grader {

namespace {

namespace bp = boost::process;
using Clock = std::chrono::steady_clock;
using detail::StopReason;

constexpr auto kTick = std::chrono::milliseconds(100);  // how often the tree's CPU and size are measured

struct Trace {
    bool on = std::getenv("PLYJUDGE_SANDBOX_TRACE") != nullptr;
    Clock::time_point t0 = Clock::now();
    void operator()(const char* what) {
        if (on) std::fprintf(stderr, "[sandbox] %8.3f ms %s\n", std::chrono::duration<double, std::milli>(Clock::now() - t0).count(), what);
    }
};

double seconds(const timeval& t) { return double(t.tv_sec) + double(t.tv_usec) / 1e6; }

std::string uniqueToken() {
    static std::atomic<unsigned> counter{0};
    std::random_device rd;
    return std::to_string(::getpid()) + "-" + std::to_string(counter++) + "-" + std::to_string(rd());
}

// The program to execute: argv[0] as a path when it has a slash, else looked up in `path` (PATH syntax).
std::string resolveProgram(const std::string& name, const std::string& path) {
    if (name.find('/') != std::string::npos) return std::filesystem::absolute(name).string();
    std::vector<boost::filesystem::path> dirs;
    std::size_t start = 0;
    while (start <= path.size()) {
        std::size_t end = path.find(':', start);
        if (end == std::string::npos) end = path.size();
        if (end > start) dirs.emplace_back(path.substr(start, end - start));
        start = end + 1;
    }
    boost::filesystem::path found = bp::search_path(name, dirs);
    return found.empty() ? std::string() : found.string();
}

// Some file in the working directory reached the size limit (bounded walk; symlinks are not followed).
bool fileAtLimit(const std::filesystem::path& dir, std::uint64_t limit) {
    if (limit == 0) return false;
    std::error_code ec;
    std::filesystem::recursive_directory_iterator it(dir, std::filesystem::directory_options::skip_permission_denied, ec);
    int seen = 0;
    for (; !ec && it != std::filesystem::recursive_directory_iterator() && seen < 10000; it.increment(ec), ++seen) {
        std::error_code e2;
        if (it->is_regular_file(e2) && !it->is_symlink(e2) && it->file_size(e2) >= limit) return true;
    }
    return false;
}

// The pid of bwrap's pid-1 process, from --info-fd: written when bwrap started the namespace, so it is already
// in the pipe (no waiting for end of file: a process in the namespace may still hold the write end).
std::string bwrapInfo(detail::StreamCapture& info) {
    if (info.fd() >= 0) ::fcntl(info.fd(), F_SETFL, O_NONBLOCK);
    info.drain();
    return info.head();
}

class SupervisedProcess final : public SandboxedProcess {
public:
    explicit SupervisedProcess(const RunSpec& spec) : spec_(spec) {
        wakeFd_ = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
        thread_ = std::thread([this] { superviseSafely(); });
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [this] { return started_; });
    }

    ~SupervisedProcess() override {
        requestKill();
        if (thread_.joinable()) thread_.join();
        if (wakeFd_ >= 0) ::close(wakeFd_);
    }

    bool running() override {
        std::lock_guard lock(mutex_);
        return !finished_;
    }

    double cpuSeconds() override {
        {
            std::lock_guard lock(mutex_);
            if (finished_) return outcome_.cpuSeconds;
        }
        // Measured now rather than at the last tick: the referee charges CPU per move.
        std::lock_guard lock(membershipMutex_);
        if (membership_.root == 0) return 0;
        return detail::membersCpuSeconds(detail::runMembers(membership_, false), membership_.root);
    }

    std::optional<RunOutcome> waitFor(std::chrono::milliseconds timeout) override {
        std::unique_lock lock(mutex_);
        if (!changed_.wait_for(lock, timeout, [this] { return finished_; })) return std::nullopt;
        return outcome_;
    }

    RunOutcome wait() {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [this] { return finished_; });
        return outcome_;
    }

    RunOutcome killTree() override {
        requestKill();
        return wait();
    }

private:
    void requestKill() {
        killRequested_ = true;
        std::uint64_t one = 1;
        if (wakeFd_ >= 0) [[maybe_unused]] auto n = ::write(wakeFd_, &one, sizeof one);
    }

    void finish(RunOutcome outcome) {
        std::lock_guard lock(mutex_);
        outcome_ = std::move(outcome);
        started_ = true;
        finished_ = true;
        changed_.notify_all();
    }

    RunOutcome judgeError(std::string why) {
        RunOutcome o;
        o.termination = Termination::JudgeError;
        o.judgeError = std::move(why);
        o.detail = o.judgeError;
        return o;
    }

    void supervise();

    // Never lets an exception end the thread (std::terminate): a failure of ours is a JudgeError, after
    // killing whatever was started.
    void superviseSafely() {
        try {
            supervise();
        } catch (const std::exception& e) {
            std::lock_guard lock(membershipMutex_);
            if (membership_.root > 0) {
                std::vector<pid_t> leftovers;
                detail::killRun(membership_, false, leftovers);
                ::waitpid(membership_.root, nullptr, 0);
            }
            bool done;
            {
                std::lock_guard l(mutex_);
                done = finished_;
            }
            if (!done) finish(judgeError(std::string("sandbox failure: ") + e.what()));
        }
    }

    RunSpec spec_;
    std::mutex mutex_;
    std::condition_variable changed_;
    bool started_ = false, finished_ = false;
    RunOutcome outcome_;
    std::atomic<bool> killRequested_{false};
    int wakeFd_ = -1;
    std::mutex membershipMutex_;
    detail::RunMembership membership_;
    std::thread thread_;
};

void SupervisedProcess::supervise() {
    const SandboxLimits& lim = spec_.limits;
    if (spec_.argv.empty()) return finish(judgeError("empty command line"));
    std::error_code ec;
    if (!std::filesystem::is_directory(spec_.workDir, ec))
        return finish(judgeError("working directory " + spec_.workDir.string() + " does not exist"));
    const std::filesystem::path workDir = std::filesystem::absolute(spec_.workDir).lexically_normal();
    const bool isolated = spec_.isolate && isolationSupport().available;
    if (isolated)
        for (const auto& p : spec_.readOnlyPaths)
            if (!std::filesystem::exists(p, ec))
                return finish(judgeError("read-only path " + p.string() + " does not exist"));
    detail::becomeSubreaper();
    Trace trace;

    // The environment: minimal, plus the caller's additions, plus the run's marker (used to find escapees).
    const char* hostPath = std::getenv("PATH");
    bp::environment env;
    env["PATH"] = hostPath && *hostPath ? hostPath : "/usr/local/bin:/usr/bin:/bin";
    env["HOME"] = workDir.string();
    env["LANG"] = "C.UTF-8";
    for (const auto& [k, v] : spec_.environment) env[k] = v;
    const std::string token = uniqueToken();
    env["PLYJUDGE_SANDBOX_RUN"] = token;
    const std::string program = resolveProgram(spec_.argv[0], env["PATH"].to_string());
    if (program.empty()) return finish(judgeError("program not found: " + spec_.argv[0]));

    // Limits. RLIMIT_NPROC counts every process of the real uid, so it is set only where that uid is the run's
    // alone: a root grader gives each run a dedicated uid (with or without bubblewrap; under it the switch is
    // made by setpriv after bwrap has set up the namespaces). Elsewhere the supervisor counts the tree at each
    // tick instead, which cannot stop a fast fork bomb (README.md).
    const bool root = ::geteuid() == 0;
    detail::RunUidLease uid;
    if (root) {
        uid = detail::RunUidLease::acquire();
        if (spec_.sharedWorkDir) ::chmod(workDir.c_str(), 0777);
        else detail::giveTree(workDir, uid.uid());
    }
    trace("uid");
    detail::ChildPlan plan;
    plan.workDir = workDir.string();
    plan.runUid = uid.uid();
    if (spec_.sharedWorkDir) plan.umask = 0;
    auto add = [&](int resource, rlim_t soft, rlim_t hard) { plan.limits.push_back({resource, soft, hard}); };
    add(RLIMIT_CORE, 0, 0);
    if (lim.memoryBytes) add(RLIMIT_AS, lim.memoryBytes, lim.memoryBytes);
    if (lim.cpuSeconds > 0) {
        rlim_t s = rlim_t(std::ceil(lim.cpuSeconds));
        add(RLIMIT_CPU, s, s + 1);
    }
    if (lim.maxOpenFiles > 0) add(RLIMIT_NOFILE, rlim_t(lim.maxOpenFiles), rlim_t(lim.maxOpenFiles));
    if (lim.maxFileBytes) add(RLIMIT_FSIZE, lim.maxFileBytes, lim.maxFileBytes);
    const bool nprocEnforced = root && lim.maxProcesses > 0;
    if (nprocEnforced) add(RLIMIT_NPROC, rlim_t(lim.maxProcesses), rlim_t(lim.maxProcesses));

    std::vector<std::string> args;
    std::string exe = program;
    if (isolated) {
        args = detail::bubblewrapPrefix(spec_, detail::bubblewrapPath(), uid.uid(), 3);
        plan.passFd3 = true;
        plan.runUid = -1;  // bwrap needs root to set up; setpriv switches to the uid inside
        exe = args.front();
        args.erase(args.begin());
        args.push_back(program);
    }
    args.insert(args.end(), spec_.argv.begin() + 1, spec_.argv.end());

    int outPipe[2], errPipe[2], infoPipe[2] = {-1, -1};
    if (::pipe2(outPipe, O_CLOEXEC) != 0) return finish(judgeError("pipe2 failed"));
    if (::pipe2(errPipe, O_CLOEXEC) != 0 || (isolated && ::pipe2(infoPipe, O_CLOEXEC) != 0)) {
        for (int fd : {outPipe[0], outPipe[1], errPipe[0], errPipe[1]}) ::close(fd);
        return finish(judgeError("pipe2 failed"));
    }
    detail::StreamCapture info(infoPipe[0], 4096);  // bwrap's --info-fd
    detail::StreamCapture out(outPipe[0], lim.maxCapturedBytes, lim.keepTail), err(errPipe[0], lim.maxCapturedBytes, lim.keepTail);
    const auto startTime = Clock::now();
    pid_t pid = -1;
    {
        std::error_code spawnError;
        pid_t failedChild = -1;
        detail::ChildSetup setup(plan, failedChild);
        // Descriptor 3 is bwrap's --info-fd when isolated (otherwise a harmless duplicate of stderr, closed at exec).
        const int fd3 = isolated ? infoPipe[1] : errPipe[1];
        if (spec_.stdinFromDevNull) {
            bp::child c(bp::exe = exe, bp::args = args, bp::env = env, bp::std_in < bp::null,
                        bp::posix::fd.bind(1, outPipe[1]), bp::posix::fd.bind(2, errPipe[1]),
                        bp::posix::fd.bind(3, fd3), setup, spawnError);
            if (!spawnError) { pid = c.id(); c.detach(); }
        } else {  // stdin inherited from the grader (documented)
            bp::child c(bp::exe = exe, bp::args = args, bp::env = env,
                        bp::posix::fd.bind(1, outPipe[1]), bp::posix::fd.bind(2, errPipe[1]),
                        bp::posix::fd.bind(3, fd3), setup, spawnError);
            if (!spawnError) { pid = c.id(); c.detach(); }
        }
        ::close(outPipe[1]);
        ::close(errPipe[1]);
        if (infoPipe[1] >= 0) ::close(infoPipe[1]);
        if (failedChild > 0) ::waitpid(failedChild, nullptr, 0);
        if (pid <= 0)
            return finish(judgeError("could not start " + spec_.argv[0] + ": " + spawnError.message()));
    }
    trace("spawned");
    ::setpgid(pid, pid);  // also done in the child; whichever runs first wins the race with killpg
    ::fcntl(out.fd(), F_SETFL, O_NONBLOCK);
    ::fcntl(err.fd(), F_SETFL, O_NONBLOCK);
    {
        std::lock_guard lock(membershipMutex_);
        membership_.root = pid;
        membership_.runUid = uid.uid();
        membership_.marker = "PLYJUDGE_SANDBOX_RUN=" + token;
        membership_.isolated = isolated;
    }
    {
        std::lock_guard lock(mutex_);
        started_ = true;
        changed_.notify_all();
    }
    int pidfd = int(::syscall(SYS_pidfd_open, pid, 0));

    detail::RawEnd end;
    end.isolated = isolated;
    rusage usage{};
    bool reaped = false;
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
        pollfd fds[4] = {{out.fd(), POLLIN, 0}, {err.fd(), POLLIN, 0}, {pidfd, POLLIN, 0}, {wakeFd_, POLLIN, 0}};
        // Without a pidfd (old kernels) the exit is noticed by the wait4 below at each wake-up.
        if (pidfd < 0 && timeoutMs > 10) timeoutMs = 10;
        ::poll(fds, 4, timeoutMs);
        if (fds[0].revents) out.drain();
        if (fds[1].revents) err.drain();
        if (lim.maxStreamBytes && (out.total() > lim.maxStreamBytes || err.total() > lim.maxStreamBytes)) {
            end.stop = StopReason::Output;
            break;
        }
        int status = 0;
        if (::wait4(pid, &status, WNOHANG, &usage) == pid) {
            end.waitStatus = status;
            reaped = true;
            break;
        }
        if (killRequested_) {
            end.stop = StopReason::Caller;
            break;
        }
        now = Clock::now();
        if (now >= deadline) {
            end.stop = StopReason::Wall;
            break;
        }
        if (now >= nextTick) {
            nextTick = now + kTick;
            std::lock_guard lock(membershipMutex_);
            auto members = detail::runMembers(membership_, false);
            double cpu = detail::membersCpuSeconds(members, pid);
            if (lim.cpuSeconds > 0 && cpu > lim.cpuSeconds) {
                end.stop = StopReason::Cpu;
                break;
            }
            // Processes, not threads; bwrap adds two of its own.
            if (!nprocEnforced && lim.maxProcesses > 0 && int(members.size()) > lim.maxProcesses + (isolated ? 2 : 0)) {
                end.stop = StopReason::Processes;
                break;
            }
        }
    }

    trace("loop done");
    // Kill everything it started, reap the process we started, then collect the orphans that came back to us.
    std::vector<pid_t> leftovers;
    double orphanCpu = 0;
    double liveCpu = 0;
    {
        std::lock_guard lock(membershipMutex_);
        membership_.exitedByItself = reaped;
        if (!reaped) {  // after a normal exit the second round below is enough
            liveCpu = detail::membersCpuSeconds(detail::runMembers(membership_, false), pid);
            orphanCpu += detail::killRun(membership_, false, leftovers);
        }
    }
    trace("killRun1");
    if (!reaped) {
        int status = 0;
        while (::wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {}
        end.waitStatus = status;
    }
    if (isolated) orphanCpu += detail::reapNamespaceInit(bwrapInfo(info));
    {
        std::lock_guard lock(membershipMutex_);
        orphanCpu += detail::killRun(membership_, true, leftovers);
    }
    trace("killRun2");
    if (pidfd >= 0) ::close(pidfd);
    const auto endTime = Clock::now();

    // What is left in the pipes (every writer is dead now, so EOF comes quickly unless a process survived).
    const auto drainDeadline = Clock::now() + std::chrono::milliseconds(500);
    while ((out.fd() >= 0 || err.fd() >= 0) && Clock::now() < drainDeadline) {
        pollfd fds[2] = {{out.fd(), POLLIN, 0}, {err.fd(), POLLIN, 0}};
        ::poll(fds, 2, 50);
        if (fds[0].revents) out.drain();
        if (fds[1].revents) err.drain();
    }

    trace("drained");
    RunOutcome o;
    o.isolated = isolated;
    o.wallSeconds = std::chrono::duration<double>(endTime - startTime).count();
    o.cpuSeconds = std::max(seconds(usage.ru_utime) + seconds(usage.ru_stime) + orphanCpu, liveCpu);
    o.peakMemoryBytes = std::uint64_t(usage.ru_maxrss) * 1024;
    o.stdoutBytes = out.total();
    o.stderrBytes = err.total();
    end.stderrTail = err.tail();
    end.fileAtLimit = fileAtLimit(workDir, lim.maxFileBytes);
    o.stdoutHead = out.takeHead();
    o.stderrHead = err.takeHead();
    detail::classify(end, lim, o);
    if (!leftovers.empty()) o.detail += (o.detail.empty() ? "" : "; ") + std::to_string(leftovers.size()) +
                                        " process(es) could not be killed";
    if (uid.uid() >= 0 && !spec_.sharedWorkDir) detail::giveTree(workDir, ::geteuid());
    trace("classified");
    finish(std::move(o));
}

}  // namespace

std::unique_ptr<SandboxedProcess> SandboxedProcess::start(const RunSpec& spec) {
    return std::make_unique<SupervisedProcess>(spec);
}

RunOutcome runSandboxed(const RunSpec& spec) {
    SupervisedProcess process(spec);
    return process.wait();
}

std::string_view terminationName(Termination t) {
    switch (t) {
        case Termination::Exited: return "exited";
        case Termination::Signaled: return "signaled";
        case Termination::WallTimeout: return "wall-timeout";
        case Termination::CpuTimeout: return "cpu-timeout";
        case Termination::MemoryLimit: return "memory-limit";
        case Termination::OutputLimit: return "output-limit";
        case Termination::JudgeError: return "judge-error";
    }
    return "unknown";
}

}  // namespace plyjudge::grader
