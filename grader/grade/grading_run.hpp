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
    // The case a Python program whose syntax does not decide is tried on under both Pythons (run/python_trial.hpp):
    // the first case every student may see; unset: the first case, its error output not quoted.
    std::optional<std::size_t> shownCase;
};

// Calls onResult (serialised: one call at a time) for each case as it finishes. Returns the number of
// runs that were started and finished.
std::size_t runGrading(const GradingJob& job, const std::function<void(const std::string& student, const CaseResult&)>& onResult);

}  // namespace plyjudge::grader
