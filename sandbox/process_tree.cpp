#include "sandbox/process_tree.hpp"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <mutex>

#include <dirent.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

namespace plyjudge::sandbox::detail {

namespace {

double ticksToSeconds(unsigned long long ticks) {
    static const double perSecond = double(::sysconf(_SC_CLK_TCK));
    return double(ticks) / perSecond;
}

bool environmentHas(pid_t pid, const std::string& marker) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/environ", std::ios::binary);
    std::string entry;
    while (std::getline(in, entry, '\0'))
        if (entry == marker) return true;
    return false;
}

// Whether the grader has a child that is waiting to be reaped (without reaping it).
bool anyWaitableChild() {
    siginfo_t info{};
    return ::waitid(P_ALL, 0, &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid != 0;
}

}  // namespace

std::optional<ProcessInfo> readProcess(pid_t pid) {
    char path[64];
    std::snprintf(path, sizeof path, "/proc/%d/stat", int(pid));
    FILE* f = std::fopen(path, "re");
    if (!f) return std::nullopt;
    char buffer[1024];
    std::size_t n = std::fread(buffer, 1, sizeof buffer - 1, f);
    std::fclose(f);
    buffer[n] = '\0';
    // The command name (field 2) is in parentheses and may itself contain spaces and parentheses.
    char* close = std::strrchr(buffer, ')');
    if (!close) return std::nullopt;
    ProcessInfo info;
    info.pid = pid;
    unsigned long long utime = 0, stime = 0;
    long long cutime = 0, cstime = 0;
    int ppid = 0, pgid = 0, sid = 0;
    // Fields 3..22: state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime
    // cutime cstime priority nice threads itrealvalue starttime
    if (std::sscanf(close + 2, "%c %d %d %d %*d %*d %*u %*u %*u %*u %*u %llu %llu %lld %lld %*d %*d %*d %*d %llu",
                    &info.state, &ppid, &pgid, &sid, &utime, &stime, &cutime, &cstime, &info.startTime) != 9)
        return std::nullopt;
    info.ppid = ppid;
    info.pgid = pgid;
    info.sid = sid;
    info.cpuSeconds = ticksToSeconds(utime + stime);
    info.childCpuSeconds = ticksToSeconds((unsigned long long)(cutime + cstime));
    struct stat st{};
    std::snprintf(path, sizeof path, "/proc/%d", int(pid));
    if (::stat(path, &st) == 0) info.uid = st.st_uid;
    if (info.uid == 0) {
        // /proc/<pid> of a non-dumpable process belongs to root whatever its uid: read the real uid.
        std::snprintf(path, sizeof path, "/proc/%d/status", int(pid));
        if (FILE* status = std::fopen(path, "re")) {
            char line[256];
            while (std::fgets(line, sizeof line, status))
                if (std::strncmp(line, "Uid:", 4) == 0) {
                    info.uid = uid_t(std::strtoul(line + 4, nullptr, 10));
                    break;
                }
            std::fclose(status);
        }
    }
    return info;
}

std::vector<ProcessInfo> allProcesses() {
    std::vector<ProcessInfo> out;
    DIR* dir = ::opendir("/proc");
    if (!dir) return out;
    while (dirent* e = ::readdir(dir)) {
        char* end = nullptr;
        long pid = std::strtol(e->d_name, &end, 10);
        if (pid <= 0 || *end != '\0') continue;
        if (auto info = readProcess(pid_t(pid))) out.push_back(*info);
    }
    ::closedir(dir);
    return out;
}

std::vector<ProcessInfo> runMembers(RunMembership& run, bool readEnvironments) {
    std::vector<ProcessInfo> all = allProcesses();
    std::map<pid_t, std::vector<std::size_t>> children;
    for (std::size_t i = 0; i < all.size(); ++i) children[all[i].ppid].push_back(i);
    const pid_t self = ::getpid();
    std::vector<char> member(all.size(), 0);
    std::vector<std::size_t> queue;
    for (std::size_t i = 0; i < all.size(); ++i) {
        const ProcessInfo& p = all[i];
        bool mine = p.pid == run.root || p.pgid == run.root ||
                    (run.runUid >= 0 && p.uid == uid_t(run.runUid) && p.pid != self) ||
                    run.known.count({p.pid, p.startTime}) > 0;
        if (!mine && readEnvironments && !run.marker.empty() && p.pid != self && p.state != 'Z' &&
            p.uid == ::geteuid())
            mine = environmentHas(p.pid, run.marker);
        if (mine) {
            member[i] = 1;
            queue.push_back(i);
        }
    }
    // Everything below a member is a member (its descendants that are still attached to the tree).
    while (!queue.empty()) {
        std::size_t i = queue.back();
        queue.pop_back();
        auto it = children.find(all[i].pid);
        if (it == children.end()) continue;
        for (std::size_t c : it->second)
            if (!member[c] && all[c].pid != self) {
                member[c] = 1;
                queue.push_back(c);
            }
    }
    std::vector<ProcessInfo> out;
    for (std::size_t i = 0; i < all.size(); ++i)
        if (member[i]) {
            out.push_back(all[i]);
            run.known.insert({all[i].pid, all[i].startTime});
        }
    return out;
}

double membersCpuSeconds(const std::vector<ProcessInfo>& members, pid_t) {
    double sum = 0;
    for (const ProcessInfo& p : members) sum += p.cpuSeconds + p.childCpuSeconds;
    return sum;
}

// kill(-1) as the uid reaches its processes wherever they are, even ones hiding from /proc (non-dumpable).
bool killAllOfUid(int uid) {
    // vfork: the helper only makes system calls, and copying the grader's page tables would cost milliseconds.
    pid_t helper = ::vfork();
    if (helper == 0) {
        if (::syscall(SYS_setresuid, uid, uid, uid) != 0) ::_exit(2);
        // One pass is atomic with respect to fork (a parent hit by SIGKILL cannot complete a fork); the
        // extra passes are cheap insurance. Not "until it fails": zombies of the uid keep kill() succeeding.
        bool found = ::kill(-1, SIGKILL) == 0;
        for (int i = 0; i < 2 && ::kill(-1, SIGKILL) == 0; ++i) {}
        ::_exit(found ? 0 : 1);
    }
    int status = 0;
    if (helper > 0)
        while (::waitpid(helper, &status, 0) < 0 && errno == EINTR) {}
    return helper <= 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 1;  // when unsure: found
}

double reapNamespaceInit(const std::string& bwrapInfo) {
    std::size_t at = bwrapInfo.find("\"child-pid\":");
    if (at == std::string::npos) return 0;
    pid_t init = pid_t(std::strtol(bwrapInfo.c_str() + at + 12, nullptr, 10));
    auto p = init > 0 ? readProcess(init) : std::nullopt;
    if (!p || p->ppid != ::getpid()) return 0;
    ::kill(init, SIGKILL);
    rusage ru{};
    int status = 0;
    while (::wait4(init, &status, 0, &ru) < 0 && errno == EINTR) {}
    return double(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) + double(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

bool becomeSubreaper() {
    static std::once_flag once;
    static bool ok = false;
    std::call_once(once, [] { ok = ::prctl(PR_SET_CHILD_SUBREAPER, 1) == 0; });
    return ok;
}

double killRun(RunMembership& run, bool rootReaped, std::vector<pid_t>& leftovers) {
    double reapedCpu = 0;
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
                if (::wait4(p.pid, &status, WNOHANG, &ru) == p.pid)
                    reapedCpu += double(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
                                 double(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
            } else if (p.ppid != run.root) {
                leftovers.push_back(p.pid);  // a zombie whose parent is still to die: look again
            }
        }
        if (leftovers.empty()) break;
        ::usleep(round < 10 ? 1000 : 10000);  // SIGKILL is asynchronous: give the kernel time to tear down
    }
    return reapedCpu;
}

}  // namespace plyjudge::sandbox::detail
