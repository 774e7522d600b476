// Whole-file reads and writes, and the atomic write every result file and report goes through.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace plyjudge {

// The file's bytes. Throws std::system_error("cannot read PATH") when it cannot be opened or read.
std::string readWholeFile(const std::filesystem::path& path);

// Replaces the file's content (not atomically: for scratch files). Throws std::system_error on failure.
void writeWholeFile(const std::filesystem::path& path, std::string_view content);

// Writes content to path through a temporary file in the same folder, fsync and a rename, so that readers
// see the old file or the new one, never a part, and a failed write leaves no temporary behind.
// The file gets mode 0644. Throws std::runtime_error("cannot write PATH: why").
void writeFileAtomically(const std::filesystem::path& path, std::string_view content);

// `name` made safe as one path component (a student's name as a folder): characters other than letters,
// digits, '-', '_' and '.' become '_', and ".", ".." or "" get a leading '_'.
std::string safePathComponent(std::string_view name);

}  // namespace plyjudge
