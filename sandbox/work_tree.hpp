// One walk over a run's working directory that does what the run's start and end need of it at once: hand it to the
// run's uid or back to the grader (root grader), and measure it (the bytes of its regular files, for the grader's
// bytes_written; its largest file, the evidence of a file at the size limit). Before, each of those was a walk of its
// own (up to six per graded case, each looking every entry up by its full path); this one looks entries up relative
// to their folder and stats only what the folder listing does not already say.
#pragma once

#include <cstdint>
#include <filesystem>

#include <sys/types.h>

namespace plyjudge::sandbox::detail {

struct WorkTreeFigures {
    std::uint64_t bytes = 0;        // the sizes of the regular files (not links), summed
    std::uint64_t largestFile = 0;  // the largest of them
    int entries = 0;                // the entries walked (files, folders, links, ...), at most kMaxWorkTreeEntries
};

// Walks `dir` and everything below it, never following symbolic links, at most kMaxWorkTreeEntries entries (a run may
// make millions). With `owner` >= 0 each entry, `dir` included, is given to owner:group first. Folders it cannot open
// (a grader that is not root, after a program's chmod 0) are skipped.
constexpr int kMaxWorkTreeEntries = 100000;
WorkTreeFigures walkWorkTree(const std::filesystem::path& dir, int owner = -1, gid_t group = 0);

}  // namespace plyjudge::sandbox::detail
