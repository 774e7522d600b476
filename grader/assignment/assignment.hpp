// An assignment: what is graded and how. A YAML file, e.g. cases/reversi/assignment.yaml:
//
//   title: "HW2 reversi"                 # optional; reports' title (default: the file's name)
//   variant: reversi
//   dialect: {cutoff_log: aima}          # optional; suites' own dialects must agree
//   run: {python: auto}                   # optional; how programs are run (grader/assignment/run_settings.hpp)
//   overrides: {alice: {file: hw.py}}     # optional; per student (also: students.yaml beside the submissions)
//   limits: {wall_seconds: 10, cpu_seconds: 10, memory_mb: 2048, stack_mb: 8, processes: 64, open_files: 64,
//            file_mb: 1024, disk_mb: 2048, captured_kb: 64}
//   suites: [published]                   # folders with a suite.yaml, relative to this file
//   scoring:
//     points_per_case: 1                  # unless a suite or case says otherwise
//     files: [next_state.txt]             # only these files must match (default: every file the reference writes)
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "grader/assignment/run_settings.hpp"
#include "sandbox/sandbox.hpp"
#include "grader/suite/case_suite.hpp"

namespace plyjudge::grader {

struct Assignment {
    std::filesystem::path path;
    std::string titleText;  // the `title:` key; empty when absent
    std::string variantName;
    const Variant* variant = nullptr;
    std::vector<std::string> dialectSettings;
    RunSettings run;
    StudentOverrides overrides;
    sandbox::SandboxLimits limits;
    std::vector<CaseSuite> suites;
    double pointsPerCase = 1;
    std::vector<std::string> files;  // empty: every file the reference writes for the input

    // Throws ConfigError naming the file, the line and the key.
    static Assignment load(const std::filesystem::path& path);

    std::string title() const;  // `title:`, else the file's name without extension
    double pointsOf(const CaseSuite& suite, const SuiteCase& c) const;
    // The files of a case that must match: the expected files present in its folder (written by the
    // reference, so exactly what it writes for that input), restricted to `files` when given.
    std::vector<std::string> filesToMatch(const SuiteCase& c) const;
};

// The default points of a case for a variant: its Variant::pointsPerCase (1 for an unknown variant).
double defaultPointsPerCase(std::string_view variant);

}  // namespace plyjudge::grader
