#include "grader/explain/contrast.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
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

// Whether a case with `have` is on the side of `s` that fails.
bool onSide(const FeatureSet& have, const Separation& s) { return hasAll(have, s.features) != s.inverted; }

Separation splitBy(const std::vector<Described>& cases, const std::vector<std::string>& features, bool inverted = false) {
    Separation s{features, inverted};
    for (const Described& d : cases) {
        if (onSide(d.features, s)) {
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

// Whether a separation of the given cases is worth testing on new cases: as `meets`, but a side of 5 to 9 cases may
// have one case going the other way (one crash among five passing minimax cases is 80 %). Only a candidate: the new
// cases, and all cases together, must meet the thresholds themselves.
bool worthTesting(const Separation& s, const ContrastOptions& o) {
    const auto nearly = [&](int right, int total) { return right >= o.minShare * total || (total >= 5 && right >= total - 1); };
    return s.onFailed >= o.minFailed && s.offTotal > 0 && nearly(s.onFailed, s.onTotal) && nearly(s.offPassed, s.offTotal);
}

std::vector<Described> described(const std::vector<ContrastCase>& cases, const ContrastInputs& inputs) {
    std::vector<Described> out;
    for (const ContrastCase& c : cases) {
        const auto fs = inputs.featuresOf(c.input);
        out.push_back({&c, FeatureSet(fs.begin(), fs.end())});
    }
    return out;
}

std::string phraseOf(const Separation& s, const ContrastInputs& inputs) {
    if (!s.inverted) return fmt::format("{}", fmt::join(s.features, " and "));
    std::vector<std::string> either;
    for (const std::string& f : s.features) either.push_back(inputs.negationOf ? inputs.negationOf(f) : "not (" + f + ")");
    return fmt::format("{}", fmt::join(either, " or "));
}

// "writes no output" when every failure with the feature is a missing output, "crashes" when every one is a crash,
// "answers wrong" when none is, else "fails".
std::string verbOf(const std::vector<Described>& all, const Separation& s) {
    int crashed = 0, failed = 0, missing = 0;
    for (const Described& d : all) {
        if (!d.c->failed || !onSide(d.features, s)) continue;
        ++failed;
        crashed += d.c->crashed;
        missing += d.c->verdict == Verdict::MissingOutput;
    }
    if (missing == failed) return "writes no output";
    return crashed == failed ? "crashes" : crashed == 0 ? "answers wrong" : "fails";
}

// The smallest failing case among the named (given) ones with the feature, and a passing named case whose
// features differ from it in the separating ones alone.
std::string witnesses(const std::vector<Described>& all, const Separation& s, const ContrastInputs& inputs) {
    const Described* smallest = nullptr;
    int smallestSize = 0;
    for (const Described& d : all) {
        if (d.c->id.empty() || !d.c->failed || !onSide(d.features, s)) continue;
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

std::string sentenceOf(const std::vector<Described>& all, const Separation& s, int generated, const ContrastInputs& inputs,
                       int leftAside, bool afterRefuted) {
    const std::string verb = verbOf(all, s), phrase = phraseOf(s, inputs);
    std::string text;
    if (s.onFailed == s.onTotal && s.offPassed == s.offTotal && leftAside > 0) {
        text = fmt::format("Your program {} whenever {} (in {} of {} such cases) and in no other case (the {} others pass; "
                           "{} failure{} of another kind left aside)",
                           verb, phrase, s.onFailed, s.onTotal, s.offPassed, leftAside, leftAside == 1 ? "" : "s");
    } else if (s.onFailed == s.onTotal && s.offPassed == s.offTotal) {
        text = fmt::format("Your program {} whenever {} (in {} of {} such cases) and passes every other case (in {} of {})",
                           verb, phrase, s.onFailed, s.onTotal, s.offPassed, s.offTotal);
    } else {
        text = fmt::format("Your program {} in {} of {} cases where {} and passes {} of {} other cases", verb, s.onFailed,
                           s.onTotal, phrase, s.offPassed, s.offTotal);
    }
    text += fmt::format("; {} of these {} cases were generated to test it{} (a correlation confirmed on new cases, not a "
                        "reproduction)", generated, s.onTotal + s.offTotal, afterRefuted ? " and separations refuted before it" : "");
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
        if (Separation s = splitBy(all, {list[i]}); worthTesting(s, options)) out.push_back(s);
        for (std::size_t j = i + 1; j < list.size(); ++j) {
            for (const bool inverted : {false, true}) {
                if (Separation s = splitBy(all, {list[i], list[j]}, inverted); worthTesting(s, options)) out.push_back(s);
            }
        }
    }
    // Best first: most cases on the right side, then a single feature before a pair, "A and B" before "A or B",
    // then more failed cases covered.
    std::stable_sort(out.begin(), out.end(), [](const Separation& a, const Separation& b) {
        const int right = a.onFailed + a.offPassed, rightB = b.onFailed + b.offPassed;
        if (right != rightB) return right > rightB;
        if (a.features.size() != b.features.size()) return a.features.size() < b.features.size();
        if (a.inverted != b.inverted) return !a.inverted;
        return a.onFailed > b.onFailed;
    });
    return out;
}

namespace {

// The cases a contrast of one kind of failure sees: the passed ones and those that failed so; nullopt keeps all.
std::vector<ContrastCase> ofKind(const std::vector<ContrastCase>& cases, std::optional<Verdict> kind) {
    if (!kind) return cases;
    std::vector<ContrastCase> out;
    for (const ContrastCase& c : cases) {
        if (!c.failed || c.verdict == *kind) out.push_back(c);
    }
    return out;
}

// The first separation that new cases confirm, trying at most `tries`. After each refuted one, the next is chosen
// again over the given and every new case so far (`drawn`, kept across calls): a coincidence of a few given cases
// is refuted by the cases already run, without running more.
std::optional<ContrastFinding> confirmed(const std::vector<ContrastCase>& cases, std::optional<Verdict> kind, int tries,
                                         std::vector<ContrastCase>& drawn, const ContrastInputs& inputs,
                                         const ContrastRunner& run, const ContrastOptions& options) {
    std::set<std::pair<std::vector<std::string>, bool>> tested;
    for (int k = 0; k < tries; ++k) {
        std::vector<ContrastCase> known = ofKind(cases, kind);
        const std::vector<ContrastCase> drawnOfKind = ofKind(drawn, kind);
        known.insert(known.end(), drawnOfKind.begin(), drawnOfKind.end());
        std::optional<Separation> candidate;
        for (const Separation& s : separations(known, inputs, options)) {
            if (!tested.count({s.features, s.inverted})) {
                candidate = s;
                break;
            }
        }
        if (!candidate) return std::nullopt;
        tested.insert({candidate->features, candidate->inverted});
        const std::uint64_t seed = options.seed + drawn.size();
        std::vector<std::string> fresh = inputs.draw(candidate->features, !candidate->inverted, options.newCasesPerSide, seed);
        const std::size_t onCount = fresh.size();
        const auto off = inputs.draw(candidate->features, candidate->inverted, options.newCasesPerSide, seed);
        // The generator cannot make the feature often enough to test it: no claim.
        if (static_cast<int>(onCount) < options.minFailed || off.empty()) continue;
        fresh.insert(fresh.end(), off.begin(), off.end());
        const std::vector<ContrastCase> ran = run(fresh);
        if (ran.size() != fresh.size()) continue;
        drawn.insert(drawn.end(), ran.begin(), ran.end());
        const std::vector<ContrastCase> outcomes = ofKind(ran, kind);
        if (!meets(splitBy(described(outcomes, inputs), candidate->features, candidate->inverted), options, options.minFailed)) continue;
        std::vector<ContrastCase> everything = ofKind(cases, kind);
        const std::size_t givenCount = everything.size();
        everything.insert(everything.end(), drawnOfKind.begin(), drawnOfKind.end());
        everything.insert(everything.end(), outcomes.begin(), outcomes.end());
        const std::vector<Described> all = described(everything, inputs);
        const Separation total = splitBy(all, candidate->features, candidate->inverted);
        if (!meets(total, options, options.minFailed)) continue;
        Explanation e;
        e.kind = ExplanationKind::Contrast;
        e.exact = false;
        e.fault = "contrast: " + phraseOf(*candidate, inputs);
        const int leftAside = static_cast<int>(cases.size() + drawn.size() - everything.size());
        e.sentence = sentenceOf(all, total, static_cast<int>(everything.size() - givenCount), inputs, leftAside, !drawnOfKind.empty());
        return ContrastFinding{e, total, kind};
    }
    return std::nullopt;
}

// The most common kind of failure among several kinds, with at least `minFailed` cases; nullopt for one kind.
std::optional<Verdict> mostCommonOfSeveralKinds(const std::vector<ContrastCase>& cases, int minFailed) {
    std::map<Verdict, int> count;
    for (const ContrastCase& c : cases) count[c.verdict] += c.failed;
    std::optional<Verdict> best;
    int kinds = 0;
    for (const auto& [verdict, n] : count) {
        if (n == 0) continue;
        ++kinds;
        if (n >= minFailed && (!best || n > count[*best])) best = verdict;
    }
    return kinds > 1 ? best : std::nullopt;
}

}  // namespace

std::optional<ContrastFinding> explainByContrast(const std::vector<ContrastCase>& cases, const ContrastInputs& inputs,
                                             const ContrastRunner& run, const ContrastOptions& options) {
    std::vector<ContrastCase> drawn;
    if (auto finding = confirmed(cases, std::nullopt, options.candidates, drawn, inputs, run, options)) return finding;
    if (const auto kind = mostCommonOfSeveralKinds(cases, options.minFailed)) {
        return confirmed(cases, kind, 1, drawn, inputs, run, options);
    }
    return std::nullopt;
}

bool leftToContrast(const CaseResult& o) {
    if (!o.ran() || o.passed() || o.judgeError()) return false;
    if (!o.explanation) return true;
    return !o.explanation->exact && o.explanation->kind == ExplanationKind::Fault;
}

bool hasUnexplainedFailures(const StudentResults& student) {
    return std::any_of(student.outcomes.begin(), student.outcomes.end(), leftToContrast);
}

int applyContrast(const RunResults& run, StudentResults& student, const ContrastFinding& finding, const ContrastInputs& inputs) {
    int covered = 0;
    for (std::size_t i = 0; i < student.outcomes.size() && i < run.cases.size(); ++i) {
        CaseResult& o = student.outcomes[i];
        if (!leftToContrast(o) || run.cases[i].inputText.empty()) continue;
        const auto fs = inputs.featuresOf(run.cases[i].inputText);
        if (!onSide(FeatureSet(fs.begin(), fs.end()), finding.separation)) continue;
        if (finding.kind && o.verdict != *finding.kind) continue;  // a failure of another kind: not this finding's
        o.explanation = finding.explanation;
        ++covered;
    }
    return covered;
}

}  // namespace plyjudge::grader
