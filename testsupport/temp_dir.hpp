// The tests' temporary folders and whole-file helpers: common/'s, with a test prefix; files' modes.
#pragma once

#include <filesystem>
#include <string>

#include "common/file_io.hpp"
#include "common/temp_dir.hpp"

namespace plyjudge::testing {

using plyjudge::TempDir;  // the same class (tests name it either way)

inline std::string readFile(const std::filesystem::path& path) { return readWholeFile(path); }
inline void writeFile(const std::filesystem::path& path, const std::string& content) { writeWholeFile(path, content); }
// The permission bits of a file or folder (0600, 0700, ...): what the tests of private files check.
inline unsigned fileMode(const std::filesystem::path& path) { return static_cast<unsigned>(std::filesystem::status(path).permissions()); }

}  // namespace plyjudge::testing
