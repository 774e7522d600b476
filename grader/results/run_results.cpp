#include "grader/results/run_results.hpp"

#include <fmt/format.h>

#include <tuple>

namespace plyjudge::grader {

std::string differenceText(const FirstDifference& d) {
    std::string text = fmt::format("{} line {}:\n", d.file, d.line);
    std::uint64_t n = d.firstBeforeLine();
    for (const std::string& b : d.before) text += fmt::format("  {:>6} | {}\n", n++, b);
    text += fmt::format("  expected: {}\n", d.expected ? *d.expected : "(end of file)");
    text += fmt::format("  actual:   {}\n", d.actual ? *d.actual : "(end of file)");
    for (std::size_t i = 0; i < 2; ++i) {
        if (i < d.expectedAfter.size()) text += fmt::format("  expected {:>6} | {}\n", d.line + 1 + i, d.expectedAfter[i]);
        if (i < d.actualAfter.size()) text += fmt::format("  actual   {:>6} | {}\n", d.line + 1 + i, d.actualAfter[i]);
    }
    return text;
}

std::string_view explanationKindCode(ExplanationKind kind) {
    switch (kind) {
        case ExplanationKind::Fault: return "fault";
        case ExplanationKind::Experiment: return "experiment";
        case ExplanationKind::Contrast: return "contrast";
        case ExplanationKind::LogShape: return "log-shape";
    }
    return "fault";
}

std::optional<ExplanationKind> explanationKindFromCode(std::string_view code) {
    for (ExplanationKind k : {ExplanationKind::Fault, ExplanationKind::Experiment, ExplanationKind::Contrast, ExplanationKind::LogShape}) {
        if (explanationKindCode(k) == code) return k;
    }
    return std::nullopt;
}

std::string Explanation::line() const {
    if (kind == ExplanationKind::Contrast) return fmt::format("by contrast: {}", sentence);  // a correlation, never "explained"
    if (exact) return fmt::format("explained: {} — {}", fault, sentence);
    return fmt::format("closest: {} (agrees on {} line{}) — {}", fault, agreesLines, agreesLines == 1 ? "" : "s", sentence);
}

std::optional<std::pair<Explanation, int>> StudentResults::mainExplanation() const {
    // Each fault's cases: reproduced exactly (as the explanation or one of its equals), then named as closest.
    struct Tally {
        const Explanation* first = nullptr;
        int exact = 0, closest = 0, named = 0;  // named: as a case's explanation rather than one of its equals
    };
    std::vector<std::pair<std::string, Tally>> tallies;  // in order of first appearance
    auto tally = [&](const std::string& fault) -> Tally& {
        for (auto& [name, t] : tallies) {
            if (name == fault) return t;
        }
        return tallies.emplace_back(fault, Tally{}).second;
    };
    for (const CaseResult& o : outcomes) {
        if (!o.explanation) continue;
        const Explanation& e = *o.explanation;
        Tally& t = tally(e.fault);
        if (!t.first || (e.exact && !t.first->exact)) t.first = &e;
        (e.exact ? t.exact : t.closest) += 1;
        t.named += 1;
        for (const std::string& also : e.alsoExact) {
            Tally& a = tally(also);
            a.exact += 1;
        }
    }
    const std::pair<std::string, Tally>* best = nullptr;
    for (const auto& entry : tallies) {
        if (!entry.second.first) continue;  // only ever an equal of another: named through that one's sentence
        const Tally& t = entry.second;
        const Tally& b = best ? best->second : t;
        if (!best || std::tuple(t.exact, t.named, t.closest) > std::tuple(b.exact, b.named, b.closest)) best = &entry;
    }
    if (!best) return std::nullopt;
    return std::pair(*best->second.first, best->second.exact > 0 ? best->second.exact : best->second.closest);
}

double StudentResults::points() const {
    double sum = 0;
    for (const CaseResult& o : outcomes) sum += o.points;
    return sum;
}

double StudentResults::maxPoints() const {
    double sum = 0;
    for (const CaseResult& o : outcomes) {
        if (!o.judgeError()) sum += o.maxPoints;
    }
    return sum;
}

int StudentResults::passedCount() const { return count(Verdict::Ok); }

int StudentResults::count(Verdict v) const {
    int n = 0;
    for (const CaseResult& o : outcomes) n += o.verdict == v;
    return n;
}

double StudentResults::seconds() const {
    double sum = 0;
    for (const CaseResult& o : outcomes) sum += o.wallSeconds;
    return sum;
}

std::string StudentResults::interpreter() const {
    for (const CaseResult& o : outcomes) {
        if (!o.interpreter.empty()) return o.interpreter;
    }
    return {};
}

int RunResults::caseIndex(const std::string& suite, const std::string& name) const {
    for (std::size_t i = 0; i < cases.size(); ++i) {
        if (cases[i].suite == suite && cases[i].name == name) return static_cast<int>(i);
    }
    return -1;
}

int RunResults::count(Verdict v) const {
    int n = 0;
    for (const StudentResults& s : students) n += s.count(v);
    return n;
}

}  // namespace plyjudge::grader
