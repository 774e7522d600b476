#include "sandbox/network.hpp"

#include <mutex>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <sched.h>
#include <sys/stat.h>
#include <unistd.h>

namespace plyjudge::sandbox::detail {

namespace {

// A namespace's descriptor and identity (device and inode of the nsfs file).
struct PooledNamespace {
    int fd = -1;
    dev_t device = 0;
    ino_t inode = 0;
    bool inUse = false;
};

std::mutex poolMutex;
std::vector<PooledNamespace>& pool() {
    static std::vector<PooledNamespace> namespaces;
    return namespaces;
}

PooledNamespace makeNamespace() {
    PooledNamespace ns;
    if (::geteuid() != 0) return ns;
    int fd = -1;
    // unshare affects the calling thread only: a short-lived thread keeps the grader's own network untouched.
    std::thread([&fd] {
        if (::unshare(CLONE_NEWNET) == 0) fd = ::open("/proc/thread-self/ns/net", O_RDONLY | O_CLOEXEC);
    }).join();
    // Kept at a high number: a stray second close elsewhere in the process (of a number just freed and reused)
    // hits low numbers.
    if (fd >= 0) {
        const int high = ::fcntl(fd, F_DUPFD_CLOEXEC, 512);
        if (high >= 0) {
            ::close(fd);
            fd = high;
        }
    }
    struct stat st{};
    if (fd < 0 || ::fstat(fd, &st) != 0) return ns;
    return {fd, st.st_dev, st.st_ino, false};
}

// Whether ns.fd still refers to the namespace made (not closed, nor its number reused by another file). Checked at
// every lease: if something in the process closed it, the slot gets a new namespace rather than every later run
// failing (setns: EINVAL). The lost descriptor is not closed: its number may be another file's.
bool stillOurs(const PooledNamespace& ns) {
    struct stat st{};
    return ns.fd >= 0 && ::fstat(ns.fd, &st) == 0 && st.st_dev == ns.device && st.st_ino == ns.inode;
}

}  // namespace

NetworkLease NetworkLease::acquire() {
    std::lock_guard lock(poolMutex);
    std::vector<PooledNamespace>& namespaces = pool();
    for (std::size_t i = 0; i < namespaces.size(); ++i) {
        if (namespaces[i].inUse) continue;
        if (!stillOurs(namespaces[i])) namespaces[i] = makeNamespace();
        if (namespaces[i].fd < 0) return NetworkLease();
        namespaces[i].inUse = true;
        return NetworkLease(int(i));
    }
    PooledNamespace made = makeNamespace();
    if (made.fd < 0) return NetworkLease();
    made.inUse = true;
    namespaces.push_back(made);
    return NetworkLease(int(namespaces.size() - 1));
}

NetworkLease::~NetworkLease() {
    if (slot_ < 0) return;
    std::lock_guard lock(poolMutex);
    pool()[std::size_t(slot_)].inUse = false;
}

int NetworkLease::fd() const {
    if (slot_ < 0) return -1;
    std::lock_guard lock(poolMutex);
    return pool()[std::size_t(slot_)].fd;
}

}  // namespace plyjudge::sandbox::detail
