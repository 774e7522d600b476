// One student's explanation across cases, prepared for the ranking (grader/results/main_explanation.hpp): when
// several names reproduce the most failed cases exactly, how many of the student's passed cases the reference
// with each would fail (StudentResults::passedCasesChanged); then each case whose output the chosen name
// reproduces names it first (RunResults then shows one consistent explanation).
#pragma once

#include "grader/results/run_results.hpp"
#include "reference/core/dialect.hpp"

namespace plyjudge::grader {

// For every student of `run` (a variant with a reference that can reproduce outputs; otherwise nothing
// changes). `dialect`: the convention of the cases' expected files.
void explainStudents(RunResults& run, const Dialect& dialect);

}  // namespace plyjudge::grader
