// Dedicated unprivileged uids for runs of a root grader without bubblewrap. A uid of its own makes
// RLIMIT_NPROC count this run alone, lets us kill exactly its processes (kill(-1) as that uid), and keeps the
// program from writing anywhere but its working directory (and world-writable places such as /tmp).
#pragma once

#include <filesystem>

namespace plyjudge::grader::detail {

// Uids kFirstRunUid .. kFirstRunUid + kRunUids - 1 (no entries in /etc/passwd needed).
constexpr int kFirstRunUid = 61000;
constexpr int kRunUids = 512;

class RunUidLease {
public:
    RunUidLease() = default;
    static RunUidLease acquire();  // waits while all are in use; kills anything still running as the uid
    ~RunUidLease();
    RunUidLease(RunUidLease&& o) noexcept : uid_(o.uid_) { o.uid_ = -1; }
    RunUidLease& operator=(RunUidLease&& o) noexcept;
    int uid() const { return uid_; }  // -1: none

private:
    explicit RunUidLease(int uid) : uid_(uid) {}
    int uid_ = -1;
};

// Changes the owner of dir and everything in it to uid (and its gid), never following symbolic links.
void giveTree(const std::filesystem::path& dir, int uid);

}  // namespace plyjudge::grader::detail
