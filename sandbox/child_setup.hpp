// What the forked child does between fork and exec (a Boost.Process initializer), one function per protection:
// its own process group, death with the supervisor, default signals, the working directory, resource limits,
// (as root, without bubblewrap) a dedicated unprivileged uid, (as root, under bubblewrap) the run's own empty network
// namespace, the run's cgroups (whole-tree accounting and limits), and no inherited descriptors.
//
// Everything here runs in the child of a possibly multithreaded parent, so it uses only async-signal-safe
// system calls on data prepared before the fork (ChildPlan, made by launch.cpp:planChild). The child is made by vfork
// (launch.cpp:spawn): it shares the grader's memory until exec, so it also allocates nothing and writes no memory of
// the grader's but Boost's error code on failure.
#pragma once

#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <string>
#include <system_error>
#include <vector>

#include <boost/process/extend.hpp>
#include <fcntl.h>
#include <sched.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "sandbox/limits.hpp"


namespace plyjudge::sandbox::detail {

struct ChildPlan {
    std::string workDir;             // chdir target (before dropping privileges, so 0700 parents do not matter)
    std::vector<ChildLimit> limits;  // applied in order (limits.cpp:resourceLimits)
    int runUid = -1;                 // >= 0: switch to this uid/gid (only when the grader is root, without bwrap)
    int groupId = -1;                // >= 0: the one supplementary group kept with runUid (RunSpec::groupId)
    bool passFd3 = false;            // descriptor 3 is inherited (bwrap's --json-status-fd)
    bool passFd4 = false;            // descriptor 4 too (plyjudge-run-as's exec report, launch.hpp)
    int networkFd = -1;              // >= 0: join this network namespace (network.hpp; bwrap then makes none)
    std::vector<int> cgroupEntries;  // the files that enter the run's cgroups (cgroup.hpp), open for writing
    bool shortSlice = false;         // ask the scheduler for short slices (bwrap's processes; plyjudge-run-as undoes it)
};

// Process-tree containment: the child leads a process group of its own, so the cleanup's killpg reaches what it
// forks, and never the grader's group.
inline bool enterOwnProcessGroup() { return ::setpgid(0, 0) == 0; }

// Death with the supervisor: SIGKILL when the thread that started it ends (the thread supervising the run lives as
// long as the run), so a grader killed with -9 leaves no submission running.
inline bool dieWithSupervisor() {
    if (::prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) return false;
    if (::getppid() == 1) ::_exit(127);  // the parent already died between fork and prctl
    return true;
}

// Signals: default dispositions and an empty mask whatever the grader had, so SIGXCPU and SIGXFSZ end the
// program at its limits and SIGPIPE, SIGINT, SIGTERM and SIGHUP act as usual.
inline void resetSignals() {
    for (int s : {SIGPIPE, SIGXFSZ, SIGXCPU, SIGINT, SIGTERM, SIGHUP}) ::signal(s, SIG_DFL);
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
}

// Working directory: the program starts in it (entered before dropping privileges).
inline bool enterWorkDir(const ChildPlan& plan) { return ::chdir(plan.workDir.c_str()) == 0; }

// Resource limits: sets the rlimits of limits.cpp:resourceLimits, in order.
inline bool applyResourceLimits(const std::vector<ChildLimit>& limits) {
    for (const ChildLimit& l : limits) {
        rlimit rl{l.soft, l.hard};
        if (::setrlimit(l.resource, &rl) != 0) return false;
    }
    return true;
}

// Credentials: (root grader, no bubblewrap) no supplementary groups but the student's (groupId), then the run's own
// gid and uid as real, effective and saved ids. Returns the name of the call that failed, or nullptr. Raw syscalls:
// glibc's setuid() would try to synchronise threads that do not exist in the child.
inline const char* dropToRunUid(int runUid, int groupId) {
    if (runUid < 0) return nullptr;
    const gid_t groups[1] = {gid_t(groupId)};
    if (::syscall(SYS_setgroups, groupId >= 0 ? 1 : 0, groupId >= 0 ? groups : nullptr) != 0) return "setgroups";
    if (::syscall(SYS_setresgid, runUid, runUid, runUid) != 0) return "setresgid";
    if (::syscall(SYS_setresuid, runUid, runUid, runUid) != 0) return "setresuid";
    return nullptr;
}

// Network (bubblewrap, root grader): joins the run's own empty network namespace (network.hpp).
inline bool joinRunNetwork(int fd) { return fd < 0 || ::syscall(SYS_setns, fd, CLONE_NEWNET) == 0; }

// Whole-tree accounting (cgroup.hpp): the child enters the run's cgroups ("0" is the writer itself; the child is
// one thread, so the process moves whole) before it execs, so everything it starts is counted there, whatever it
// does with its children.
inline bool enterRunCgroups(const std::vector<int>& entries) {
    for (int fd : entries)
        if (::write(fd, "0", 1) != 1) return false;
    return true;
}

// Scheduling of the sandbox's own processes (bwrap, its pid 1, plyjudge-run-as, which undoes it before the program):
// the shortest slice EEVDF grants (Linux 6.12; ignored before), so that on a busy machine each of their wake-ups
// preempts sooner instead of waiting for the running task's slice. Their share of the CPU stays what their nice value
// gives; the policy and nice value are kept. Best effort: a kernel that refuses changes nothing else.
inline void requestShortSlice() {
    struct { std::uint32_t size, policy; std::uint64_t flags; std::int32_t nice; std::uint32_t priority;
             std::uint64_t runtime, deadline, period; std::uint32_t utilMin, utilMax; } attr{};
    if (::syscall(SYS_sched_getattr, 0, &attr, sizeof attr, 0) != 0) return;
    if (attr.policy != 0 /* SCHED_OTHER */ && attr.policy != 3 /* SCHED_BATCH */) return;
    attr.size = sizeof attr;
    attr.flags = 0;
    attr.runtime = 100000;  // ns: EEVDF's minimum slice
    ::syscall(SYS_sched_setattr, 0, &attr, 0);
}

// Descriptors: marks every descriptor from `first` up close-on-exec, so pipes of runs started concurrently by
// other threads never leak into this program (a leaked write end would keep another run's pipe from reaching EOF).
inline void closeInheritedDescriptorsOnExec(unsigned first) {
#ifdef SYS_close_range
    if (::syscall(SYS_close_range, first, ~0U, 4U /* CLOSE_RANGE_CLOEXEC */) == 0) return;
#endif
    rlimit rl{};
    long top = ::getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY ? long(rl.rlim_cur) : 65536;
    if (top > 65536) top = 65536;
    for (long fd = first; fd < top; ++fd) ::fcntl(int(fd), F_SETFD, FD_CLOEXEC);
}

struct ChildSetup : boost::process::extend::handler {
    const ChildPlan* plan;
    pid_t* failedChild;  // set in the parent when the child was created but could not exec (to be reaped)
    ChildSetup(const ChildPlan& p, pid_t& failed) : plan(&p), failedChild(&failed) {}

