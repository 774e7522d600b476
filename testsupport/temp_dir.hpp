// The tests' temporary folders and whole-file helpers: common/'s, with a test prefix.
#pragma once

#include <filesystem>
#include <string>

#include "common/file_io.hpp"
#include "common/temp_dir.hpp"

namespace plyjudge::testing {

using plyjudge::TempDir;  // the same class (tests name it either way)

inline std::string readFile(const std::filesystem::path& path) { return readWholeFile(path); }
inline void writeFile(const std::filesystem::path& path, const std::string& content) { writeWholeFile(path, content); }

}  // namespace plyjudge::testing
