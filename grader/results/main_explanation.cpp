#include "grader/results/main_explanation.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <climits>
#include <set>
#include <tuple>

#include "common/report_text.hpp"
#include "grader/results/failure_causes.hpp"

namespace plyjudge::grader {

namespace {

// How far a value is quoted in a one-line "not explained" (the whole line is in the first difference).
constexpr std::size_t kShortQuoteBytes = 60;

// One name's standing across the student's failed cases.
struct Candidate {
    std::string name;
    const Explanation* named = nullptr;  // a case's explanation under this name (its sentence); null: only an equal
    const Explanation* equalOf = nullptr;  // a case's explanation that has it as an equal (alsoExact)
    std::string namedCase;                 // the case of `named`: "published/case2"
    int exactCases = 0, otherCases = 0;
    int noAnswerCases = 0;               // of them, runs that gave no answer to compare (a crash, a limit, no file)
    int passedChanged = INT_MAX;         // INT_MAX: not known

    // 2 exact, 1 another kind's finding (an experiment that did not pass says what the run showed), 0 a nearest fault.
    int rank() const {
        if (exactCases > 0) return 2;
        return named && named->kind != ExplanationKind::Fault ? 1 : 0;
    }
    // A log shape counts every case it holds in: exact where it accounts for every difference, and where it holds
    // with other differences (runxuanw: inner nodes logged on return, exact in 1 case, holding in 33 more).
    bool shapeOfMore() const { return exactCases > 0 && named && named->kind == ExplanationKind::LogShape && otherCases > 0; }
    int cases() const { return exactCases > 0 ? exactCases + (shapeOfMore() ? otherCases : 0) : otherCases; }
    // A finding of failures no reproduction can explain (mostly crashes and missing files: its error output, a
    // contrast of them, what a run showed of its answer's form), of most of the failed cases, comes first: the main
    // explanation is about the bulk of the failures. A log shape does not, nor a contrast of mostly wrong answers:
    // they describe wrong answers an exact fault explains better (weichichen; priyankauppu, whose contrast "fails
    // whenever the task is not greedy and not minimax" is where its exact bounds-updated-before-cut-test is;
    // docs/real-programs.md).
    // Or, of fewer, one that covers at least 3 and more than any exact finding does (`mostExact`): nothing
    // headlines on 1 case when a cause covers many.
    bool coversMost(int failed, int mostExact) const {
        const bool ofCrashes = named && (named->kind == ExplanationKind::Contrast || named->kind == ExplanationKind::ErrorOutput ||
                                         (named->kind == ExplanationKind::Experiment && !named->exact));
        return ofCrashes && 2 * noAnswerCases > cases() && (2 * cases() > failed || (cases() >= 3 && cases() > mostExact));
    }
    // Output that does not follow the input comes before all: a reproduction of such a run is a coincidence.
    bool inputIgnored() const { return named && named->kind == ExplanationKind::InputIgnored; }
    // Every criterion, greater is better; equal keys are a tie.
    std::tuple<bool, bool, int, int, int> key(int failed, int mostExact) const {
        return {inputIgnored(), coversMost(failed, mostExact), rank(), cases(), rank() == 2 ? -passedChanged : 0};
    }
};

bool failedCase(const CaseResult& o) { return o.ran() && !o.passed() && !o.judgeError(); }

// Every name the failed cases give, in order of first appearance.
std::vector<Candidate> candidatesOf(const StudentResults& s) {
    std::vector<Candidate> all;
    auto find = [&](const std::string& name) -> Candidate& {
        for (Candidate& c : all) {
            if (c.name == name) return c;
        }
        Candidate& c = all.emplace_back();
        c.name = name;
        if (const auto it = s.passedCasesChanged.find(name); it != s.passedCasesChanged.end()) c.passedChanged = it->second;
        return c;
    };
    for (const CaseResult& o : s.outcomes) {
        if (!failedCase(o) || !o.explanation) continue;
        const Explanation& e = *o.explanation;
        Candidate& c = find(e.fault);
        if (!c.named || (e.exact && !c.named->exact)) c.named = &e, c.namedCase = o.suite + "/" + o.name;
        (e.exact ? c.exactCases : c.otherCases) += 1;
        c.noAnswerCases += o.verdict != Verdict::WrongAnswer;
        if (!e.exact) continue;
        for (const std::string& also : e.alsoExact) {
            Candidate& a = find(also);
            a.exactCases += 1;
            if (!a.equalOf) a.equalOf = &e;
        }
    }
    return all;
}

int failedCases(const StudentResults& s) {
    return static_cast<int>(std::count_if(s.outcomes.begin(), s.outcomes.end(), failedCase));
}

// The candidates best first (stable: equals keep their order of appearance).
int mostExactCases(const std::vector<Candidate>& all) {
    int most = 0;
    for (const Candidate& c : all) most = std::max(most, c.exactCases);
    return most;
}

std::vector<Candidate> ranked(const StudentResults& s) {
    std::vector<Candidate> all = candidatesOf(s);
    const int failed = failedCases(s), mostExact = mostExactCases(all);
    std::stable_sort(all.begin(), all.end(),
                     [&](const Candidate& a, const Candidate& b) { return a.key(failed, mostExact) > b.key(failed, mostExact); });
    return all;
}

std::string shortQuote(const std::optional<std::string>& value) {
    return value ? "\"" + cutForReport(*value, kShortQuoteBytes) + "\"" : "(end of file)";
}

std::string differenceInShort(const FirstDifference& d) {
    return fmt::format("{} line {}: expected {}, got {}", d.file, d.line, shortQuote(d.expected), shortQuote(d.actual));
}

std::string casesPhrase(int explained, int failed) {
    return fmt::format("{} of {} failed case{}", explained, failed, failed == 1 ? "" : "s");
}

// The names that reproduce a case exactly together with `name` (its equals there, and it).
std::set<std::string> equalsOf(const StudentResults& s, const std::string& name) {
    std::set<std::string> out{name};
    for (const CaseResult& o : s.outcomes) {
        if (!failedCase(o) || !o.explanation || !o.explanation->exact) continue;
        const Explanation& e = *o.explanation;
        if (e.fault != name && std::find(e.alsoExact.begin(), e.alsoExact.end(), name) == e.alsoExact.end()) continue;
        out.insert(e.fault);
        out.insert(e.alsoExact.begin(), e.alsoExact.end());
    }
    return out;
}

// The next finding after `chosen` that explains other failed cases: not an equal of it, not a nearest fault.
std::optional<SecondFinding> secondFinding(const StudentResults& s, const std::vector<Candidate>& all, const Candidate& chosen) {
    const std::set<std::string> equals = equalsOf(s, chosen.name);
    for (const Candidate& c : all) {
        if (c.rank() == 0 || !c.named || equals.count(c.name)) continue;
        return SecondFinding{c.name, c.exactCases > 0, c.cases()};
    }
    return std::nullopt;
}

}  // namespace

const FailureCause* MainExplanation::unexplainedBulk() const {
    if (!finding) return nullptr;
    for (const FailureCause& c : causes) {
        if (!c.explained && c.noAnswer && 2 * c.cases > failed && c.cases > explained) return &c;
    }
    return nullptr;
}

std::string MainExplanation::line() const {
    if (const FailureCause* bulk = unexplainedBulk()) {
        return fmt::format("{}; also {}: {} (in {})", bulk->line, finding->exact ? "explained" : "found", finding->fault,
                           casesPhrase(explained, failed));
    }
    std::string line = mainLine();
    // A sentence ends with its own period; "also" continues it: "... root is MAX; also ...", not "MAX.; also".
    if (also && !line.empty() && line.back() == '.') line.pop_back();
    return line + alsoLine();
}

std::vector<std::string> MainExplanation::causeLines() const {
    std::vector<std::string> lines;
    if (causes.size() < 2) return lines;
    for (const FailureCause& c : causes) lines.push_back(c.line);
    return lines;
}

std::string MainExplanation::alsoLine() const {
    if (!also) return "";
    return fmt::format("; also {}: {} (in {})", also->exact ? "explained" : "found", also->name, casesPhrase(also->cases, failed));
}

std::string MainExplanation::mainLine() const {
    if (!finding && firstDifference.empty()) {
        const auto most = std::max_element(causes.begin(), causes.end(), [](const auto& a, const auto& b) { return a.cases < b.cases; });
        return most == causes.end() ? "not explained" : most->line;
    }
    if (!finding) {
        const std::string none = failed > 1 ? fmt::format(" (none of the {} failed cases is explained)", failed) : "";
        return fmt::format("not explained: the first difference is in {}{}", firstDifference, none);
    }
    const Explanation& e = *finding;
    if (e.exact && isTie()) {
        return fmt::format("explained: one of: {} (each explains {}) — {}: {}", fmt::join(tie, ", "), casesPhrase(explained, failed),
                           e.fault, e.sentence);
    }
    if (e.exact && holdsWithOthers > 0) {
        return fmt::format("explained: {} (explains {} exactly, and holds with other differences in {} more){}", e.fault,
                           casesPhrase(explained, failed), holdsWithOthers, e.sentence.empty() ? "" : " — " + e.sentence);
    }
    if (e.exact) {
        return fmt::format("explained: {} (explains {}){}", e.fault, casesPhrase(explained, failed), e.sentence.empty() ? "" : " — " + e.sentence);
    }
    // A nearest fault's figures are those of one case: which one.
    if (e.kind == ExplanationKind::Fault && !findingCase.empty()) {
        return fmt::format("{} of {} (nearest in {})", e.line(), findingCase, casesPhrase(explained, failed));
    }
    return fmt::format("{} (in {})", e.line(), casesPhrase(explained, failed));
}

std::optional<MainExplanation> mainExplanationOf(const RunResults& run, const StudentResults& s) {
    MainExplanation main;
    main.failed = failedCases(s);
    if (main.failed == 0) return std::nullopt;
    const std::vector<Candidate> all = ranked(s);
    const int mostExact = mostExactCases(all);
    if (!all.empty()) {
        const auto best = all.front().key(main.failed, mostExact);
        // Among the best, one a case names (its sentence); else the best itself, known only as an equal (before
        // explainStudents names it first: no sentence here).
        auto chosen = std::find_if(all.begin(), all.end(), [&](const Candidate& c) { return c.key(main.failed, mostExact) == best && c.named; });
        if (chosen == all.end()) chosen = all.begin();
        main.finding = chosen->named ? *chosen->named : *chosen->equalOf;
        if (!chosen->named) main.finding->sentence.clear();
        main.findingCase = chosen->namedCase;
        main.finding->fault = chosen->name;
        main.explained = chosen->shapeOfMore() ? chosen->exactCases : chosen->cases();
        if (chosen->shapeOfMore()) main.holdsWithOthers = chosen->otherCases;
        if (chosen->passedChanged != INT_MAX) main.passedChanged = chosen->passedChanged;
        main.tie.push_back(chosen->name);
        // A real tie: names that reproduce the same failed cases (equals); an equal count of other cases is another
        // cause, shown as the second finding (runxuanw: lf-line-ends on one case, a log shape on another).
        const std::set<std::string> equals = equalsOf(s, chosen->name);
        for (const Candidate& c : all) {
            if (&c != &*chosen && chosen->rank() == 2 && c.key(main.failed, mostExact) == best && equals.count(c.name)) main.tie.push_back(c.name);
        }
        if (!main.isTie()) main.also = secondFinding(s, all, *chosen);
        std::vector<std::string> order{chosen->name};
        for (const Candidate& c : all) {
            if (&c != &*chosen) order.push_back(c.name);
        }
        main.causes = failureCausesOf(run, s, order, main.tie);
        return main;
    }
    for (std::size_t i = 0; i < s.outcomes.size() && i < run.cases.size(); ++i) {
        const CaseResult& o = s.outcomes[i];
        if (failedCase(o) && o.difference) {
            main.firstDifference = run.cases[i].id() + ", " + differenceInShort(*o.difference);
            main.causes = failureCausesOf(run, s, {}, {""});
            return main;
        }
    }
    // Several failures, none a wrong answer and none explained (every run crashed or wrote no file): the largest
    // group of what the runs showed, said as not explained, so that every failed case is accounted for.
    // A submission that did not build (or has no program) fails every case with one verdict, said once where it is
    // shown: no main line repeats it.
    const bool built = std::none_of(s.outcomes.begin(), s.outcomes.end(), [](const CaseResult& o) {
        return failedCase(o) && (o.verdict == Verdict::CompileError || o.verdict == Verdict::NoProgram);
    });
    if (main.failed < 2 || !built) return std::nullopt;
    main.causes = failureCausesOf(run, s, {}, {""});
    // Only when most of them wrote no file: a crash's own error line is shown with it (and, repeated, is a finding of
    // its own), a run that exited without writing its file says nothing else.
    const auto most = std::max_element(main.causes.begin(), main.causes.end(), [](const auto& a, const auto& b) { return a.cases < b.cases; });
    if (most == main.causes.end() || !most->name.starts_with("missing output")) return std::nullopt;
    return main;
}

std::vector<std::string> exactNamesWithMostCases(const StudentResults& s) {
    std::vector<std::string> names;
    const std::vector<Candidate> all = ranked(s);
    if (all.empty()) return names;
    for (const Candidate& c : all) {
        if (c.exactCases > 0 && c.exactCases == all.front().exactCases) names.push_back(c.name);
    }
    return names;
}

std::string caseExplanationLine(const CaseResult& o) {
    if (o.explanation) return o.explanation->line();
    if (o.verdict == Verdict::WrongAnswer && o.difference) return "not explained: the first difference is " + differenceInShort(*o.difference);
    return {};
}

}  // namespace plyjudge::grader
