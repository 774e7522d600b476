// Running many submissions on many cases in parallel: the engine behind `check` (one submission) and
// `grade` (a class). A submission that crashes, hangs or floods only ever affects its own results.
#pragma once

#include <atomic>
#include <filesystem>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "grader/run/case_runner.hpp"
#include "grader/run/python_trial.hpp"

namespace plyjudge::grader {

struct Submission {
    std::string student;
    ProgramSource source;
    std::string notFound;  // non-empty: no program could be chosen (every case gets NoProgram with this message)
    RunAdjustments adjustments;  // the student's override: files set up before each run, outputs collected after
};

struct GradingJob {
    RunContext context;  // variant, convention, limits, scratch space (workRoot), hidden paths
    std::vector<Submission> submissions;
    std::vector<CaseSpec> cases;
    std::set<std::tuple<std::string, std::string, std::string>> alreadyDone;  // (student, suite, case) to skip
    int jobs = 1;
    const std::atomic<bool>* stop = nullptr;  // when set: start nothing new
    // The cases every student may see, in order: a Python program whose syntax does not decide is tried on the
    // first of them under both Pythons (run/python_trial.hpp); none: on the first cases, their runs not described.
    std::vector<std::size_t> shownCases;
    // The trial's cases when they are not this job's own (contrast's new cases: the graded job's, so that the
    // program runs with the Python chosen for its grading); unset: trialCasesOf(cases, shownCases).
    std::optional<std::vector<TrialCase>> trialCases;
};

// The cases a Python trial runs on: the first kMaxTrialCases of `shownCases`; when there are none, the first cases,
// marked not shown.
std::vector<TrialCase> trialCasesOf(const std::vector<CaseSpec>& cases, const std::vector<std::size_t>& shownCases);

// How check, grade and fuzz make a submission's program, so that the three choose the same Python for the same file
// and settings: built once into `buildDir` (prepareProgram), then, for a Python file both Pythons compile, its
// Python chosen by trial runs on `trials` (run/python_trial.hpp). Never throws: a failure is the result's.
PrepareResult prepareSubmission(const RunContext& context, const Submission& submission, const std::vector<TrialCase>& trials,
                                const std::filesystem::path& buildDir);

// Calls onResult (serialised: one call at a time) for each case as it finishes. Returns the number of
// runs that were started and finished.
std::size_t runGrading(const GradingJob& job, const std::function<void(const std::string& student, const CaseResult&)>& onResult);

}  // namespace plyjudge::grader
