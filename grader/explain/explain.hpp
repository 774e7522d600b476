// Explaining a wrong answer by reproducing it: the reference is run in-process on the case with each fault
// of the variant's catalogue, each other value of its dialect options and each neighbour of a catalogued fault
// (Variant::neighbours, whose sentence names the fault it is close to and how it differs), singly, then in pairs that include
// a candidate that alone agrees longer than the reference does; each run stops at its first line that differs
// from the program's output (Variant::agree). The first candidate whose output equals the program's is the
// explanation (exact); otherwise the one agreeing longest, when it agrees longer than the reference itself.
#pragma once

#include <optional>

#include "grader/results/run_results.hpp"
#include "reference/variant.hpp"

namespace plyjudge::grader {

struct ExplainOptions {
    double budgetSeconds = 2.0;  // no new candidate is tried after this long (what was found is kept)
    bool pairs = true;
};

// What was tried, for the benchmark and the tests.
struct ExplainStats {
    int runs = 0;
    double seconds = 0;
};

// `caseDialect`: the convention the case's expected files follow; `actual`: the program's output files (those
// the case compares). nullopt when the variant cannot reproduce outputs or no candidate beats the reference.
std::optional<Explanation> explainByReproduction(const Variant& variant, const Dialect& caseDialect, const InputText& input,
                                                 const OutputFiles& actual, const ExplainOptions& options = {},
                                                 ExplainStats* stats = nullptr);

// A candidate by the name an Explanation gives it ("strict-pruning", "cutoff_log=bound-first", "a + b"): the
// case's dialect with it applied, and its sentence.
Dialect withCandidate(const Variant& variant, const Dialect& caseDialect, const std::string& name);
std::string sentenceOf(const Variant& variant, const Dialect& caseDialect, const std::string& name);

}  // namespace plyjudge::grader
