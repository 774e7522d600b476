// One student's explanation across cases: the catalogued mistake that reproduces the most failed cases
// exactly. When several do so equally often, the one that also leaves the most of the student's passed cases
// as they are (the reference with it would still pass them) is chosen, then the first in catalogue order; each
// case whose output it reproduces names it first (RunResults then shows one consistent explanation).
#pragma once

#include "grader/results/run_results.hpp"
#include "reference/core/dialect.hpp"

namespace plyjudge::grader {

// For every student of `run` (a variant with a reference that can reproduce outputs; otherwise nothing
// changes). `dialect`: the convention of the cases' expected files.
void explainStudents(RunResults& run, const Dialect& dialect);

}  // namespace plyjudge::grader
