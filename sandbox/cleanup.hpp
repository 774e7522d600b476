// Cleanup: at the end of a run, whatever the reason, everything it started is killed and reaped: its process group,
// every process of its dedicated uid, its pid namespace (bubblewrap), and otherwise its descendants and the
// processes carrying its environment marker; orphans come back to the grader (a child subreaper) to be reaped.
#pragma once

#include <mutex>
#include <string>
#include <vector>

#include <sys/resource.h>
#include <sys/types.h>

#include "sandbox/accounting.hpp"
#include "sandbox/process_tree.hpp"
#include "sandbox/stream_capture.hpp"
#include "sandbox/trace.hpp"

namespace plyjudge::sandbox::detail {

// Cleanup (escapees): makes the grader a child subreaper (once per process): orphans of the runs come back to it
// instead of init, so escapees that double-forked or called setsid can still be found, killed and reaped.
// Returns success.
bool becomeSubreaper();

// Cleanup (the whole tree): SIGKILLs everything belonging to the run (group, uid, tree, marker) until nothing is
// left or a bound of rounds is reached; reaps the grader's own children among them (not the root, which the caller
// reaps: call this once before reaping the root and once after, to collect the orphans it left to us).
// /proc is scanned only where it can find something: without a uid or a namespace (environment marker),
// while the root is alive, when the uid-wide kill found processes, or when the grader has a child to reap.
// Adds what it reaped to `reaped`, and sets `leftovers` to the pids still alive.
void killRun(RunMembership& run, bool rootReaped, std::vector<pid_t>& leftovers, ReapedUsage& reaped);

// Cleanup (bubblewrap): bwrap's monitor exits as soon as its pid-1 process reports the program's exit, before
// pid 1 has finished tearing the namespace down; pid 1 then comes back to us (subreaper). Given bwrap's --info-fd
// text, kills and reaps that process if it is now our child (only then: otherwise its pid may already name another
// process), adding its usage to `reaped` (its own and its children's: the program's CPU time and peak memory).
// Says whether the namespace is known to be empty now (pid 1 reaped here, or gone already): a pid namespace dies
// with its pid 1, and the kernel kills and reaps everything in it before pid 1 can be reaped.
enum class NamespaceEnd { Unknown, ReapedHere, Gone };
NamespaceEnd reapNamespaceInit(const std::string& bwrapInfo, ReapedUsage& reaped);

// Cleanup (uid-wide kill): SIGKILLs every process of `uid`, from a helper running as that uid (kill(-1) reaches
// exactly those). Returns whether there was any (zombies included).
bool killAllOfUid(int uid);

// What the end-of-run cleanup found.
struct CleanupResult {
    ReapedUsage reaped;            // the processes it reaped besides the program (orphans, bwrap's pid 1)
    NamespaceEnd namespaceEnd = NamespaceEnd::Unknown;  // under bubblewrap (ReapedHere: `reaped` has the program's)
    double liveCpu = 0;            // the tree's CPU just before the kill (when the program had not exited)
    std::vector<pid_t> leftovers;  // still alive after every round (reported in the outcome's detail)
};

// Cleanup (end of run): kills everything the run started, reaps the program (its wait status and rusage, unless
// `reaped` already), bubblewrap's pid-1 process if it came back to us, then the orphans left to the grader.
CleanupResult killEverything(SharedMembership& membership, bool reaped, int& waitStatus, rusage& usage,
                             StreamCapture& bwrapInfo, Trace& trace);

}  // namespace plyjudge::sandbox::detail
