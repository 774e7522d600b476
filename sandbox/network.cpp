#include "sandbox/network.hpp"

#include <cstdint>
#include <mutex>
#include <thread>

#include <fcntl.h>
#include <sched.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace plyjudge::sandbox::detail {

namespace {

#ifndef SYS_landlock_create_ruleset
#define SYS_landlock_create_ruleset 444
#endif

// Landlock's ABI version (landlock_create_ruleset with LANDLOCK_CREATE_RULESET_VERSION), or 0 without Landlock.
long landlockAbi() {
    long abi = ::syscall(SYS_landlock_create_ruleset, nullptr, 0, 1U);
    return abi > 0 ? abi : 0;
}

// The namespace's descriptor and identity (device and inode of the nsfs file).
struct SharedNamespace {
    int fd = -1;
    dev_t device = 0;
    ino_t inode = 0;
};

SharedNamespace makeNamespace() {
    SharedNamespace ns;
    if (::geteuid() != 0 || landlockAbi() < 6) return ns;
    int fd = -1;
    std::thread([&fd] {
        if (::unshare(CLONE_NEWNET) == 0) fd = ::open("/proc/thread-self/ns/net", O_RDONLY | O_CLOEXEC);
    }).join();
    // Kept at a high number: a stray second close elsewhere in the process (of a number just freed and reused)
    // hits low numbers, and a namespace closed that way would fail every run after it (setns: EINVAL).
    if (fd >= 0) {
        const int high = ::fcntl(fd, F_DUPFD_CLOEXEC, 512);
        if (high >= 0) {
            ::close(fd);
            fd = high;
        }
    }
    struct stat st{};
    if (fd < 0 || ::fstat(fd, &st) != 0) return ns;
    return {fd, st.st_dev, st.st_ino};
}

// Whether ns.fd still refers to the namespace made (not closed, nor its number reused by another file).
bool stillOurs(const SharedNamespace& ns) {
    struct stat st{};
    return ::fstat(ns.fd, &st) == 0 && st.st_dev == ns.device && st.st_ino == ns.inode;
}

}  // namespace

int sharedNetworkNamespace() {
    static std::mutex mutex;
    static bool made = false;
    static SharedNamespace current;
    std::lock_guard lock(mutex);
    // Checked on every use (an fstat): if something in the process closed the descriptor, a new namespace is made
    // rather than every later run failing. The lost descriptor is not closed here: its number may be another file's.
    if (!made || (current.fd >= 0 && !stillOurs(current))) {
        current = makeNamespace();
        made = true;
    }
    return current.fd;
}

}  // namespace plyjudge::sandbox::detail
