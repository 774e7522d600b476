// Merging the databases of a run graded in shards (`grade --shard K/N` on several machines) into one, which
// reports then read like any other. Shards of different assignments, suites or plyjudge versions are
// refused, never mixed. Merging is idempotent: the same shards merged again give the same rows.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace plyjudge::grader {

struct MergeSummary {
    std::size_t rows = 0;                 // results now in the merged database
    std::size_t rowsRead = 0;             // results read from the shards
    std::vector<std::string> shards;      // the shards merged, "K/N" (or "whole" for an unsharded database)
    std::vector<std::string> missing;     // shards K/N of the run that were not given
};

// Throws std::invalid_argument naming the database and what differs (refused before anything is written),
// and std::runtime_error for unreadable files.
MergeSummary mergeResults(const std::filesystem::path& out, const std::vector<std::filesystem::path>& shards);

}  // namespace plyjudge::grader
