// A program whose output does not follow its input: failed runs of different inputs that wrote the same output
// (the same digest of their normalised output files, CaseResult::outputDigest), or runs that pass once the case's
// input is copied to a stale input file beside the program (the experiment "stale-input-file",
// experiments.hpp). What a reproduction makes of such a run is a coincidence of the one position the program
// really read (a fault that happens to fit 1 case of 22), so this finding replaces the explanations of the
// cases it covers and comes first in the main explanation (grader/results/main_explanation.hpp). Never exact:
// the runs show that the output stays the same, the experiment (when it ran) which file the program read.
#pragma once

#include "grader/results/run_results.hpp"

namespace plyjudge::grader {

// The finding's name (Explanation::fault).
inline constexpr const char* kInputIgnored = "input-ignored";

// For every student of `run`: when at least two failed cases, and at least half of them, are covered (three or
// more different inputs with one same output, or a stale input file shown by the experiment), each covered case
// gets the finding (kind InputIgnored), saying how many inputs gave the same output and, when known, the file the
// program read.
void explainByIgnoredInput(RunResults& run);

}  // namespace plyjudge::grader
