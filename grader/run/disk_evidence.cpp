#include "grader/run/disk_evidence.hpp"

#include <sys/statvfs.h>

#include <fmt/format.h>

namespace plyjudge::grader {

DiskState diskStateOf(const std::filesystem::path& folder) {
    DiskState s;
    struct statvfs st {};
    if (::statvfs(folder.c_str(), &st) != 0) return s;
    s.known = true;
    s.freeBytes = std::uint64_t(st.f_bavail) * std::uint64_t(st.f_frsize ? st.f_frsize : st.f_bsize);
    s.inodesLeft = st.f_files == 0 || st.f_favail > 0;
    s.readOnly = (st.f_flag & ST_RDONLY) != 0;
    return s;
}

std::optional<JudgeFault> diskFaultAfterRun(const DiskState& before, const DiskState& after, std::uint64_t runWroteBytes,
                                            const std::filesystem::path& folder) {
    if (!after.known) return std::nullopt;
    const std::string where = folder.parent_path().string();
    if (after.readOnly)
        return JudgeFault{JudgeComponent::Disk, "the file system of the run folders (" + where + ") is read-only",
                          "remount it read-write or set TMPDIR to a writable file system, then grade again"};
    const bool full = after.freeBytes < kDiskReserveBytes;
    if (!full && after.inodesLeft) return std::nullopt;
    // The run filled it itself (it had room when it started and wrote about that much): its own doing, a limit the
    // student hit, not the grader's failure.
    if (before.known && before.freeBytes >= kDiskReserveBytes && runWroteBytes + kDiskReserveBytes >= before.freeBytes)
        return std::nullopt;
    return JudgeFault{JudgeComponent::Disk,
                      after.inodesLeft ? fmt::format("the file system of the run folders ({}) was full after the run "
                                                     "({} bytes free; the run wrote {} bytes)",
                                                     where, after.freeBytes, runWroteBytes)
                                       : fmt::format("the file system of the run folders ({}) has no inodes left", where),
                      "free space there or set TMPDIR to a larger file system, then grade again: the case is graded "
                      "again then"};
}

}  // namespace plyjudge::grader
