#include "sandbox/disk_quota.hpp"


#include <sys/stat.h>
#include <sys/statvfs.h>

#include <fmt/format.h>

#include "sandbox/stream_capture.hpp"
#include "sandbox/work_tree.hpp"

namespace plyjudge::sandbox::detail {

namespace {

std::string mib(std::uint64_t bytes) { return fmt::format("{} MiB", bytes >> 20); }

// The bytes in use on the tmpfs at `path` (its own file system: one run's).
std::uint64_t usedOn(const std::string& path) {
    struct statvfs fs {};
    if (::statvfs(path.c_str(), &fs) != 0) return 0;
    return std::uint64_t(fs.f_blocks - fs.f_bfree) * fs.f_frsize;
}

}  // namespace

DiskQuota::DiskQuota(const SandboxLimits& limits, std::filesystem::path workDir, std::uint64_t bytesAtStart,
                     bool isolated)
    : limit_(limits.diskBytes), workDir_(std::move(workDir)), bytesAtStart_(bytesAtStart), isolated_(isolated) {}

// The private /tmp, /var/tmp and /dev/shm are tmpfs mounts in the run's mount namespace, seen from here through
// /proc/<its pid 1>/root (bwrap's "child-pid"). Without bubblewrap the run has no temporary folders of its own.
// Only once that process is in the run's mount namespace (bwrap's "mnt-namespace": not a pid reused since) and has
// entered the run's root: before its pivot, its /tmp and /var/tmp are the host's, gigabytes that are nobody's (a
// canary was once stopped for "42903 MiB").
std::uint64_t DiskQuota::temporaryBytes(StreamCapture& bwrapInfo) {
    if (!isolated_) return 0;
    if (proc_.empty()) {
        const std::string& status = readAvailable(bwrapInfo);
        const pid_t init = pid_t(bwrapStatusNumber(status, "child-pid"));
        mountNamespace_ = bwrapStatusNumber(status, "mnt-namespace");
        if (init <= 0 || mountNamespace_ == 0) return 0;
        proc_ = "/proc/" + std::to_string(init);
    }
    struct stat ns {}, root {}, hostRoot {};
    if (::stat((proc_ + "/ns/mnt").c_str(), &ns) != 0 || ns.st_ino != mountNamespace_) return 0;
    if (::stat((proc_ + "/root").c_str(), &root) != 0 || ::stat("/", &hostRoot) != 0) return 0;
    if (root.st_dev == hostRoot.st_dev && root.st_ino == hostRoot.st_ino) return 0;  // not in the run's root yet
    return usedOn(proc_ + "/root/tmp") + usedOn(proc_ + "/root/var/tmp") + usedOn(proc_ + "/root/dev/shm");
}

bool DiskQuota::over(StreamCapture& bwrapInfo) {
    if (!active()) return false;
    const WorkTreeFigures now = walkWorkTree(workDir_);
    const std::uint64_t added = now.bytes > bytesAtStart_ ? now.bytes - bytesAtStart_ : 0;
    used_ = added + temporaryBytes(bwrapInfo);
    // Files without bytes fill the disk too (its inodes): a walk that meets its bound is a run over the quota.
    tooManyFiles_ = now.entries >= kMaxWorkTreeEntries;
    return used_ > limit_ || tooManyFiles_;
}

std::string DiskQuota::detail() const {
    if (tooManyFiles_) return fmt::format("made more than {} files and folders in its working directory", kMaxWorkTreeEntries);
    return fmt::format("wrote {} to its folder and temporary folders (disk quota {})", mib(used_), mib(limit_));
}

}  // namespace plyjudge::sandbox::detail
