// How submissions are run: the assignment's `run:` section and the per-student `overrides:` (in the
// assignment, or in a students.yaml beside the submissions):
//
//   run:
//     command: "python3 {program} -i {input}"   # a template: {program} {input} {dir}
//     file: hw1.py                              # which file of a student's folder is the program
//     python: auto                              # auto (default: decided per program), 2 or 3
//     exit_status: strict                       # strict (default): non-zero is a runtime error; outputs: the files decide
//     interpreters: {python2: /opt/py27/bin/python2.7, python3: /usr/bin/python3, java: ..., javac: ..., g++: ...}
//   overrides:
//     alice: {file: src/Main.py, python: 2}
//     bob:
//       command: "python3 {dir}/hw.py"
//       setup: ["input.txt -> input1.txt"]              # files copied in the run's folder before the run
//       # or as a map, NAME THE PROGRAM OPENS: FROM:  setup: {input1.txt: input.txt}
//       collect: {output.txt: SampleTestCases/output.txt}  # where the program writes an expected file
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>

#include "grader/config/yaml_support.hpp"
#include "grader/results/verdict.hpp"
#include "grader/run/interpreters.hpp"
#include "grader/run/python_version.hpp"
#include "grader/run/run_adjustments.hpp"

namespace plyjudge::grader {

struct RunSettings {
    std::optional<std::string> command;  // a template; nullopt: inferred from the program file
    std::optional<std::string> file;     // the program's file name in a student's folder
    PythonChoice python = PythonChoice::Auto;
    Interpreters interpreters;
    ExitStatusPolicy exitStatus = ExitStatusPolicy::Strict;
};

// One student's changes to the run settings; what it leaves unset keeps the assignment's.
struct StudentOverride {
    std::optional<std::string> command, file;
    std::optional<PythonChoice> python;
    RunAdjustments adjustments;

    RunSettings appliedTo(const RunSettings& base) const;
};

using StudentOverrides = std::map<std::string, StudentOverride>;

// Reads the `run:` map at `node`. Errors name the file, line and key (ConfigError).
RunSettings parseRunSettings(const YamlFile& file, const YAML::Node& node);
// Reads an overrides map (student name -> settings) at `node`, e.g. the assignment's `overrides:`.
StudentOverrides parseOverrides(const YamlFile& file, const YAML::Node& node, std::string_view where);
// students.yaml beside the submissions: the same map at the top level. Empty when the file does not exist.
// Read only when it is a regular file (or a link to one) the grader can open: a folder of that name is a
// student's, a FIFO is never opened (reading it would wait forever); then, as for a device or an unreadable
// file, `warning` says why, naming the path, and nothing is read. Bad YAML in the file is a ConfigError.
StudentOverrides loadStudentsFile(const std::filesystem::path& path, std::string& warning);

// plyjudge.yaml beside a program that `plyjudge check` runs: that one student's settings, with the keys of a
// students.yaml entry (command, file, python, setup, collect). nullopt when there is none. A file that is not
// a regular one (a FIFO is never opened), over 64 KiB, unreadable, malformed or naming a path outside the run's
// folder is a ConfigError naming it: a student's check stops and says why rather than run otherwise than asked.
std::optional<StudentOverride> loadProgramSettings(const std::filesystem::path& path);

}  // namespace plyjudge::grader
