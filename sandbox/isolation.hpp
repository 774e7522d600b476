// Bubblewrap: whether it works here (probed once, isolation.cpp), and the command line that wraps a run in it
// (bubblewrap.cpp, one function per protection).
#pragma once

#include <string>
#include <vector>

#include "sandbox/sandbox.hpp"

namespace plyjudge::sandbox::detail {

// The uid the program gets inside the sandbox's user namespace when the grader is not root (cosmetic:
// outside it stays the grader's).
constexpr int kSandboxUid = 65534;

// bwrap and its options, then (runUid >= 0, a root grader) plyjudge-run-as (or setpriv) switching to that uid; the program's
// argv follows. A root grader does not use a user namespace: the program runs as the dedicated uid, so
// RLIMIT_NPROC holds (it does not for root mapped in a user namespace) and root's files stay unreadable.
// infoFd >= 0: bwrap writes {"child-pid": N, ...} there (N: its pid-1 process, to be reaped; see cleanup.cpp).
// networkJoined: the child has joined an empty network namespace of the run's own (network.hpp), so bwrap makes none.
// program: the program's resolved path, kept visible with its folder.
// mounts: when given, receives what the run sees, one line a mount in the order made: "MODE PATH  (why)".
std::vector<std::string> bubblewrapPrefix(const RunSpec& spec, const std::string& bwrapPath, int runUid,
                                          int infoFd = -1, bool networkJoined = false, const std::string& program = "",
                                          std::vector<std::string>* mounts = nullptr);

// The paths bwrap binds (readOnlyPaths) exist: a missing one would make bwrap fail in a way that cannot be told
// from the program's own output. Returns why not (a judge fault's words), or empty.
std::string missingBindSource(const RunSpec& spec);

// Absolute paths of bwrap and setpriv (util-linux), or empty.
const std::string& bubblewrapPath();
const std::string& setprivPath();

// Absolute path of plyjudge-run-as (run_as_main.cpp), installed beside the running program or in the build tree,
// when it is a regular file that only root or the grader can change; else empty (setpriv is used instead).
const std::string& runAsPath();

}  // namespace plyjudge::sandbox::detail
