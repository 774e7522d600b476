// Python 2 or 3 by behaviour, for a program whose syntax does not decide (it compiles under both: xrange,
// has_key, sys.maxint and print(x) all parse under Python 3, and fail only when run). The first published case is
// run under both Pythons, in the sandbox, exactly as a case is run; the one that passes, or else gets further,
// runs every case. Decision: at most these 2 extra runs per student, and none for a program already tried
// (the same files, case and interpreters: a process-wide cache by digest, so contrast's second grading run and
// copied submissions cost nothing).
#pragma once

#include <string>

#include "grader/run/case_runner.hpp"
#include "grader/run/interpreters.hpp"
#include "grader/run/program.hpp"
#include "grader/run/run_adjustments.hpp"

namespace plyjudge::grader {

// The case a trial runs, and whether people may read what the program printed on it (a hidden case's error
// output is never quoted in the reason: it may carry the hidden input).
struct TrialCase {
    const CaseSpec* spec = nullptr;
    bool shown = false;
};

// When `program.pythonUndecided`: runs `trial` under both Pythons and keeps the better one (`program` switched to
// Python 2 when that is it), with the reason in `program.interpreter` and `program.interpreterReason`, e.g.
// "python3: NameError: name 'xrange' is not defined on published/case1; python2 passes it". Ties keep Python 3.
// Never throws: a trial that cannot run leaves Python 3 and says so.
void choosePythonByBehaviour(const RunContext& context, PreparedProgram& program, const TrialCase& trial,
                             const RunAdjustments& adjustments, const Interpreters& interpreters);

}  // namespace plyjudge::grader
