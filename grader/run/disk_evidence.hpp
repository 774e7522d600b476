// The run folders' file system, read before and after a run: a run that failed while that file system was full or
// failed (ENOSPC, no inodes left, EDQUOT, remounted read-only) failed on the grader's side, not the student's,
// unless the run itself wrote what filled it. Evidence from statfs(2), never from what the program printed.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>

#include "common/judge_fault.hpp"

namespace plyjudge::grader {

struct DiskState {
    bool known = false;            // statfs answered
    std::uint64_t freeBytes = 0;   // available to an unprivileged writer (f_bavail)
    bool inodesLeft = true;        // f_favail > 0, where the file system counts inodes
    bool readOnly = false;         // ST_RDONLY: an I/O error made the kernel remount it, or it was mounted so
};

DiskState diskStateOf(const std::filesystem::path& folder);

// What a run needs left free for its outputs to be written whole: below this, a write may have failed with ENOSPC.
inline constexpr std::uint64_t kDiskReserveBytes = 1u << 20;

// A judge fault when the file system of a run that did not pass was full, out of inodes or read-only after it,
// and the run's own writes (`runWroteBytes`: what its folder grew by) do not account for it; nullopt otherwise.
std::optional<JudgeFault> diskFaultAfterRun(const DiskState& before, const DiskState& after, std::uint64_t runWroteBytes,
                                            const std::filesystem::path& folder);

}  // namespace plyjudge::grader
