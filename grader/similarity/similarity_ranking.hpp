// `plyjudge similarity`'s one ranked list of pairs of students, from the behaviour (behaviour_similarity.hpp) and,
// when Dolos is installed, the code (dolos.hpp) of a graded class. It is evidence for a person to review, never a
// verdict: nothing of it is written into the grades.
//
// The order: by behaviour strength + code similarity, both 0..1. The strength of a behaviour score B in a class of
// N is 1 - exp(-B / log(N / 2)): one wrong output shared by two students alone gives 0.63, two give 0.86. So a copy
// (code near 1) and a pair sharing rare wrong outputs (strength near 1) both come first, and in a class whose
// programs all start from one skeleton (code near 1 for every pair) behaviour decides.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "grader/results/run_results.hpp"
#include "grader/similarity/behaviour_similarity.hpp"
#include "grader/similarity/dolos.hpp"
#include "grader/similarity/submission_sources.hpp"

namespace plyjudge::grader {

struct SimilarPair {
    int a = -1, b = -1;                     // indices in RunResults::students, a < b
    double behaviour = 0;                   // BehaviourPair::score (0: nothing shared)
    double behaviourStrength = 0;           // 0..1, as above
    std::optional<double> code;             // Dolos's similarity; nullopt: not compared (no Dolos, other languages)
    double rank = 0;                        // behaviourStrength + code
    std::vector<SharedFailure> shared;
    std::vector<CodeFragment> fragments;
};

struct SimilarityOptions {
    bool code = true;                                // compare code (needs Dolos)
    std::optional<std::filesystem::path> dolosPrefix;
    CodeOptions codeOptions;
    SourceLimits sourceLimits;
};

struct SimilarityReport {
    std::string title;
    std::vector<std::string> students;        // RunResults::students' names, the pairs' indices
    std::vector<CaseInfo> cases;              // RunResults::cases
    std::vector<SimilarPair> pairs;           // best first
    std::vector<SubmissionSources> sources;   // per student (empty when code was not compared)
    std::vector<std::string> notes;           // what was not compared, and why
};

// Ranks the pairs of `run`, whose students' folders are under `submissions`. Progress goes to `progress`.
SimilarityReport rankSimilarity(const RunResults& run, const std::filesystem::path& submissions, const SimilarityOptions& options,
                                const std::function<void(const std::string&)>& progress);

// 1 - exp(-score / log(N / 2)), N the class's size (at least 3 is assumed).
double behaviourStrength(double score, int classSize);

}  // namespace plyjudge::grader
