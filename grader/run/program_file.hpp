// Which file of a student's folder is the program, and which language it is.
//
// The rule (also in grader/README.md): `run.file` (or a student's override `file:`) names it; otherwise the
// one source file (an extension of languages.hpp's table: *.py, *.cpp, *.c, *.java, ...) at the top of the
// folder; otherwise the one found anywhere below it. No source file: "no program". Two or more at the level where the search stops:
// "ambiguous program: a.py, b.py — set run.file or an override".
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "grader/run/languages.hpp"

namespace plyjudge::grader {

// The program file, or nullopt with `why` (a sentence for the TA and the student).
std::optional<std::filesystem::path> findProgramFile(const std::filesystem::path& studentDir,
                                                     const std::optional<std::string>& name, std::string& why);

}  // namespace plyjudge::grader
