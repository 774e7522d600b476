#include "grader/explain/student_explanation.hpp"

#include <algorithm>

#include "common/file_io.hpp"
#include "grader/explain/explain.hpp"
#include "grader/results/main_explanation.hpp"
#include "reference/variant.hpp"

namespace plyjudge::grader {

namespace {

// How many of the student's passed cases the candidate would fail.
int passedCasesBroken(const Variant& variant, const Dialect& dialect, const RunResults& run, const StudentResults& s,
                      const std::string& candidate) {
    const Dialect with = withCandidate(variant, dialect, candidate);
    int broken = 0;
    for (std::size_t i = 0; i < s.outcomes.size() && i < run.cases.size(); ++i) {
        const CaseInfo& c = run.cases[i];
        if (!s.outcomes[i].passed() || c.inputText.empty() || c.expectedDir.empty()) continue;
        OutputFiles expected;
        for (std::string_view file : variant.outputFiles) {
            const std::filesystem::path path = std::filesystem::path(c.expectedDir) / std::string(file);
            if (std::filesystem::exists(path)) expected[std::string(file)] = readWholeFile(path);
        }
        try {
            broken += !variant.agree(InputText(c.inputText, c.id()), with, expected).exact;
        } catch (const std::exception&) {
        }
    }
    return broken;
}

void explainStudent(const Variant& variant, const Dialect& dialect, const RunResults& run, StudentResults& s) {
    // Only the names that reproduce the most failed cases are compared on the passed cases: the ranking
    // (main_explanation.hpp) looks at the passed cases only among equal counts.
    const std::vector<std::string> most = exactNamesWithMostCases(s);
    if (most.size() > 1) {
        for (const std::string& n : most) s.passedCasesChanged[n] = passedCasesBroken(variant, dialect, run, s, n);
    }
    const auto main = mainExplanationOf(run, s);
    if (!main || !main->exact()) return;
    const std::string& chosen = main->finding->fault;
    for (CaseResult& o : s.outcomes) {
        if (!o.explanation || !o.explanation->exact) continue;
        Explanation& e = *o.explanation;
        auto it = std::find(e.alsoExact.begin(), e.alsoExact.end(), chosen);
        if (it == e.alsoExact.end()) continue;
        *it = e.fault;
        e.fault = chosen;
        e.sentence = sentenceOf(variant, dialect, chosen);
    }
}

}  // namespace

void explainStudents(RunResults& run, const Dialect& dialect) {
    const Variant* variant = findVariant(run.variant);
    if (!variant || !variant->agree) return;
    for (StudentResults& s : run.students) explainStudent(*variant, dialect, run, s);
}

}  // namespace plyjudge::grader
