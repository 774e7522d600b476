// A student's run adjustments (the `setup:` and `collect:` of an assignment's override): real submissions
// read `input1.txt`, a Windows path or a sub-folder, or write their output elsewhere. The TA says so per
// student instead of wrapping the student's code.
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

// Parses "FROM -> TO"; throws std::invalid_argument saying what was expected.
std::pair<std::string, std::string> parseSetupStep(const std::string& text);

// Applies the setup steps in runDir (folders created as needed). Throws std::runtime_error naming a missing
// FROM.
void applySetup(const RunAdjustments& adjustments, const std::filesystem::path& runDir);

// Moves each collected file to its expected name at the top of runDir, after the program has ended. A path
// through a symbolic link, or to anything but a regular file, is left alone (the output then counts as not
// written). Returns a message per file that could not be collected.
std::vector<std::string> collectOutputs(const RunAdjustments& adjustments, const std::filesystem::path& runDir);

}  // namespace plyjudge::grader
