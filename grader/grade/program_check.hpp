// A student's own check of one program: the variant's bundled published suites plus generated inputs whose
// expected files the reference writes on the spot, run exactly as a grader would.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "grader/explain/contrast.hpp"
#include "grader/grade/canary.hpp"
#include "grader/grade/grading_run.hpp"
#include "grader/results/run_results.hpp"
#include "reference/core/dialect.hpp"

namespace plyjudge {
struct Variant;
class TempDir;
}  // namespace plyjudge

namespace plyjudge::grader {

// An input made for this check (the caller chooses how: the fuzz/ case generator for `check --generated`).
struct GeneratedInput {
    std::string name;   // e.g. "gen-17"
    std::string input;  // the input file's text
};

struct ProgramCheckRequest {
    const Variant* variant = nullptr;  // a variant with a solver
    Dialect dialect;
    ProgramSource program;
    std::string programName;            // how the program is called in the results
    RunAdjustments adjustments;         // plyjudge.yaml's and --setup/--collect: files set up and outputs collected
    ExitStatusPolicy exitStatus = ExitStatusPolicy::Strict;  // the variant's bundled assignment's run.exit_status
    sandbox::SandboxLimits limits;
    int jobs = 1;
    std::filesystem::path casesRoot;    // the bundled cases: casesRoot/VARIANT/SUITE
    std::vector<GeneratedInput> generated;
    bool explain = true;  // false: failures are not explained (no experiment, reproduction, log shape or contrast)
    // Explanation by contrast of failures no fault reproduces (grader/grade/student_contrast.hpp); unset: none.
    std::optional<ContrastInputs> contrast;
    ContrastOptions contrastOptions;
    CanaryOptions canary;  // run before the program: a failure throws JudgeFaultError and nothing is run
};

class ProgramCheck {
public:
    // Gathers the published cases whose dialect matches (graderNotes() says which suites were skipped) and solves
    // every generated input with the reference. Throws ConfigError for a bad bundled suite and
    // std::runtime_error for a generated input the reference cannot solve (a judge error).
    explicit ProgramCheck(const ProgramCheckRequest& request);
    ~ProgramCheck();

    // What the student should know (no bundled case found: generated cases only).
    const std::vector<std::string>& notes() const { return notes_; }
    // What the grader decided that changes nothing the student can do (a suite of another dialect left out): for
    // check --verbose.
    const std::vector<std::string>& graderNotes() const { return graderNotes_; }
    std::size_t caseCount() const { return job_.cases.size(); }
    // Generated inputs left out because a bundled case has the same input.
    std::size_t droppedGenerated() const { return droppedGenerated_; }

    // Runs the canary (request.canary), then every case; results in case order, every case published (a student's
    // own check shows all). Throws JudgeFaultError when the canary failed.
    RunResults run();
    // The canary's line ("canary: python3, reference passed in 0.21 s"), once run() ran it; "" otherwise.
    const std::string& canaryLine() const { return canaryLine_; }

private:
    ProgramCheckRequest request_;
    std::unique_ptr<TempDir> scratch_;
    GradingJob job_;
    std::vector<std::string> notes_;
    std::vector<std::string> graderNotes_;
    std::size_t droppedGenerated_ = 0;
    std::string canaryLine_;
};

}  // namespace plyjudge::grader
