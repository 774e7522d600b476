#include "sandbox/id_pool.hpp"

#include <chrono>
#include <map>
#include <mutex>
#include <random>
#include <set>
#include <thread>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace plyjudge::sandbox::detail {

namespace {

std::mutex poolMutex;
std::set<int> inUse;           // held by this process
std::map<int, int> nextOffset;  // per pool (its first id): where the round robin goes on

const std::string& lockDir() {
    static const std::string dir = [] {
        std::string d = ::access("/run", W_OK) == 0 ? "/run/plyjudge-sandbox" : "/tmp/plyjudge-sandbox-uids";
        ::mkdir(d.c_str(), 0700);
        return d;
    }();
    return dir;
}

// The lock file of an id: "61000" for uids (the name earlier versions used), "gid-62000" for the others.
int tryLock(int id, const std::string& kind) {
    const std::string path = lockDir() + "/" + (kind == "uid" ? "" : kind + "-") + std::to_string(id);
    int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0) return -1;
    if (::flock(fd, LOCK_EX | LOCK_NB) == 0) return fd;
    ::close(fd);
    return -1;
}

}  // namespace

IdLease IdLease::acquire(int first, int count, const std::string& kind, bool& wasDirty) {
    for (;;) {
        {
            std::lock_guard lock(poolMutex);
            // Round robin from a random start, so an id is reused as late as possible and graders running side by
            // side rarely try the same ones.
            auto [next, fresh] = nextOffset.emplace(first, 0);
            if (fresh) next->second = int(std::random_device{}() % unsigned(count));
            for (int i = 0; i < count; ++i) {
                const int id = first + (next->second + i) % count;
                if (inUse.count(id)) continue;
                const int fd = tryLock(id, kind);
                if (fd < 0) continue;
                inUse.insert(id);
                next->second = (id - first + 1) % count;
                struct stat st{};
                wasDirty = ::fstat(fd, &st) != 0 || st.st_size != 0;
                [[maybe_unused]] auto n = ::pwrite(fd, "1", 1, 0);
                return IdLease(id, fd);
            }
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(50));  // all in use: wait for one
    }
}

void IdLease::release() {
    if (id_ < 0) return;
    std::lock_guard lock(poolMutex);
    inUse.erase(id_);
    [[maybe_unused]] auto r = ::ftruncate(lockFd_, 0);
    ::close(lockFd_);
    id_ = -1;
    lockFd_ = -1;
}

IdLease::~IdLease() { release(); }

IdLease& IdLease::operator=(IdLease&& o) noexcept {
    if (this != &o) {
        release();
        id_ = o.id_;
        lockFd_ = o.lockFd_;
        o.id_ = -1;
        o.lockFd_ = -1;
    }
    return *this;
}

}  // namespace plyjudge::sandbox::detail
