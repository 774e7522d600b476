#include "sandbox/network.hpp"
#include "sandbox/high_descriptor.hpp"

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <sched.h>
#include <sys/stat.h>
#include <unistd.h>

namespace plyjudge::sandbox::detail {

namespace {

// How many fresh namespaces are kept ready: one per worker of a -j2 grade with one to spare. Making one costs about
// 0.3-1.3 ms (more while the kernel tears down used ones), which a run then does not wait for.
constexpr std::size_t kReady = 3;

// A namespace made ahead: its descriptor and identity (device and inode of the nsfs file).
struct Namespace {
    int fd = -1;
    dev_t device = 0;
    ino_t inode = 0;
};

// Whether ns.fd still refers to the namespace made (not closed, nor its number reused by another file), checked when
// it is handed out: a stray close elsewhere in the process would otherwise fail the run (setns: EINVAL). The lost
// descriptor is not closed: its number may be another file's.
bool stillOurs(const Namespace& ns) {
    struct stat st {};
    return ::fstat(ns.fd, &st) == 0 && st.st_dev == ns.device && st.st_ino == ns.inode;
}

// A new empty network namespace's descriptor (close-on-exec, at a high number), or -1: not root, refused by the kernel
// (`refused` set), or lost on the way (a stray close elsewhere in the process took its descriptor: try again later).
int makeNamespace(bool& refused) {
    if (::geteuid() != 0) return -1;
    int fd = -1;
    // unshare affects the calling thread only: a short-lived thread keeps the grader's own network untouched.
    std::thread([&fd, &refused] {
        if (::unshare(CLONE_NEWNET) == 0) fd = ::open("/proc/thread-self/ns/net", O_RDONLY | O_CLOEXEC);
        else refused = true;
    }).join();
    return movedHigh(fd);  // high_descriptor.hpp
}

// The namespaces made ahead and the thread that makes them. Never destroyed (the thread may be waiting when the
// process exits).
struct FreshNamespaces {
    std::mutex mutex;
    std::condition_variable wanted;
    std::vector<Namespace> ready;
    bool refused = false;    // the kernel refused once: runs fall back to bwrap's own --unshare-net
    bool started = false;

    void startMaker() {
        if (started) return;
        started = true;
        std::thread([this] {
            std::unique_lock lock(mutex);
            for (;;) {
                wanted.wait(lock, [this] { return ready.size() < kReady && !refused; });
                lock.unlock();
                bool kernelRefused = false;
                const int fd = makeNamespace(kernelRefused);
                struct stat st {};
                const bool made = fd >= 0 && ::fstat(fd, &st) == 0;
                lock.lock();
                if (kernelRefused) refused = true;
                if (made) ready.push_back({fd, st.st_dev, st.st_ino});
                else if (!refused) wanted.wait_for(lock, std::chrono::milliseconds(10));  // lost: no busy loop
            }
        }).detach();
    }
};

FreshNamespaces& fresh() {
    static FreshNamespaces* namespaces = new FreshNamespaces;
    return *namespaces;
}

}  // namespace

NetworkLease NetworkLease::acquire() {
    if (::geteuid() != 0) return NetworkLease();
    FreshNamespaces& f = fresh();
    {
        std::lock_guard lock(f.mutex);
        f.startMaker();
        if (f.refused) return NetworkLease();
        while (!f.ready.empty()) {
            const Namespace ns = f.ready.back();
            f.ready.pop_back();
            f.wanted.notify_one();
            if (stillOurs(ns)) return NetworkLease(ns.fd);
        }
    }
    bool refused = false;
    return NetworkLease(makeNamespace(refused));  // none ready yet: made here (-1 when refused: bwrap makes one)
}

NetworkLease::~NetworkLease() {
    if (fd_ < 0) return;
    ::close(fd_);
    FreshNamespaces& f = fresh();
    std::lock_guard lock(f.mutex);
    f.wanted.notify_one();
}

}  // namespace plyjudge::sandbox::detail
