// The steps of one run of a submission on a case, shared by the case runner (case_runner.cpp) and the reruns of
// the explanation by experiment (experiment_rerun.cpp), so that a rerun is run exactly as the case was: the
// same fresh private folder, layout, sandbox settings, limits, and comparison.
//
// The run layout, as the course platforms ran programs (grader/README.md, "The folder a program runs in"):
//   RUN/            private to the run (0700, handed to its uid), writable: the sandbox's working directory
//   RUN/work/       a copy of the program's staged folder, its structure kept ({dir})
//   RUN/work/SUB/   the program file's own folder, where it starts: the case's input is put there as input.txt,
//                   its outputs are read there, and setup:/collect: names are relative to it
// So a path relative to the script, to the working directory or to sys.argv[0] finds the same files, and a
// Windows-style `os.getcwd() + "\\name"` (one file named `work\name` in the folder above) stays in RUN.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "grader/run/case_runner.hpp"

namespace plyjudge::grader {

struct RunFolder {
    std::filesystem::path root;   // the run's own folder, removed after the run
    std::filesystem::path copy;   // root/work: the copy of the staged folder
    std::filesystem::path start;  // where the program starts (its own folder in the copy)
};

// A fresh run folder for `program` on `spec`: the staged folder copied in (links, special files and version-control
// folders left out, as staging does), then what the case decides removed from the start folder (anything at the
// input's name, at the compared files' names and at the collected names: a stale output.txt in a submission never
// counts), then the case's input copied in as input.txt. Throws what the copy throws (a judge error for the caller).
RunFolder prepareRunFolder(const RunContext& context, const PreparedProgram& program, const CaseSpec& spec,
                           const RunAdjustments& adjustments);

// Removes the whole run folder, whatever the run left in it.
void removeRunFolder(const RunFolder& run);

// Runs the program once in `run` (which holds its input and setup). `other`: run the program's file with this
// interpreter instead of its own (the other Python). `argvZeroIsInput`: a Python file run with sys.argv[0] naming
// the input (the experiment on a program that reads its own file: experiments.hpp).
sandbox::RunOutcome runProgramIn(const RunContext& context, const PreparedProgram& program, const RunFolder& run,
                                 const OtherInterpreter* other = nullptr, bool argvZeroIsInput = false);

// The case's compared files that the run did not write (as regular files) in `dir`.
std::vector<std::string> missingOutputs(const CaseSpec& spec, const std::filesystem::path& dir);

// Whether every file the case compares is in `dir` and equals the expected one (the case runner's comparison:
// modulo line ends, trailing spaces and final newlines).
bool outputsMatch(const CaseSpec& spec, const std::filesystem::path& dir);

}  // namespace plyjudge::grader
