// Network under bubblewrap for a root grader: each run joins an empty network namespace that no run used before (no
// interface up, not even loopback), made ahead of time by a background thread, instead of bwrap's --unshare-net making
// one on the run's path. Never reused: a namespace holds tables a program can write and that outlive it, such as IPv6
// flow labels (IPV6_FLOWLABEL_MGR with a linger: listed in /proc/net/ip6_flowlabel for a minute after the program is
// gone) and abstract unix socket names; a run that inherited one could read what an earlier run (a classmate's, or
// its own hidden case) left there. A used namespace is closed after the run's cleanup, when nothing of the run is
// alive, and the kernel tears it down in the background.
#pragma once

namespace plyjudge::sandbox::detail {

// A namespace of the pool, held for one run.
class NetworkLease {
public:
    NetworkLease() = default;
    // A fresh namespace (made on the spot when none is ready), or none (fd() == -1) where the grader is not root or
    // the kernel refused: then bwrap makes one for the run (--unshare-net).
    static NetworkLease acquire();
    ~NetworkLease();  // closes it, and asks for another to be made ahead
    NetworkLease(NetworkLease&& o) noexcept : fd_(o.fd_) { o.fd_ = -1; }
    NetworkLease& operator=(NetworkLease&&) = delete;
    NetworkLease(const NetworkLease&) = delete;
    int fd() const { return fd_; }  // close-on-exec, kept at a high number; -1: none

private:
    explicit NetworkLease(int fd) : fd_(fd) {}
    int fd_ = -1;
};

}  // namespace plyjudge::sandbox::detail
