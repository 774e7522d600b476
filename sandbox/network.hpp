// Network under bubblewrap for a root grader: one empty network namespace per grader process, made once and entered
// by each run between fork and exec, instead of bwrap's --unshare-net making (and the kernel tearing down) one per
// run. Runs sharing it must still not reach each other: no interface is up in it (not even loopback), and the
// abstract unix sockets a network namespace holds are closed between runs by a Landlock scope on each run.
#pragma once

namespace plyjudge::sandbox::detail {

// A descriptor of the shared empty network namespace (close-on-exec), or -1 where the runs cannot share one: the
// grader is not root, the kernel refused, or Landlock cannot scope abstract unix sockets (ABI < 6). Then each run
// gets a namespace of its own from bwrap. Made on first use, by a short-lived thread (unshare affects the calling
// thread only, so the grader's own network is untouched), and made again if the descriptor was closed meanwhile.
int sharedNetworkNamespace();

}  // namespace plyjudge::sandbox::detail
