// A pool of numeric ids (the runs' uids, the students' gids) shared by every grader and test process of the machine:
// an id is held with an flock on a file named after it, which the kernel releases even when the holder is killed
// with -9. The file is non-empty while held and emptied by a clean release, so the next holder knows whether the
// last one died holding it (run_uid.cpp then kills what may be left of that uid).
#pragma once

#include <string>

namespace plyjudge::sandbox::detail {

class IdLease {
public:
    IdLease() = default;
    // Waits while every id of [first, first + count) is held, here or by another process. `kind` names the lock
    // files ("uid", "gid"). `wasDirty`: the last holder did not release it cleanly.
    static IdLease acquire(int first, int count, const std::string& kind, bool& wasDirty);
    ~IdLease();  // released clean
    IdLease(IdLease&& o) noexcept : id_(o.id_), lockFd_(o.lockFd_) { o.id_ = -1; o.lockFd_ = -1; }
    IdLease& operator=(IdLease&& o) noexcept;
    IdLease(const IdLease&) = delete;
    int id() const { return id_; }  // -1: none

private:
    IdLease(int id, int lockFd) : id_(id), lockFd_(lockFd) {}
    void release();
    int id_ = -1;
    int lockFd_ = -1;
};

}  // namespace plyjudge::sandbox::detail
