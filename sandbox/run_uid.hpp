// Dedicated unprivileged uids for runs of a root grader without bubblewrap. A uid of its own makes
// RLIMIT_NPROC count this run alone, lets us kill exactly its processes (kill(-1) as that uid), and keeps the
// program from writing anywhere but its working directory (and world-writable places such as /tmp).
#pragma once

#include <filesystem>

namespace plyjudge::sandbox::detail {

// Uids kFirstRunUid .. kFirstRunUid + kRunUids - 1 (no entries in /etc/passwd needed).
constexpr int kFirstRunUid = 61000;
constexpr int kRunUids = 512;

class RunUidLease {
public:
    RunUidLease() = default;
    // Waits while all are in use (by this grader or, through lock files, by others on the machine); kills
    // anything still running as the uid.
    static RunUidLease acquire();
    ~RunUidLease();
    RunUidLease(RunUidLease&& o) noexcept : uid_(o.uid_), lockFd_(o.lockFd_) { o.uid_ = -1; o.lockFd_ = -1; }
    RunUidLease& operator=(RunUidLease&& o) noexcept;
    int uid() const { return uid_; }  // -1: none

private:
    RunUidLease(int uid, int lockFd) : uid_(uid), lockFd_(lockFd) {}
    int uid_ = -1;
    int lockFd_ = -1;
};

// Changes the owner of dir and everything in it to uid (and its gid), never following symbolic links.
void giveTree(const std::filesystem::path& dir, int uid);

}  // namespace plyjudge::sandbox::detail
