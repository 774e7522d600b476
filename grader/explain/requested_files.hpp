// The files a failed program says it tried to open and could not, read from its own error output (a Python
// traceback's "No such file or directory: 'X'", Java's FileNotFoundException), kept only when they name a
// place inside its run directory: the experiment that copies the input there (experiments.hpp) never writes
// anywhere else.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace plyjudge::grader {

// The names quoted by the error output, in order of appearance, without repeats (at most a few).
std::vector<std::string> missingFilesNamed(std::string_view stderrText);

// `name` as a path relative to the run directory `runDir` (the directory the program ran in), or nullopt
// when it is not inside it: empty, "..", an absolute path elsewhere, a name with a NUL or control byte.
std::optional<std::filesystem::path> insideRunDirectory(const std::string& name, const std::filesystem::path& runDir);

}  // namespace plyjudge::grader
