// The behaviour half of `plyjudge similarity`: pairs of students whose programs failed a case in exactly the same
// way, from a graded run. Two kinds of shared failure count:
//   - a wrong answer with identical normalised outputs (CaseResult::outputDigest, compare/output_digest.hpp);
//   - a runtime error ending with the same error line, raised at the same place of the program's code
//     (explain/error_output.hpp: errorLineOf, errorPlaceOf).
// Each shared failure weighs log(N / k), N the students with a result on the case and k those who failed it that
// way (k >= 2): one shared by two students of a class weighs the most, one shared by the whole class nothing.
// A wrong output that a catalogued fault reproduces exactly (a known common mistake) weighs a tenth of that.
// Pairs are found through these groups only (never all pairs of the class); a group larger than
// max(10, N / 10) students is left out (its weight would be at most log(10) and its pairs many).
#pragma once

#include <functional>

#include <string>
#include <vector>

#include "grader/results/run_results.hpp"

namespace plyjudge::grader {

enum class SharedFailureKind { WrongOutput, RuntimeError };

// One case on which two students failed identically.
struct SharedFailure {
    int caseIndex = -1;           // in RunResults::cases
    SharedFailureKind kind = SharedFailureKind::WrongOutput;
    int sharedBy = 0;             // k: students of the class who failed it this way
    int graded = 0;               // N: students with a result on the case
    double weight = 0;            // log(N / k), times kCataloguedDiscount when catalogued
    std::string catalogued;       // the catalogued fault that reproduces the output exactly, or ""
    std::string errorLine;        // runtime errors: the shared error line and place ("" for wrong outputs)
    std::string errorPlace;
};

struct BehaviourPair {
    int a = -1, b = -1;  // indices in RunResults::students, a < b
    double score = 0;    // sum of the shared failures' weights
    std::vector<SharedFailure> shared;  // in case order
};

struct BehaviourAnalysis {
    std::vector<BehaviourPair> pairs;  // every pair with a shared failure, best first
    int wrongAnswers = 0;              // wrong answers in the run
    int wrongAnswersWithoutDigest = 0; // of them, stored by an older plyjudge (no digest): re-grade to compare
};

inline constexpr double kCataloguedDiscount = 0.1;

// Whether the student (an index into run.students) has a file of this name (a basename: "hw.py", "Main.java") in
// their own submission.
using OwnsFile = std::function<bool(int student, const std::string& fileName)>;

// A crash counts as shared only when its place is a file of the student's own program (`ownsFile`): a program that
// prints a classmate's traceback, naming a file it does not have, frames nobody. Unset: every place counts.
BehaviourAnalysis compareBehaviour(const RunResults& run, const OwnsFile& ownsFile = {});

// The file an error place names ("hw.py line 12, in f: ..." -> "hw.py"; "at P.m(P.java:3)" -> "P.java"), or "".
std::string errorPlaceFile(const std::string& place);

}  // namespace plyjudge::grader
