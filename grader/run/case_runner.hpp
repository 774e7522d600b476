// Running one submission on one case: a fresh private working directory holding only the input file,
// the sandboxed run, then the verdict, the comparison of every file that must match, and its diagnosis.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "sandbox/sandbox.hpp"
#include "grader/run/program.hpp"
#include "grader/run/verdict.hpp"

namespace plyjudge::grader {

// One case as the runner needs it, whether it comes from a suite or was generated.
struct CaseSpec {
    std::string suite;                       // e.g. "published", "generated"
    std::string name;                        // e.g. "case3"
    std::filesystem::path input;             // its input.txt
    std::filesystem::path expectedDir;       // where the expected files are
    std::vector<std::string> files;          // the files that must match
    double points = 1;
};

struct CaseResult {
    std::string suite, name;
    Verdict verdict = Verdict::JudgeError;
    double points = 0, maxPoints = 0;
    std::string diagnosisKind;  // e.g. "expansion-order" (wrong answers), empty otherwise
    std::string message;        // one line: the diagnosis, the exit status, the limit hit, ...
    std::string detail;         // the first difference with context, or the program's stderr head
    double wallSeconds = 0, cpuSeconds = 0;
    std::uint64_t peakMemoryBytes = 0, bytesWritten = 0;
    int exitCode = -1, signal = 0;
    bool isolated = false;
};

// What every run of a grading job shares.
struct RunContext {
    std::string variantName;
    InputConvention convention = InputConvention::DashI;
    sandbox::SandboxLimits limits;
    std::filesystem::path workRoot;                 // exists; each run's directory is made inside it
    std::vector<std::filesystem::path> hiddenPaths;  // under bubblewrap: expected outputs, other submissions
};

// Never throws: what goes wrong on our side is a JudgeError result. The run's directory is removed
// afterwards.
CaseResult runCase(const RunContext& context, const PreparedProgram& program, const CaseSpec& spec);

// The CaseResult of a case that was not run because the program could not be prepared.
CaseResult notRunResult(const CaseSpec& spec, Verdict verdict, const std::string& message);

}  // namespace plyjudge::grader
