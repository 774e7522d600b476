// A student's run adjustments (the `setup:` and `collect:` of an assignment's override): real submissions
// read `input1.txt`, a Windows path or a sub-folder, or write their output elsewhere. The TA says so per
// student instead of wrapping the student's code. Names are the ones the program uses, relative to the folder it
// starts in (run_steps.hpp): `SampleTestCases/input1.txt`, `4\input.txt` (a file whose name holds a backslash), and
// `\4\input.txt` with a leading backslash for a Windows-style `os.getcwd() + "\4\input.txt"`, which is the file
// `START\4\input.txt` in the folder above (the run's private folder). No name leaves the run's folder.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace plyjudge::grader {

struct RunAdjustments {
    // Before the run: copy FROM to TO inside the run directory ("input.txt -> input1.txt").
    std::vector<std::pair<std::string, std::string>> setup;
    // After the run: the expected file NAME is read from PATH inside the run directory
    // ({output.txt: SampleTestCases/output.txt}).
    std::map<std::string, std::string> collect;

    bool empty() const { return setup.empty() && collect.empty(); }
};

// Whether `path` is a relative path that stays inside the run directory (no "..", not absolute, not empty).
bool staysInside(const std::string& path);
// Why `path` does not stay inside ("" when it does): "../x goes up with ..", "/etc/x is an absolute path".
std::string whyOutside(const std::string& path);

// Where the name `name` (staysInside) the program uses lands, for a program started in `start`: below it, or, for a
// name with a leading backslash (a Windows-style `cwd + "\\name"`), the file `BASENAME(start) + name` beside it.
std::filesystem::path placeOf(const std::string& name, const std::filesystem::path& start);

// Parses "FROM -> TO"; throws std::invalid_argument saying what was expected.
std::pair<std::string, std::string> parseSetupStep(const std::string& text);

// Applies the setup steps for a program started in runDir (folders created as needed). Throws std::runtime_error
// naming a missing FROM, or a TO that would be written through a symbolic link or over a folder.
void applySetup(const RunAdjustments& adjustments, const std::filesystem::path& runDir);

// Moves each collected file to its expected name in runDir (where the program started), after it has ended. A path
// through a symbolic link, or to anything but a regular file, is left alone (the output then counts as not
// written). Returns a message per file that could not be collected.
std::vector<std::string> collectOutputs(const RunAdjustments& adjustments, const std::filesystem::path& runDir);

}  // namespace plyjudge::grader
