// The disk a run may fill (SandboxLimits::diskBytes): what it adds to its working directory and what it holds in its
// private /tmp, /var/tmp and /dev/shm, together. RLIMIT_FSIZE bounds each file, the tmpfs sizes each folder; neither
// bounds the sum, and a run that wrote gigabytes of scratch and removed them before it ended (an attack: 3,120 MiB in
// 3 s) filled the disk its classmates' runs and the results database share. Sampled at every tick of the watch
// (supervisor.cpp), with the tree's other limits: a run over it is stopped as an output limit.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>


#include "sandbox/sandbox.hpp"

namespace plyjudge::sandbox::detail {

class StreamCapture;

class DiskQuota {
public:
    // `bytesAtStart`: the working directory's regular files before the program started (they are not the run's).
    DiskQuota(const SandboxLimits& limits, std::filesystem::path workDir, std::uint64_t bytesAtStart, bool isolated);

    bool active() const { return limit_ > 0; }
    // Measures the run's disk now (a bounded walk of the working directory; the private temporary folders through the
    // namespace's root, whose pid bwrap reported on `bwrapInfo`). True when it is over the quota.
    bool over(StreamCapture& bwrapInfo);
    // Why the run was stopped, e.g. "wrote 2100 MiB to its folder and temporary folders (disk quota 2048 MiB)".
    std::string detail() const;

private:
    std::uint64_t temporaryBytes(StreamCapture& bwrapInfo);

    std::uint64_t limit_;
    std::filesystem::path workDir_;
    std::uint64_t bytesAtStart_;
    bool isolated_;
    std::string proc_;                  // /proc/<bwrap's pid 1>, once bwrap reported it
    std::uint64_t mountNamespace_ = 0;  // the run's mount namespace's inode, as bwrap reported it
    std::uint64_t used_ = 0;
    bool tooManyFiles_ = false;
};

}  // namespace plyjudge::sandbox::detail
