// Generating case suites: random legal inputs with their expected outputs from the reference, chosen to
// hit a variant's coverage targets, reproducible byte for byte from a seed.
//
// Determinism: candidate i is drawn as gen(Random(seed) split i+1 times, size i % 101) through
// rc::Gen<T>::operator()(const Random&, int size), the public entry point RapidCheck's own runner uses;
// rc::Random is a fixed, platform-independent splittable generator, so a seed names the same candidates
// everywhere. Selection is a deterministic greedy pass over the candidates in drawing order.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "fuzz/fault_matrix.hpp"
#include "reference/input_generator.hpp"

namespace plyjudge::fuzz {

struct GeneratedCase {
    std::string name;   // "gen01", ... in selection order
    std::string input;  // the input file's text (LF, final newline)
    std::vector<std::string_view> coverage;                     // targets this case hits
    std::vector<std::pair<std::string, std::string>> expected;  // file name, content (the reference's output)
};

struct TargetCount {
    std::string_view target;
    int cases = 0;  // chosen cases hitting it; 0 means the target was missed
};

struct GeneratedSuite {
    const InputGenerator* generator = nullptr;
    std::vector<GeneratedCase> cases;
    std::vector<TargetCount> coverage;  // in the generator's order of targets
    int candidates = 0;                 // distinct inputs drawn
    int tooLarge = 0;                   // dropped for outputs over maxCaseBytes
    FaultMatrix matrix;                 // which chosen case catches which fault (empty without --kill)
    int kill = 0;                       // the cases wanted per fault
    Dialect dialect;                    // the convention the expected files follow
};

struct GenerateOptions {
    int candidatesPerCase = 8;             // the pool drawn before choosing ...
    int minCandidates = 200;               // ... and at least this many in all
    std::size_t maxCaseBytes = 8 * 1024;   // expected outputs of one case, in bytes: keeps suites small
    int kill = 2;                          // cases wanted per catalogued fault (0: faults are not considered)
    bool minimal = false;                  // stop once every fault and coverage target is met, even below count
    Dialect dialect;                       // the convention the expected files follow (no faults)
};

// Draws candidates, keeps those whose outputs fit, picks `count` of them covering under-covered targets
// first (each coverage target wants count/10 cases, or 1 when minimal; each catalogued fault wants `kill`
// cases that catch it, fault_matrix.hpp), then the rest in drawing order (none when minimal). Throws std::logic_error if a generated input fails the validator.
GeneratedSuite generateSuite(const InputGenerator& generator, int count, std::uint64_t seed, const GenerateOptions& options = {});

// The same for any variant with an input generator (none for the others), with gen's default options, so that
// `check --generated N --seed S` draws what `gen --count N --seed S` draws: what `plyjudge check` uses.
std::vector<GeneratedCase> generateCases(const Variant& variant, int count, std::uint64_t seed);

// Writes the suite to dir (created): a folder per case with input.txt and the expected files, and
// suite.yaml (visibility hidden, or published: shown to students and run by plyjudge check). Existing case
// folders of the same names are replaced.
void writeSuite(const GeneratedSuite& suite, const std::filesystem::path& dir, const std::string& generatedBy,
                bool published = false);

// "target: N cases" lines, and the missed targets, for the end of `plyjudge gen`.
std::string coverageReport(const GeneratedSuite& suite);

// Solves `input` with the variant's reference into a private temporary directory and returns the files
// written (name, content). Throws InputError on bad input.
std::vector<std::pair<std::string, std::string>> referenceOutputs(const Variant& variant, const std::string& input,
                                                                  const Dialect& dialect = {});

}  // namespace plyjudge::fuzz
