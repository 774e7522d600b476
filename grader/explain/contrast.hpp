// Explanation by contrast, for crashes and wrong answers no fault reproduces: each case is described by named
// yes/no features of its input and of the expected search (the variant's, fuzz/contrast_inputs.hpp: side to
// move, depth and its parity, passes, a game that ends before the cut-off, board fullness, board size, line
// ends, ...); the feature, or pair of features, that separates the student's failed cases from the passed ones
// (all of them, or all but one in ten) is then tested on new cases drawn with it and without it, run like the
// others. Confirmed, it is an Explanation of kind Contrast, never exact: a correlation confirmed by new cases,
// not a reproduction.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "grader/results/run_results.hpp"

namespace plyjudge::grader {

// The variant's features and new inputs with them forced on or off; cli/ makes it from the variant's generator
// (the grader does not link the generators).
struct ContrastInputs {
    std::function<std::vector<std::string>(const std::string& input)> featuresOf;
    // Up to `count` new inputs having all of `features` (`on`) or lacking one (`!on`), drawn from `seed`.
    std::function<std::vector<std::string>(const std::vector<std::string>& features, bool on, int count, std::uint64_t seed)> draw;
    std::function<int(const std::string& input)> sizeOf;  // pieces + depth + algorithm: which failing case is smallest
    // A feature's negation ("the task is not greedy" <-> "the task is greedy"), to say "A or B" for the cases that lack
    // one of {not A, not B}; unset or unknown: "not (...)".
    std::function<std::string(const std::string& feature)> negationOf;
};

// The budget and thresholds (grader/README.md).
struct ContrastOptions {
    int newCasesPerSide = 8;  // generated cases with the feature, and as many without, per candidate tried
    int candidates = 2;       // separating features tried on new cases at most, best first
    double minShare = 0.9;    // "nearly": at most one case in ten on either side goes the other way
    int minFailed = 2;        // a feature must cover at least this many failed cases
    std::uint64_t seed = 1;
};

// One case as the contrast sees it.
struct ContrastCase {
    std::string id;      // e.g. "published/case3"; empty for a generated case
    std::string input;   // its input text
    bool failed = false;
    bool crashed = false;  // a runtime error, a limit, a missing output (no answer at all)
    Verdict verdict = Verdict::Ok;  // how it failed: a contrast may be of one kind of failure only
};

// The new cases' outcomes, in the order of `inputs` (failed, crashed), run as the grader runs the others.
using ContrastRunner = std::function<std::vector<ContrastCase>(const std::vector<std::string>& inputs)>;

// A feature (or two, both holding) and how it splits the cases. Inverted, the side that fails is the cases lacking
// one of the features: with every feature's negation among them, that is "A or B" (the program fails on two of the
// four tasks).
struct Separation {
    std::vector<std::string> features;
    bool inverted = false;
    int onFailed = 0, onTotal = 0;    // cases with it: failed / all
    int offPassed = 0, offTotal = 0;  // cases without it: passed / all
};

// The separations of `cases` that meet the thresholds, best first (most cases on the right side; a single
// feature before a pair).
std::vector<Separation> separations(const std::vector<ContrastCase>& cases, const ContrastInputs& inputs,
                                    const ContrastOptions& options);

struct ContrastFinding {
    Explanation explanation;  // kind Contrast, never exact
    Separation separation;    // over the given and the new cases
    // Set when the contrast is of one kind of failure (its cases failed so; failures of other kinds were left aside):
    // tried when no contrast separates all the failures, since two causes blur each other (anerishah3110 writes
    // nothing for two tasks and crashes on a third now and then).
    std::optional<Verdict> kind;
};

// The confirmed contrast of a student's cases, or nullopt (no separation, or new cases did not confirm it): of all the
// failures first, then of the most common kind of failure alone (one candidate), when there are several kinds.
// Its sentence gives the counts, the smallest failing case and a passing one differing in that feature alone.
std::optional<ContrastFinding> explainByContrast(const std::vector<ContrastCase>& cases, const ContrastInputs& inputs,
                                             const ContrastRunner& run, const ContrastOptions& options = {});

// Whether a contrast may describe this case: it failed, and nothing better says why (no explanation, or only a nearest
// fault). An exact finding, an experiment's, a log shape (what is wrong in the log, where a contrast says only when)
// and the program's own error output (run first: what the crash was) are kept.
bool leftToContrast(const CaseResult& o);

// Whether the student has a failed case left to a contrast.
bool hasUnexplainedFailures(const StudentResults& student);

// Sets the finding as the explanation of every failed case of `student` that has its features and is left to a
// contrast (of the finding's kind, when it has one); returns how many. `run` gives the cases' inputs.
int applyContrast(const RunResults& run, StudentResults& student, const ContrastFinding& finding, const ContrastInputs& inputs);

}  // namespace plyjudge::grader
