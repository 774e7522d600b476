// The case runner's side of the explanation by experiment (grader/explain/experiments.hpp): what the failed run
// shows, and each rerun of the program with one experiment applied, run as the case was (run_steps.hpp), in a
// directory of its own that is removed afterwards.
#pragma once

#include <filesystem>
#include <optional>

#include "grader/explain/experiments.hpp"
#include "grader/run/case_runner.hpp"

namespace plyjudge::grader {

// The failed run `failed` (its outcome `out`, its directory `dir`, still holding what it wrote) explained by
// the first experiment whose rerun passes, within the student's budget (RunContext::experimentBudget, spent
// from program.experimentSpending). nullopt for a verdict experiments do not explain or when none passes.
std::optional<Explanation> explainByRerunning(const RunContext& context, const PreparedProgram& program, const CaseSpec& spec,
                                              const RunAdjustments& adjustments, const CaseResult& failed,
                                              const sandbox::RunOutcome& out, const std::filesystem::path& dir,
                                              ExperimentStats* stats = nullptr);

}  // namespace plyjudge::grader
