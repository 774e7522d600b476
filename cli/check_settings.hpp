// The per-student settings of `plyjudge check`, as `grade` has them per student: plyjudge.yaml beside the
// program (the keys of a students.yaml entry: file, command, python, setup, collect) and --file, --setup,
// --collect, which add to it (a flag wins over the file); and the exit-status policy of the variant's bundled
// assignment (--exit-status overrides it).
#pragma once

#include "grader/grade/program_check.hpp"
#include "cli/command_line.hpp"

namespace plyjudge::cli {

// The variant's bundled assignment's run.exit_status (what check judges by unless --exit-status says otherwise, and
// what fuzz tries a Python by); strict when it has none (or cannot be read).
grader::ExitStatusPolicy bundledExitStatus(const Variant& variant);

// Adds --file, --setup, --collect and --exit-status.
void addCheckSettingsOptions(CommandLine& cl);

// PROGRAM (a file, or a folder with --file or plyjudge.yaml's file:, else its one source file), its
// plyjudge.yaml and the flags, into `request` (program, programName, adjustments, exitStatus). Throws
// UsageError for a bad flag or a missing program, CommandFailure (usage) for a bad plyjudge.yaml.
void applyCheckSettings(const po::variables_map& vm, const Variant& variant, grader::ProgramCheckRequest& request);

}  // namespace plyjudge::cli
