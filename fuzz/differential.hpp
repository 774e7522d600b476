// Differential testing of a program against the reference on generated positions, with shrinking.
//
// The loop: replay the corpus (earlier disagreements); then draw case i as gen(Random(seed) split i+1
// times, size i % 101) - the case generator's scheme, so `--seed S --cases i+1` reproduces case i - solve
// it with the reference, and ask the judge whether the program agrees. On the first disagreement, shrink:
// walk RapidCheck's shrink tree of the failing value (fewer pieces, smaller depth, simpler values first,
// as the variant's generator orders them), moving to the first shrink that still disagrees, until none
// does; then the variant's own simplifications (InputGenerator::simpler: a piece fewer, a ply less, a simpler
// algorithm, the position moved or mirrored) the same way. A crash or a time-out is reported as such and not shrunk: a smaller position might fail
// differently, and the cause is not a wrong answer.
#pragma once

#include <optional>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "common/judge_fault.hpp"
#include "reference/input_generator.hpp"

namespace plyjudge::fuzz {

enum class Agreement {
    Agree,          // every expected file matched
    Disagree,       // a wrong answer or a missing output file
    ProgramFailed,  // crashed, non-zero exit, time/memory/output limit
};

struct Judgement {
    Agreement agreement = Agreement::Agree;  // meaningless when judgeFault is set
    std::string verdict;  // e.g. "wrong answer", "time limit"
    std::string message;  // one line: the grader's diagnosis or what happened
    std::string detail;   // the first difference with context, or stderr
    std::string explanation{};  // the mistake that reproduces the output ("explained: ..." / "closest: ..."), or ""
    bool explanationExact = false;  // `explanation` reproduces this case's output exactly (ran on this very input)
    std::string explainedBy{};      // the fault or dialect of an exact explanation, e.g. "strict-pruning"
    std::optional<JudgeFault> judgeFault{};  // our side failed: the fuzzing stops, the program is never blamed
};

// Runs the program on caseDir/input.txt and compares the named files with caseDir's expected ones.
using Judge = std::function<Judgement(const std::filesystem::path& caseDir, const std::vector<std::string>& files)>;

struct FuzzOptions {
    int cases = 100;
    std::uint64_t seed = 1;
    double timeBudgetSeconds = 60;  // no new case is drawn after this; shrinking gets as long again
    int maxShrinkRuns = 2000;       // program runs spent shrinking at most
    std::filesystem::path corpus;   // where disagreements are saved and replayed from ("" : nowhere)
    std::filesystem::path scratch;  // an existing directory for the case folders handed to the judge
    std::string reproduce;          // the command prefix printed to reproduce, e.g. "plyjudge fuzz reversi p.py"
    Dialect dialect;                // the convention of the reference's expected files
};

struct FuzzOutcome {
    Agreement result = Agreement::Agree;  // Agree: no disagreement found (unless judgeFault)
    std::optional<JudgeFault> judgeFault;  // the judge failed on our side: nothing was found, nothing is blamed
    bool fromCorpus = false;
    int casesRun = 0;                     // generated cases judged (corpus replays not counted)
    int corpusReplayed = 0;
    int failingCase = -1;                 // index of the first failing generated case
    double seconds = 0;                   // generating + judging the generated cases, before shrinking
    CaseSize original, shrunk;
    int shrinkSteps = 0, shrinkRuns = 0;
    int simplifySteps = 0;                // of those, steps of the variant's simplifications (InputGenerator::simpler)
    std::string input;                    // the (shrunk) failing input
    Judgement judgement;                  // of that input
    Judgement firstJudgement;             // of the input first found, before shrinking
    std::filesystem::path saved;          // its corpus folder
};

// Prints progress and the final report to `out`.
FuzzOutcome runFuzz(const InputGenerator& generator, const Judge& judge, const FuzzOptions& options, std::ostream& out);

}  // namespace plyjudge::fuzz
