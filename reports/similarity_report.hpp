// Views of `plyjudge similarity`'s ranked pairs (grader/similarity/similarity_ranking.hpp): the terminal table, the
// JSON (`--json`: {"pairs": [...]}, best first, each with `students`, `behaviour`, `code`, `shared_cases`) and the
// HTML page (shared wrong cases with both first differences, shared code side by side). Each says what the list
// is: evidence for a person to review, never a verdict.
#pragma once

#include <string>
#include <vector>

#include "grader/results/run_results.hpp"
#include "grader/similarity/similarity_ranking.hpp"

namespace plyjudge::reports {

inline constexpr const char* kSimilarityNotice =
    "evidence for a person to review, not a verdict: a pair here may have worked alone (a shared mistake, a common "
    "source); nothing of this is written into the grades";

// The `top` best pairs as a table, names and fault text escaped for the terminal.
std::string renderSimilarityTable(const grader::SimilarityReport& report, int top);
// Every pair, best first.
std::string renderSimilarityJson(const grader::SimilarityReport& report);
// The `top` best pairs as an HTML page; `run` gives the shared cases' first differences.
std::string renderSimilarityHtml(const grader::SimilarityReport& report, const grader::RunResults& run, int top);

// The similarity section of grade's HTML report: the pairs sharing identical wrong outputs (their digests;
// forStudents clears them, so a student's view never has it), linked to both students' sections; empty when none.
// Crashes and code are `plyjudge similarity`'s.
std::string renderSimilaritySection(const grader::RunResults& run);
// Per student (RunResults::students' order), the other students that section pairs them with: the score table's flag.
std::vector<std::vector<int>> identicalWrongOutputPartners(const grader::RunResults& run);

}  // namespace plyjudge::reports
