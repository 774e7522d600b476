// What a compiler or a program prints names the grader's own copies of the submission (`/tmp/plyjudge-check-…/build/
// hw.cpp-…/src/hw.cpp:3`, a traceback's `/tmp/…/run-12-3/work/main.py`): a student reads their own relative paths
// instead (`hw.cpp:3`, `main.py`), and no grader folder appears in any report.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace plyjudge::grader {

// `text` with every path inside one of `folders` (the staged submission, a run's copy of it) made relative to that
// folder (`FOLDER/sub/a.py` -> `sub/a.py`), and each folder named alone replaced by ".". The deepest folder first,
// so that a copy inside a run folder is stripped whole.
std::string withStudentPaths(std::string text, std::vector<std::filesystem::path> folders);

}  // namespace plyjudge::grader
