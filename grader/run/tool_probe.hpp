// Asking an interpreter or compiler where its installation is: a small command run once per tool path, outside the
// sandbox (it is the TA's installed tool, never student code), whose answer names the folders a run needs. What is
// asked depends on the kind of tool (languages.hpp, ToolProbe): a Python's prefixes, a JVM's java.home, gcc's search
// directories. tool_installation.hpp decides which of these folders the runs are shown.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "grader/run/languages.hpp"

namespace plyjudge::grader {

struct ProbeAnswer {
    std::vector<std::filesystem::path> folders;  // absolute and normal, as the tool named them (links not resolved)
    std::string error;                           // empty when the tool answered
};

// Runs the probe of `kind` for the tool at `command` (an absolute path) and reads its answer. Never throws.
ProbeAnswer probeTool(ToolProbe kind, const std::filesystem::path& command);

// The folders of the shared libraries in ldd's output ("libpython2.7.so.1.0 => /x/lib/libpython2.7.so.1.0 (0x...)").
std::vector<std::filesystem::path> sharedLibraryFolders(const std::string& lddOutput);

// The folders named in a probe's output (exposed for tests of the parsing).
std::vector<std::filesystem::path> foldersInAnswer(ToolProbe kind, const std::string& output);

// Runs argv (argv[0] an absolute path) in /, standard input empty, with the minimal environment runs get (PATH,
// LANG=C), and returns what it wrote on standard output and error together (at most 256 KiB); nullopt when it could
// not be started, did not exit with status 0, or ran longer than `seconds` (then killed).
std::optional<std::string> outputOf(const std::vector<std::string>& argv, int seconds);

}  // namespace plyjudge::grader
