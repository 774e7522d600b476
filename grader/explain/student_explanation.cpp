#include "grader/explain/student_explanation.hpp"

#include <algorithm>
#include <map>

#include "common/file_io.hpp"
#include "grader/explain/explain.hpp"
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
    std::map<std::string, int> exact;
    std::vector<std::string> order;  // first appearance
    for (const CaseResult& o : s.outcomes) {
        if (!o.explanation || !o.explanation->exact) continue;
        std::vector<std::string> names = o.explanation->alsoExact;
        names.insert(names.begin(), o.explanation->fault);
        for (const std::string& n : names) {
            if (exact[n]++ == 0) order.push_back(n);
        }
    }
    int most = 0;
    for (const auto& [name, count] : exact) most = std::max(most, count);
    std::vector<std::string> tied;
    for (const std::string& n : order) {
        if (exact[n] == most) tied.push_back(n);
    }
    if (tied.empty()) return;
    const std::string* chosen = &tied.front();
    int fewest = -1;
    for (const std::string& n : tied) {
        if (tied.size() == 1) break;  // one clear winner
        const int broken = passedCasesBroken(variant, dialect, run, s, n);
        if (fewest < 0 || broken < fewest) chosen = &n, fewest = broken;
    }
    for (CaseResult& o : s.outcomes) {
        if (!o.explanation || !o.explanation->exact) continue;
        Explanation& e = *o.explanation;
        auto it = std::find(e.alsoExact.begin(), e.alsoExact.end(), *chosen);
        if (it == e.alsoExact.end()) continue;
        *it = e.fault;
        e.fault = *chosen;
        e.sentence = sentenceOf(variant, dialect, *chosen);
    }
}

}  // namespace

void explainStudents(RunResults& run, const Dialect& dialect) {
    const Variant* variant = findVariant(run.variant);
    if (!variant || !variant->agree) return;
    for (StudentResults& s : run.students) explainStudent(*variant, dialect, run, s);
}

}  // namespace plyjudge::grader
