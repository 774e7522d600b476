#include "grader/explain/contrast.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>

namespace plyjudge::grader {

namespace {

using FeatureSet = std::set<std::string>;

struct Described {
    const ContrastCase* c;
    FeatureSet features;
};

bool hasAll(const FeatureSet& have, const std::vector<std::string>& wanted) {
    return std::all_of(wanted.begin(), wanted.end(), [&](const std::string& f) { return have.count(f) > 0; });
}

Separation splitBy(const std::vector<Described>& cases, const std::vector<std::string>& features) {
    Separation s{features};
    for (const Described& d : cases) {
        if (hasAll(d.features, features)) {
            ++s.onTotal;
            s.onFailed += d.c->failed;
        } else {
            ++s.offTotal;
            s.offPassed += !d.c->failed;
        }
    }
    return s;
}

bool meets(const Separation& s, const ContrastOptions& o, int minOn) {
    return s.onFailed >= minOn && s.offTotal > 0 && s.onFailed >= o.minShare * s.onTotal && s.offPassed >= o.minShare * s.offTotal;
}

std::vector<Described> described(const std::vector<ContrastCase>& cases, const ContrastInputs& inputs) {
    std::vector<Described> out;
    for (const ContrastCase& c : cases) {
        const auto fs = inputs.featuresOf(c.input);
        out.push_back({&c, FeatureSet(fs.begin(), fs.end())});
    }
    return out;
}

std::string phraseOf(const std::vector<std::string>& features) { return fmt::format("{}", fmt::join(features, " and ")); }

// "crashes" when every failure with the feature is a crash, "answers wrong" when none is, else "fails".
std::string verbOf(const std::vector<Described>& all, const Separation& s) {
    int crashed = 0, failed = 0;
    for (const Described& d : all) {
        if (!d.c->failed || !hasAll(d.features, s.features)) continue;
        ++failed;
        crashed += d.c->crashed;
    }
    return crashed == failed ? "crashes" : crashed == 0 ? "answers wrong" : "fails";
}

// The smallest failing case among the named (given) ones with the feature, and a passing named case whose
// features differ from it in the separating ones alone.
std::string witnesses(const std::vector<Described>& all, const Separation& s, const ContrastInputs& inputs) {
    const Described* smallest = nullptr;
    int smallestSize = 0;
    for (const Described& d : all) {
        if (d.c->id.empty() || !d.c->failed || !hasAll(d.features, s.features)) continue;
        const int size = inputs.sizeOf ? inputs.sizeOf(d.c->input) : static_cast<int>(d.c->input.size());
        if (!smallest || size < smallestSize) smallest = &d, smallestSize = size;
    }
    if (!smallest) return "";
    std::string out = "; smallest failing case: " + smallest->c->id;
    for (const Described& d : all) {
        if (d.c->id.empty() || d.c->failed) continue;
        FeatureSet a = smallest->features, b = d.features;
        for (const std::string& f : s.features) a.erase(f), b.erase(f);
        if (a == b) return out + "; it passes " + d.c->id + ", which differs in that alone";
    }
    return out + "; no passing case differs from it in that alone";
}

std::string sentenceOf(const std::vector<Described>& all, const Separation& s, int generated, const ContrastInputs& inputs) {
    const std::string verb = verbOf(all, s), phrase = phraseOf(s.features);
    std::string text;
    if (s.onFailed == s.onTotal && s.offPassed == s.offTotal) {
        text = fmt::format("Your program {} whenever {} (in {} of {} such cases) and passes every other case (in {} of {})",
                           verb, phrase, s.onFailed, s.onTotal, s.offPassed, s.offTotal);
    } else {
        text = fmt::format("Your program {} in {} of {} cases where {} and passes {} of {} other cases", verb, s.onFailed,
                           s.onTotal, phrase, s.offPassed, s.offTotal);
    }
    text += fmt::format("; {} of these {} cases were generated to test it (a correlation confirmed on new cases, not a reproduction)",
                        generated, s.onTotal + s.offTotal);
    return text + witnesses(all, s, inputs);
}

}  // namespace

std::vector<Separation> separations(const std::vector<ContrastCase>& cases, const ContrastInputs& inputs,
                                    const ContrastOptions& options) {
    const std::vector<Described> all = described(cases, inputs);
    FeatureSet names;
    for (const Described& d : all) names.insert(d.features.begin(), d.features.end());
    const std::vector<std::string> list(names.begin(), names.end());
    std::vector<Separation> out;
    for (std::size_t i = 0; i < list.size(); ++i) {
        if (Separation s = splitBy(all, {list[i]}); meets(s, options, options.minFailed)) out.push_back(s);
        for (std::size_t j = i + 1; j < list.size(); ++j) {
            if (Separation s = splitBy(all, {list[i], list[j]}); meets(s, options, options.minFailed)) out.push_back(s);
        }
    }
    // Best first: most cases on the right side, then a single feature before a pair, then more failed cases covered.
    std::stable_sort(out.begin(), out.end(), [](const Separation& a, const Separation& b) {
        const int right = a.onFailed + a.offPassed, rightB = b.onFailed + b.offPassed;
        if (right != rightB) return right > rightB;
        if (a.features.size() != b.features.size()) return a.features.size() < b.features.size();
        return a.onFailed > b.onFailed;
    });
    return out;
}

std::optional<ContrastFinding> explainByContrast(const std::vector<ContrastCase>& cases, const ContrastInputs& inputs,
                                             const ContrastRunner& run, const ContrastOptions& options) {
    const std::vector<Separation> candidates = separations(cases, inputs, options);
    for (std::size_t k = 0; k < candidates.size() && static_cast<int>(k) < options.candidates; ++k) {
        const Separation& candidate = candidates[k];
        std::vector<std::string> fresh = inputs.draw(candidate.features, true, options.newCasesPerSide, options.seed + k);
        const std::size_t onCount = fresh.size();
        const auto off = inputs.draw(candidate.features, false, options.newCasesPerSide, options.seed + k);
        // The generator cannot make the feature often enough to test it: no claim.
        if (static_cast<int>(onCount) < options.minFailed || off.empty()) continue;
        fresh.insert(fresh.end(), off.begin(), off.end());
        const std::vector<ContrastCase> outcomes = run(fresh);
        if (outcomes.size() != fresh.size()) continue;
        const std::vector<Described> generated = described(outcomes, inputs);
        if (!meets(splitBy(generated, candidate.features), options, options.minFailed)) continue;
        std::vector<ContrastCase> everything = cases;
        everything.insert(everything.end(), outcomes.begin(), outcomes.end());
        const std::vector<Described> all = described(everything, inputs);
        const Separation total = splitBy(all, candidate.features);
        if (!meets(total, options, options.minFailed)) continue;
        Explanation e;
        e.kind = ExplanationKind::Contrast;
        e.exact = false;
        e.fault = "contrast: " + phraseOf(candidate.features);
        e.sentence = sentenceOf(all, total, static_cast<int>(outcomes.size()), inputs);
        return ContrastFinding{e, total};
    }
    return std::nullopt;
}

bool hasUnexplainedFailures(const StudentResults& student) {
    return std::any_of(student.outcomes.begin(), student.outcomes.end(), [](const CaseResult& o) {
        return o.ran() && !o.passed() && !o.judgeError() && (!o.explanation || !o.explanation->exact);
    });
}

int applyContrast(const RunResults& run, StudentResults& student, const ContrastFinding& finding, const ContrastInputs& inputs) {
    int covered = 0;
    for (std::size_t i = 0; i < student.outcomes.size() && i < run.cases.size(); ++i) {
        CaseResult& o = student.outcomes[i];
        if (!o.ran() || o.passed() || o.judgeError() || (o.explanation && o.explanation->exact)) continue;
        // What a run showed of its answer's form is the program's own evidence: a correlation does not replace it.
        if (o.explanation && o.explanation->kind == ExplanationKind::Experiment) continue;
        if (run.cases[i].inputText.empty()) continue;
        const auto fs = inputs.featuresOf(run.cases[i].inputText);
        if (!hasAll(FeatureSet(fs.begin(), fs.end()), finding.separation.features)) continue;
        o.explanation = finding.explanation;
        ++covered;
    }
    return covered;
}

}  // namespace plyjudge::grader
