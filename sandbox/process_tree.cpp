#include "sandbox/process_tree.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>

#include <dirent.h>
#include <sys/stat.h>
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
    unsigned flags = 0;
    // Fields 3..22: state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime
    // cutime cstime priority nice threads itrealvalue starttime
    if (std::sscanf(close + 2, "%c %d %d %d %*d %*d %u %*u %*u %*u %*u %llu %llu %lld %lld %*d %*d %*d %*d %llu",
                    &info.state, &ppid, &pgid, &sid, &flags, &utime, &stime, &cutime, &cstime,
                    &info.startTime) != 10)
        return std::nullopt;
    info.ppid = ppid;
    info.pgid = pgid;
    info.sid = sid;
    info.cpuSeconds = ticksToSeconds(utime + stime);
    info.childCpuSeconds = ticksToSeconds((unsigned long long)(cutime + cstime));
    struct stat st{};
    std::snprintf(path, sizeof path, "/proc/%d", int(pid));
    if (::stat(path, &st) == 0) info.uid = st.st_uid;
    constexpr unsigned kKernelThread = 0x00200000;  // PF_KTHREAD: root's, no need to ask (half of /proc here)
    if (info.uid == 0 && !(flags & kKernelThread)) {
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

std::uint64_t residentPeakBytes(pid_t pid) {
    char path[64];
    std::snprintf(path, sizeof path, "/proc/%d/status", int(pid));
    FILE* f = std::fopen(path, "re");
    if (!f) return 0;
    std::uint64_t kib = 0;
    char line[256];
    while (std::fgets(line, sizeof line, f))
        if (std::strncmp(line, "VmHWM:", 6) == 0) {
            kib = std::strtoull(line + 6, nullptr, 10);
            break;
        }
    std::fclose(f);
    return kib * 1024;
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

}  // namespace plyjudge::sandbox::detail
