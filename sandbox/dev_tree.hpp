// /dev under bubblewrap for a root grader: one directory of device nodes per machine, made once (on the sandbox's
// first use, isolation.cpp:probe) and bound over /dev in every run with a single --dev-bind, instead of bwrap's --dev
// building a tmpfs with six binds of the host's nodes, each costing bwrap a parse of the mount table (about 0.6 ms a
// run). The same nodes as bwrap's --dev (null, zero, full, random, urandom, tty; the /proc/self/fd links; an empty
// shm directory for the run's private /dev/shm), owned by root, in a directory the run's uid cannot write; no
// devpts (bwrap's --dev has one: pseudo-terminals are the only thing a run loses).
#pragma once

#include <string>

namespace plyjudge::sandbox::detail {

// The directory (verified entry by entry: nothing more, nothing less, all root's), or empty where it cannot be used
// and each run gets bwrap's --dev: the grader is not root, no candidate place is on a file system that allows
// devices (/run/plyjudge-sandbox/dev, else /dev/plyjudge-sandbox), or the probe found it unusable
// (disablePreparedDevTree).
const std::string& preparedDevTree();

// Called by the probe when a run with the prepared tree failed: from then on preparedDevTree() is empty.
void disablePreparedDevTree();

}  // namespace plyjudge::sandbox::detail
