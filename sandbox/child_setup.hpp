// What the forked child does between fork and exec (a Boost.Process initializer): its own process group,
// resource limits, no inherited descriptors, death with the grader, and (as root) a dedicated unprivileged uid.
//
// Everything here runs in the child of a possibly multithreaded parent, so it uses only async-signal-safe
// system calls on data prepared before the fork (ChildPlan).
#pragma once

#include <cerrno>
#include <csignal>
#include <cstdint>
#include <string>
#include <system_error>
#include <vector>

#include <boost/process/extend.hpp>
#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace plyjudge::sandbox::detail {

struct ChildLimit {
    int resource;
    rlim_t soft, hard;
};

struct ChildPlan {
    std::string workDir;             // chdir target (before dropping privileges, so 0700 parents do not matter)
    std::vector<ChildLimit> limits;  // applied in order
    int runUid = -1;                 // >= 0: switch to this uid/gid (only when the grader is root)
    int umask = -1;                  // >= 0: the program's umask
    bool passFd3 = false;            // descriptor 3 is inherited (bwrap's --info-fd)
};

// Marks every descriptor from 3 up close-on-exec, so pipes of runs started concurrently by other threads
// never leak into this program (a leaked write end would keep another run's pipe from reaching EOF).
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

    template <class Executor>
    void fail(Executor& exec, const char* what) const {
        exec.set_error(std::error_code(errno, std::system_category()), what);
        ::_exit(127);
    }

    template <class Executor>
    void on_exec_setup(Executor& exec) const {
        // Own process group: the whole group is killed at the end (killpg), never the grader's.
        if (::setpgid(0, 0) != 0) fail(exec, "setpgid");
        // Dies with the thread that started it (the run's supervisor thread lives as long as the run),
        // so a grader killed with -9 leaves no submission running.
        if (::prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) fail(exec, "prctl(PR_SET_PDEATHSIG)");
        if (::getppid() == 1) ::_exit(127);  // the parent already died between fork and prctl
        for (int s : {SIGPIPE, SIGXFSZ, SIGXCPU, SIGINT, SIGTERM, SIGHUP}) ::signal(s, SIG_DFL);
        sigset_t none;
        sigemptyset(&none);
        ::sigprocmask(SIG_SETMASK, &none, nullptr);
        if (::chdir(plan->workDir.c_str()) != 0) fail(exec, "chdir to the working directory");
        if (plan->umask >= 0) ::umask(mode_t(plan->umask));
        for (const ChildLimit& l : plan->limits) {
            rlimit rl{l.soft, l.hard};
            if (::setrlimit(l.resource, &rl) != 0) fail(exec, "setrlimit");
        }
        if (plan->runUid >= 0) {
            // Raw syscalls: glibc's setuid() would try to synchronise threads that do not exist in the child.
            if (::syscall(SYS_setgroups, 0, nullptr) != 0) fail(exec, "setgroups");
            if (::syscall(SYS_setresgid, plan->runUid, plan->runUid, plan->runUid) != 0) fail(exec, "setresgid");
            if (::syscall(SYS_setresuid, plan->runUid, plan->runUid, plan->runUid) != 0) fail(exec, "setresuid");
        }
        closeInheritedDescriptorsOnExec(plan->passFd3 ? 4U : 3U);
    }
};

}  // namespace plyjudge::sandbox::detail
