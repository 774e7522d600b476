// Credentials, the grader's side: dedicated unprivileged uids for the runs of a root grader (with or without
// bubblewrap). A uid of its own makes RLIMIT_NPROC count this run alone, lets us kill exactly its processes
// (kill(-1) as that uid), and keeps the program from writing anywhere but its working directory (and, without
// bubblewrap, world-writable places such as /tmp). The switch itself is made in the child
// (child_setup.hpp:dropToRunUid) or, under bubblewrap, by plyjudge-run-as (bubblewrap.cpp:switchToRunUid).
#pragma once

#include <filesystem>

#include "sandbox/sandbox.hpp"

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
    // Cleanup: releases the uid (its lock file emptied: the run's cleanup has killed everything of the uid).
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

// Credentials: a root grader leases the run a uid of its own and hands it the working directory (a shared one is
// made writable for all instead, 0777); a grader that is not root runs it as itself (no lease, uid() == -1).
RunUidLease assignRunUid(const RunSpec& spec, const std::filesystem::path& workDir);

// Credentials: the working directory and what the run wrote there belong to the grader again (not a shared one).
void returnWorkDir(const RunSpec& spec, const std::filesystem::path& workDir, const RunUidLease& uid);

}  // namespace plyjudge::sandbox::detail
