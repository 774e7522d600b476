// Running one submission on one case: a fresh private run folder holding a copy of the program's files and the input
// file (the layout: run_steps.hpp), the sandboxed run, then the verdict, the comparison of every file that must match, its diagnosis and, for a
// failed case, its explanation by experiment (experiment_rerun.hpp) or, for a wrong answer, by reproduction.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "grader/explain/experiment_budget.hpp"
#include "grader/results/run_results.hpp"
#include "grader/run/program.hpp"
#include "grader/run/run_adjustments.hpp"
#include "sandbox/sandbox.hpp"

namespace plyjudge::grader {

// One case as the runner needs it, whether it comes from a suite or was generated.
struct CaseSpec {
    std::string suite;                       // e.g. "published", "generated"
    std::string name;                        // e.g. "case3"
    std::filesystem::path input;             // its input.txt
    std::filesystem::path expectedDir;       // where the expected files are
    std::vector<std::string> files;          // the files that must match
    double points = 1;
};

// What every run of a grading job shares.
struct RunContext {
    std::string variantName;
    InputConvention convention = InputConvention::DashI;
    sandbox::SandboxLimits limits;
    std::filesystem::path workRoot;                 // exists; each run's directory is made inside it
    std::vector<std::filesystem::path> hiddenPaths;  // under bubblewrap: expected outputs, other submissions
    Dialect dialect;                                 // the convention of the cases' expected files
    // Explain failed cases (grader/explain): by experiment (reruns of the program on a changed situation) for
    // runtime errors, missing outputs and wrong answers, then wrong answers by reproducing them with the reference.
    bool explain = false;
    ExperimentBudget experimentBudget{};  // per student (spent from PreparedProgram::experimentSpending)
    ExitStatusPolicy exitStatus = ExitStatusPolicy::Strict;  // what a non-zero exit status means
};

// Never throws: what goes wrong on our side is a JudgeError result. The run's folder is removed
// afterwards. `adjustments`: the student's setup steps before the run and outputs collected after it.
CaseResult runCase(const RunContext& context, const PreparedProgram& program, const CaseSpec& spec,
                   const RunAdjustments& adjustments = {});

// The CaseResult of a case that was not run because the program could not be prepared.
CaseResult notRunResult(const CaseSpec& spec, Verdict verdict, const std::string& message);
// The same for a program that could not be prepared: its verdict, or its judge fault (not graded).
CaseResult notRunResult(const CaseSpec& spec, const PrepareResult& prepared);

}  // namespace plyjudge::grader
