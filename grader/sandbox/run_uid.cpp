#include "run_uid.hpp"

#include "process_tree.hpp"

#include <bitset>
#include <condition_variable>
#include <csignal>
#include <mutex>

#include <fcntl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

namespace plyjudge::grader::detail {

namespace {

std::mutex poolMutex;
std::condition_variable poolFreed;
std::bitset<kRunUids> inUse;
int nextSlot = 0;

}  // namespace

RunUidLease RunUidLease::acquire() {
    int slot = -1;
    {
        std::unique_lock lock(poolMutex);
        poolFreed.wait(lock, [] { return !inUse.all(); });
        // Round robin, so a uid is reused as late as possible.
        for (int i = 0; i < kRunUids; ++i) {
            int s = (nextSlot + i) % kRunUids;
            if (!inUse[s]) {
                slot = s;
                break;
            }
        }
        inUse[slot] = true;
        nextSlot = (slot + 1) % kRunUids;
    }
    killAllOfUid(kFirstRunUid + slot);  // nothing may run as the uid when a run gets it
    return RunUidLease(kFirstRunUid + slot);
}

RunUidLease::~RunUidLease() {
    if (uid_ < 0) return;
    std::lock_guard lock(poolMutex);
    inUse[uid_ - kFirstRunUid] = false;
    poolFreed.notify_one();
}

RunUidLease& RunUidLease::operator=(RunUidLease&& o) noexcept {
    if (this != &o) {
        RunUidLease old(uid_);
        uid_ = o.uid_;
        o.uid_ = -1;
    }
    return *this;
}

void giveTree(const std::filesystem::path& dir, int uid) {
    gid_t gid = uid == int(::geteuid()) ? ::getegid() : gid_t(uid);
    ::fchownat(AT_FDCWD, dir.c_str(), uid_t(uid), gid, AT_SYMLINK_NOFOLLOW);
    std::error_code ec;
    std::filesystem::recursive_directory_iterator it(dir, std::filesystem::directory_options::skip_permission_denied, ec);
    int seen = 0;
    for (; !ec && it != std::filesystem::recursive_directory_iterator() && seen < 100000; it.increment(ec), ++seen)
        ::fchownat(AT_FDCWD, it->path().c_str(), uid_t(uid), gid, AT_SYMLINK_NOFOLLOW);
}

}  // namespace plyjudge::grader::detail
