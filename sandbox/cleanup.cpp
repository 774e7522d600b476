#include "sandbox/cleanup.hpp"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>

#include <dirent.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sandbox/accounting.hpp"

namespace plyjudge::sandbox::detail {

namespace {

// Whether the grader has a child that is waiting to be reaped (without reaping it).
bool anyWaitableChild() {
    siginfo_t info{};
    return ::waitid(P_ALL, 0, &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid != 0;
}

// Whether the grader has a child that may be the run's (root grader: by its uid, process group or as one seen
// before; or one it cannot read). Called once the run's root is reaped: the grader being a child subreaper, every
// process the run left (setsid, double fork, a subreaper of its own that died) is a child of one of the grader's
// threads or below one, so the topmost of them is such a child, and has the run's uid. A process dying while the
// lists are read stays listed as a zombie until reaped, its children moving to the grader's first thread.
// Without a dedicated uid, or without the kernel's lists (CONFIG_PROC_CHILDREN): yes, to be safe.
bool graderHasChildOfRun(const RunMembership& run) {
    if (run.runUid < 0 || !becomeSubreaper()) return true;
    DIR* tasks = ::opendir("/proc/self/task");
    if (!tasks) return true;
    bool found = false;
    while (dirent* e = ::readdir(tasks)) {
        if (e->d_name[0] == '.') continue;
        const std::string path = std::string("/proc/self/task/") + e->d_name + "/children";
        FILE* f = std::fopen(path.c_str(), "re");
        if (!f) {
            found = true;
            break;
        }
        for (int pid; !found && std::fscanf(f, "%d", &pid) == 1;) {
            const auto p = readProcess(pid_t(pid));
            found = !p || p->uid == uid_t(run.runUid) || p->pgid == run.root || p->pid == run.root ||
                    run.known.count({p->pid, p->startTime}) > 0;
        }
        std::fclose(f);
        if (found) break;
    }
    ::closedir(tasks);
    return found;
}


}  // namespace

// kill(-1) as the uid reaches its processes wherever they are, even ones hiding from /proc (non-dumpable).
bool killAllOfUid(int uid) {
    // vfork: the helper only makes system calls, and copying the grader's page tables would cost milliseconds.
    pid_t helper = ::vfork();
    if (helper == 0) {
        if (::syscall(SYS_setresuid, uid, uid, uid) != 0) ::_exit(2);
        // Is there any process of the uid but this helper? kill(-1) cannot say: it succeeds whenever the machine
        // has any other process, signalled or not. RLIMIT_NPROC can: at 2, a fork succeeds only while the helper
        // is the uid's one task (zombies count until reaped). Nothing to kill then, and no /proc scan after it.
        const rlimit two{2, 2};
        if (::setrlimit(RLIMIT_NPROC, &two) == 0) {
            pid_t probe = ::vfork();
            if (probe == 0) ::_exit(0);
            if (probe > 0) {
                ::waitpid(probe, nullptr, 0);
                ::_exit(1);
            }
        }
        // One pass is atomic with respect to fork (a parent hit by SIGKILL cannot complete a fork); the
        // extra passes are cheap insurance.
        for (int i = 0; i < 3; ++i) ::kill(-1, SIGKILL);
        ::_exit(0);
    }
    int status = 0;
    if (helper > 0)
        while (::waitpid(helper, &status, 0) < 0 && errno == EINTR) {}
    return helper <= 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 1;  // when unsure: found
}

NamespaceEnd reapNamespaceInit(const std::string& bwrapInfo, ReapedUsage& reaped) {
    const pid_t init = pid_t(bwrapStatusNumber(bwrapInfo, "child-pid"));
    if (init <= 0) return NamespaceEnd::Unknown;
    // bwrap (our child) is reaped, so pid 1 is our child now (we are a subreaper), or bwrap reaped it: then the
    // pid is free, or reused by a process we cannot vouch for.
    auto p = readProcess(init);
    if (!p) return NamespaceEnd::Gone;
    if (p->ppid != ::getpid()) return NamespaceEnd::Unknown;
    ::kill(init, SIGKILL);
    rusage ru{};
    int status = 0;
    while (::wait4(init, &status, 0, &ru) < 0 && errno == EINTR) {}
    reaped.add(ru);
    return NamespaceEnd::ReapedHere;
}

bool becomeSubreaper() {
    static std::once_flag once;
    static bool ok = false;
    std::call_once(once, [] { ok = ::prctl(PR_SET_CHILD_SUBREAPER, 1) == 0; });
    return ok;
}

void killRun(RunMembership& run, bool rootReaped, std::vector<pid_t>& leftovers, ReapedUsage& reaped) {
    const pid_t self = ::getpid();
    const bool markerOnly = !run.isolated && run.runUid < 0;
    leftovers.clear();
    for (int round = 0; round < 50; ++round) {
        ::killpg(run.root, SIGKILL);
        if (!rootReaped) ::kill(run.root, SIGKILL);
        bool uidFound = run.runUid >= 0 && killAllOfUid(run.runUid);
        // Scanning /proc costs milliseconds on a loaded machine, so only where it can find something: without
        // a uid or a namespace (the marker), while the root runs, after a round that found something (SIGKILL
        // is asynchronous: what was killed becomes a zombie for us to reap a moment later), when the uid-wide
        // kill hit something, or when we have a child to reap. A bwrap that exited by itself leaves only its
        // pid-1 process, which the caller reaps (reapNamespaceInit).
        bool scan = markerOnly || round > 0 || !rootReaped || uidFound ||
                    (!(run.isolated && run.exitedByItself) && anyWaitableChild());
        if (!scan) break;
        std::vector<ProcessInfo> members = runMembers(run, markerOnly);
        leftovers.clear();
        for (const ProcessInfo& p : members) {
            if (p.pid == run.root) continue;
            if (p.state != 'Z') {
                if (std::getenv("PLYJUDGE_SANDBOX_TRACE"))
                    std::fprintf(stderr, "[sandbox] run %d kills %d (uid %d pgid %d ppid %d)\n", int(run.root), int(p.pid),
                                 int(p.uid), int(p.pgid), int(p.ppid));
                ::kill(p.pid, SIGKILL);
                leftovers.push_back(p.pid);
            } else if (p.ppid == self) {
                // An orphan that came back to us (subreaper): collect it and its CPU time.
                rusage ru{};
                int status = 0;
                if (::wait4(p.pid, &status, WNOHANG, &ru) == p.pid) reaped.add(ru);
            } else if (p.ppid != run.root) {
                leftovers.push_back(p.pid);  // a zombie whose parent is still to die: look again
            }
        }
        if (leftovers.empty()) break;
        ::usleep(round < 10 ? 1000 : 10000);  // SIGKILL is asynchronous: give the kernel time to tear down
    }
}

CleanupResult killEverything(SharedMembership& membership, bool reaped, int& waitStatus, rusage& usage,
                             StreamCapture& bwrapInfo, Trace& trace) {
    CleanupResult result;
    pid_t pid;
    bool isolated;
    {
        std::lock_guard lock(membership.mutex);
        RunMembership& run = membership.run;
        pid = run.root;
        isolated = run.isolated;
        run.exitedByItself = reaped;
        if (!reaped) {  // after a normal exit the second round below is enough
            const std::vector<ProcessInfo> members = runMembers(run, false);
            result.liveCpu = membersCpuSeconds(members);
            samplePeakMemory(run, members);
            killRun(run, false, result.leftovers, result.reaped);
        }
    }
    trace("killRun1");
    if (!reaped) {
        int status = 0;
        while (::wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {}
        waitStatus = status;
    }
    if (isolated) result.namespaceEnd = reapNamespaceInit(readAvailable(bwrapInfo), result.reaped);
    trace("namespace reaped");
    // Under bubblewrap every process of the run lived in its pid namespace (the run's uid is used nowhere else),
    // so once pid 1 is gone nothing is left; without it, nothing is left when the grader has no child of the run's.
    // Then no uid-wide kill and no /proc scan (README.md, "The cleanup costs little"). Otherwise a last round.
    if (isolated && result.namespaceEnd != NamespaceEnd::Unknown) return result;
    {
        std::lock_guard lock(membership.mutex);
        if (!isolated && !graderHasChildOfRun(membership.run)) return result;
        killRun(membership.run, true, result.leftovers, result.reaped);
    }
    trace("killRun2");
    return result;
}

}  // namespace plyjudge::sandbox::detail
