// Staging a submission, as isolate does with its box: the grader copies the student's files into the run
// area (inside the grading session's scratch folder) so that the sandbox's run uids read a copy made for
// them, whatever the permissions of the original (a 0700 mktemp folder, a home directory, /root). The
// copy is readable by the run uids and writable by none of them; under bubblewrap only the student's own
// copy is visible to its runs.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

namespace plyjudge::grader {

struct StagingLimits {
    std::uint64_t maxBytes = 256ULL << 20;  // a folder larger than this is refused (a TA's mistake, not a program)
    std::uint64_t maxFiles = 20000;
};

// Copies the regular files and folders below `from` into `to` (created), recursively or only the top level,
// skipping symbolic links (they may point at anything of the grader's), special files and version-control
// folders (.git, .hg, .svn). Throws std::runtime_error naming the folder when it is over the limits or
// cannot be read.
void stageFolder(const std::filesystem::path& from, const std::filesystem::path& to, bool recursive,
                 const StagingLimits& limits = {});

// A staged tree made readable by the group `gid` alone (owner root, folders 0750, files 0640 or, executable,
// 0750): a root grader without bubblewrap gives each student's staged files to that student's group
// (sandbox::studentGroup), which that student's runs keep and no classmate's run has. Links are not followed.
void restrictToGroup(const std::filesystem::path& dir, int gid);

}  // namespace plyjudge::grader
