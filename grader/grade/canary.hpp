// The canary: before anyone is graded (`check`, `grade`), plyjudge runs tiny programs of its own through exactly the
// path a student's program takes (staging, the build, the sandbox, the run folder, the comparison) on one case, one
// per language and interpreter the job will use, and the reference itself as a drop-in program. Each one copies the
// case's expected files into place, so it must pass; when one does not, the grader's side is broken (a sandbox that
// cannot be set up, an interpreter that cannot start a program, a full disk) and nobody is graded: every student would
// otherwise get the same failure as their own verdict.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "common/judge_fault.hpp"
#include "grader/grade/grading_run.hpp"

namespace plyjudge::grader {

struct CanaryOptions {
    bool run = false;  // the commands turn it on; a library caller (a test) chooses
    // plyjudge's own binary for the reference drop-in (`plyjudge solve VARIANT`); unset: no drop-in.
    std::optional<std::filesystem::path> reference;
};

struct CanaryReport {
    std::vector<std::string> passed;   // what ran and passed: "python3 (/usr/bin/python3)", "reference", ...
    std::optional<JudgeFault> failure;  // the first canary that failed: the step, the sandbox's own words, the fix
    // The reference ran but its output is not the case's expected one (a suite made by hand or with another dialect):
    // said, not a stop, since the grader's side worked.
    std::string referenceNote;
    double seconds = 0;                 // wall time of the whole canary

    bool ok() const { return !failure; }
    // "canary: python3, g++, reference passed in 0.41 s" (or the failure), for the output.
    std::string line() const;
};

// The canaries of `job` on its first case (the first of job.shownCases, else the first): one program per language of its
// submissions' program files (a Python file: each Python the grader can run), and the reference when options say
// (which fails the canary only when the grader's side failed under it: a judge error).
// Nothing when the job has no case. Never throws: a failure of its own is a failed canary.
CanaryReport runCanary(const GradingJob& job, const CanaryOptions& options);

}  // namespace plyjudge::grader
