#include "grader/results/run_results.hpp"

#include <fmt/format.h>

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
        case ExplanationKind::ErrorOutput: return "error-output";
        case ExplanationKind::InputIgnored: return "input-ignored";
    }
    return "fault";
}

std::optional<ExplanationKind> explanationKindFromCode(std::string_view code) {
    for (ExplanationKind k : {ExplanationKind::Fault, ExplanationKind::Experiment, ExplanationKind::Contrast, ExplanationKind::LogShape,
                            ExplanationKind::ErrorOutput, ExplanationKind::InputIgnored}) {
        if (explanationKindCode(k) == code) return k;
    }
    return std::nullopt;
}

std::string Explanation::line() const {
    if (kind == ExplanationKind::Contrast) return fmt::format("by contrast: {}", sentence);  // a correlation, never "explained"
    if (kind == ExplanationKind::ErrorOutput) return fmt::format("its own error output: {}", sentence);  // what it said, not why
    if (kind == ExplanationKind::InputIgnored) return fmt::format("its output does not follow its input: {}", sentence);
    if (exact) return fmt::format("explained: {} — {}", fault, sentence);
    // Not reproduced: worded as what it is, never as the cause (a nearest fault's sentence would read as one).
    if (kind == ExplanationKind::Fault) {
        const std::string of = outputLines > 0 ? fmt::format("{} of {}", agreesLines, outputLines) : fmt::format("its first {}", agreesLines);
        return fmt::format("not explained; the nearest catalogued mistake, {}, agrees on {} line{}", fault, of,
                           (outputLines > 0 ? outputLines : agreesLines) == 1 ? "" : "s");
    }
    return fmt::format("not reproduced; {} finding {} — {}", explanationKindCode(kind), fault, sentence);
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
    for (const CaseResult& o : outcomes) n += !o.judgeError() && o.verdict == v;
    return n;
}

int StudentResults::judgeErrors() const {
    return static_cast<int>(std::count_if(outcomes.begin(), outcomes.end(), [](const CaseResult& o) { return o.judgeError(); }));
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

std::string StudentResults::interpreterReason() const {
    for (const CaseResult& o : outcomes) {
        if (!o.interpreterReason.empty()) return o.interpreterReason;
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

int RunResults::judgeErrors() const {
    int n = 0;
    for (const StudentResults& s : students) n += s.judgeErrors();
    return n;
}

}  // namespace plyjudge::grader
