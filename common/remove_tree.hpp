// Removing a folder a program wrote in, whatever the program did to it: the owner's permissions taken away
// (chmod 0 on a folder it made, its own write bit removed) or folders nested deeper than PATH_MAX. The run
// directories and the scratch folders (TempDir) go through it, so that no run leaves a staged source behind.
#pragma once

#include <filesystem>

namespace plyjudge {

// Removes `path` and everything below it. A folder whose owner lost read, write or search permission gets
// them back (u+rwx) before it is opened: without them an unprivileged grader can neither list nor empty it
// (root never needs it). Symbolic links are removed, never followed; one descriptor is open at a time
// whatever the depth. Never throws; true when nothing is left at `path`.
bool removeTree(const std::filesystem::path& path) noexcept;

}  // namespace plyjudge
