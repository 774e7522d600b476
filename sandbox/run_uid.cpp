#include "sandbox/run_uid.hpp"

#include <bitset>
#include <chrono>
#include <mutex>
#include <random>
#include <string>
#include <thread>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sandbox/cleanup.hpp"

namespace plyjudge::sandbox::detail {

namespace {

std::mutex poolMutex;
std::bitset<kRunUids> inUse;  // by this process
int nextSlot = -1;

// Several graders (or test processes) may run at once on one machine: a uid is held with an flock on a
// file named after it, released by the kernel even when the holder is killed with -9.
const std::string& lockDir() {
    static const std::string dir = [] {
        std::string d = ::access("/run", W_OK) == 0 ? "/run/plyjudge-sandbox" : "/tmp/plyjudge-sandbox-uids";
        ::mkdir(d.c_str(), 0700);
        return d;
    }();
    return dir;
}

int tryLock(int uid) {
    std::string path = lockDir() + "/" + std::to_string(uid);
    int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0) return -1;
    if (::flock(fd, LOCK_EX | LOCK_NB) == 0) return fd;
    ::close(fd);
    return -1;
}

}  // namespace

RunUidLease RunUidLease::acquire() {
    for (;;) {
        {
            std::lock_guard lock(poolMutex);
            // Round robin from a random start, so a uid is reused as late as possible and graders running
            // side by side rarely try the same ones.
            if (nextSlot < 0) nextSlot = int(std::random_device{}() % kRunUids);
            for (int i = 0; i < kRunUids; ++i) {
                int slot = (nextSlot + i) % kRunUids;
                if (inUse[slot]) continue;
                int fd = tryLock(kFirstRunUid + slot);
                if (fd < 0) continue;
                inUse[slot] = true;
                nextSlot = (slot + 1) % kRunUids;
                // Nothing may run as the uid when a run gets it. The lock file is non-empty while a run holds
                // the uid and emptied after its cleanup: non-empty here means a grader died (kill -9) holding it,
                // and may have left escapees.
                struct stat st{};
                if (::fstat(fd, &st) != 0 || st.st_size != 0) killAllOfUid(kFirstRunUid + slot);
                [[maybe_unused]] auto n = ::pwrite(fd, "1", 1, 0);
                return RunUidLease(kFirstRunUid + slot, fd);
            }
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(50));  // all in use: wait for one
    }
}

RunUidLease::~RunUidLease() {
    if (uid_ < 0) return;
    std::lock_guard lock(poolMutex);
    inUse[uid_ - kFirstRunUid] = false;
    // The run's cleanup (killRun) has already killed everything of the uid: mark it clean.
    [[maybe_unused]] auto r = ::ftruncate(lockFd_, 0);
    ::close(lockFd_);
}

RunUidLease& RunUidLease::operator=(RunUidLease&& o) noexcept {
    if (this != &o) {
        RunUidLease old(uid_, lockFd_);
        uid_ = o.uid_;
        lockFd_ = o.lockFd_;
        o.uid_ = -1;
        o.lockFd_ = -1;
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

RunUidLease assignRunUid(const RunSpec& spec, const std::filesystem::path& workDir) {
    if (::geteuid() != 0) return RunUidLease();
    RunUidLease uid = RunUidLease::acquire();
    if (spec.sharedWorkDir) ::chmod(workDir.c_str(), 0777);
    else giveTree(workDir, uid.uid());
    return uid;
}

void returnWorkDir(const RunSpec& spec, const std::filesystem::path& workDir, const RunUidLease& uid) {
    if (uid.uid() >= 0 && !spec.sharedWorkDir) giveTree(workDir, int(::geteuid()));
}

}  // namespace plyjudge::sandbox::detail
