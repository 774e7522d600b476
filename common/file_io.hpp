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
// The file is private (mode 0600): what is written this way (reports) holds grades and program output.
// Throws std::runtime_error("cannot write PATH: why").
void writeFileAtomically(const std::filesystem::path& path, std::string_view content);

// create_directories, but every folder it makes is private (mode 0700, whatever the umask adds): report
// folders hold grades. Folders that exist already are left as they are. Returns false with `ec` set on failure.
bool createPrivateDirectories(const std::filesystem::path& dir, std::error_code& ec);

// `name` made safe as one path component (a student's name as a folder): characters other than letters,
// digits, '-', '_' and '.' become '_', and ".", ".." or "" get a leading '_'.
std::string safePathComponent(std::string_view name);

}  // namespace plyjudge