    template <class Executor>
    void on_error(Executor& exec, const std::error_code&) const {
        if (exec.pid > 0) *failedChild = exec.pid;
    }

    // The step that failed also goes to the run's error pipe (descriptor 2 by now), where spawn() reads it back:
    // Boost.Process hands the parent only the error code, and "Invalid argument" alone names no step.
    // The message given to Boost is a short constant: it is copied into a std::string of the grader's, which must
    // not allocate in a vforked child (the step's name reaches the grader through the pipe instead).
    template <class Executor>
    void fail(Executor& exec, const char* what) const {
        const int error = errno;
        reportFailedStep(what, error);
        exec.set_error(std::error_code(error, std::system_category()), "setup");
        ::_exit(127);
    }
    static void reportFailedStep(const char* what, int error) {
        char line[256];
        std::size_t n = 0;
        for (const char* part : {"sandbox setup, ", what, ": ", ::strerrordesc_np(error), "\n"}) {
            for (const char* c = part ? part : "?"; *c && n < sizeof line; ++c) line[n++] = *c;
        }
        [[maybe_unused]] const ssize_t written = ::write(2, line, n);
    }

    // The steps above, in this order (the uid is dropped after chdir, so 0700 parents of the directory do not matter).
    template <class Executor>
    void on_exec_setup(Executor& exec) const {
        if (!enterOwnProcessGroup()) fail(exec, "setpgid");
        if (!dieWithSupervisor()) fail(exec, "prctl(PR_SET_PDEATHSIG)");
        resetSignals();
        if (!enterWorkDir(*plan)) fail(exec, "chdir to the working directory");
        if (!applyResourceLimits(plan->limits)) fail(exec, "setrlimit");
        if (!joinRunNetwork(plan->networkFd)) fail(exec, "joining the run's network namespace");
        if (!enterRunCgroups(plan->cgroupEntries)) fail(exec, "entering the run's cgroup");
        if (plan->shortSlice) requestShortSlice();
        if (const char* call = dropToRunUid(plan->runUid, plan->groupId)) fail(exec, call);
        closeInheritedDescriptorsOnExec(plan->passFd4 ? 5U : plan->passFd3 ? 4U : 3U);
    }
};

}  // namespace plyjudge::sandbox::detail
