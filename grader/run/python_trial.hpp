// Python 2 or 3 by behaviour, for a program whose syntax does not decide (it compiles under both: xrange,
// has_key, sys.maxint and print(x) all parse under Python 3, and fail only when run). Up to three trial cases (the
// first ones every student may see) are run under both Pythons, in the sandbox, exactly as a case is run, until one
// decides (python_trial_decision.hpp: a case both pass or both fail the same way decides nothing); when none does,
// the program's own Python-2-only constructs decide (python2_constructs.hpp), else Python 3. Decision: at most 6
// extra runs per student, and none for a program already tried (the same files, cases and interpreters: a
// process-wide cache by digest, so contrast's second grading run and copied submissions cost nothing).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "grader/run/case_runner.hpp"
#include "grader/run/interpreters.hpp"
#include "grader/run/program.hpp"
#include "grader/run/run_adjustments.hpp"

namespace plyjudge::grader {

// A case a trial runs, and whether people may read what the program did on it (a hidden case's runs are never
// described in the reason: their error output, exit status and lines right may carry the hidden input).
struct TrialCase {
    const CaseSpec* spec = nullptr;
    bool shown = false;
};

constexpr std::size_t kMaxTrialCases = 3;

// When `program.pythonUndecided`: tries `trials` in order (at most kMaxTrialCases) under both Pythons and keeps the
// one the evidence names (`program` switched to Python 2 when that is it), with the reason in `program.interpreter`
// and `program.interpreterReason`, e.g. "published/case1: python2 passes it, python3 fails: NameError: name 'xrange'
// is not defined (hw.py line 2)". Never throws: a case that cannot be run decides nothing, and the reason says so.
void choosePythonByBehaviour(const RunContext& context, PreparedProgram& program, const std::vector<TrialCase>& trials,
                             const RunAdjustments& adjustments, const Interpreters& interpreters);

}  // namespace plyjudge::grader
