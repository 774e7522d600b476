// Network under bubblewrap for a root grader: each run joins an empty network namespace of its own (no interface up,
// not even loopback), taken from a pool of namespaces made once and reused run after run, instead of bwrap's
// --unshare-net making (and the kernel tearing down) one per run. Of its own, because a network namespace also
// holds the abstract unix socket names (listed in /proc/net/unix): two runs sharing one could talk through them
// (one binds a name spelling its hidden input, the other reads the list). A namespace goes back to the pool only
// after the run's cleanup, when nothing of the run is alive: its sockets, and so their names, are gone with it.
#pragma once

namespace plyjudge::sandbox::detail {

// A namespace of the pool, held for one run.
class NetworkLease {
public:
    NetworkLease() = default;
    // A free namespace of the pool (made when none is free), or none (fd() == -1) where the grader is not root or
    // the kernel refused: then bwrap makes one for the run (--unshare-net).
    static NetworkLease acquire();
    ~NetworkLease();  // back to the pool
    NetworkLease(NetworkLease&& o) noexcept : slot_(o.slot_) { o.slot_ = -1; }
    NetworkLease& operator=(NetworkLease&&) = delete;
    NetworkLease(const NetworkLease&) = delete;
    int fd() const;  // close-on-exec, kept at a high number; -1: none

private:
    explicit NetworkLease(int slot) : slot_(slot) {}
    int slot_ = -1;
};

}  // namespace plyjudge::sandbox::detail
