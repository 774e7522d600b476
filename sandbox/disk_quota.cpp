#include "sandbox/disk_quota.hpp"

#include <cstdlib>

#include <fcntl.h>
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
std::uint64_t DiskQuota::temporaryBytes(StreamCapture& bwrapInfo) {
    if (!isolated_) return 0;
    if (namespaceInit_ < 0) {
        if (bwrapInfo.fd() >= 0) {
            ::fcntl(bwrapInfo.fd(), F_SETFL, O_NONBLOCK);
            bwrapInfo.drain();
        }
        const std::string& info = bwrapInfo.head();
        const std::size_t at = info.find("\"child-pid\":");
        if (at == std::string::npos) return 0;
        namespaceInit_ = pid_t(std::strtol(info.c_str() + at + 12, nullptr, 10));
    }
    if (namespaceInit_ <= 0) return 0;
    const std::string root = "/proc/" + std::to_string(namespaceInit_) + "/root";
    return usedOn(root + "/tmp") + usedOn(root + "/var/tmp") + usedOn(root + "/dev/shm");
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
