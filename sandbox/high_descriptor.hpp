// Descriptors the grader keeps open across runs (a run's cgroup files, network namespaces made ahead) live at high
// numbers: a run's child binds its own descriptors 0-4 (stdin, stdout, stderr, bwrap's status, the exec report) before
// it uses the kept ones, so a kept descriptor numbered 3 or 4 would be replaced (the child's "0" into a cgroup's
// `tasks` went to the exec report instead: a false judge error). High numbers are also out of reach of a stray second
// close elsewhere in the process, which hits low numbers.
#pragma once

#include <fcntl.h>
#include <unistd.h>

namespace plyjudge::sandbox::detail {

inline constexpr int kFirstHighDescriptor = 512;

// `fd` moved to the lowest free number from kFirstHighDescriptor (close-on-exec); `fd` itself when that fails or it
// is -1.
inline int movedHigh(int fd) {
    if (fd < 0 || fd >= kFirstHighDescriptor) return fd;
    const int high = ::fcntl(fd, F_DUPFD_CLOEXEC, kFirstHighDescriptor);
    if (high < 0) return fd;
    ::close(fd);
    return high;
}

}  // namespace plyjudge::sandbox::detail
