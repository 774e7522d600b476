#include "grader/explain/explain.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>

namespace plyjudge::grader {

namespace {

// One candidate mistake: a fault, or another value of a dialect option.
struct Candidate {
    std::string name;      // "strict-pruning", "cutoff_log=bound-first"
    std::string key;       // the dialect option it sets; empty for a fault
    std::string value;
    std::string sentence;
};

// The other dialect values first (an accepted convention is the kinder explanation when both fit), then the faults,
// then the neighbours of faults.
std::vector<Candidate> candidatesOf(const Variant& variant, const Dialect& caseDialect) {
    std::vector<Candidate> all;
    for (const DialectOption& o : variant.dialects) {
        for (std::string_view v : o.values) {
            if (v == caseDialect.get(o)) continue;
            all.push_back({fmt::format("{}={}", o.key, v), std::string(o.key), std::string(v),
                           fmt::format("Your program follows the convention {}={} ({}); this case expects {}={}.", o.key, v,
                                       o.description, o.key, caseDialect.get(o))});
        }
    }
    for (const Fault& f : variant.faults) all.push_back({std::string(f.name), "", "", std::string(f.sentence)});
    // Neighbours last: a catalogued fault is the explanation when both fit. Their sentence says which fault they are
    // close to and how they differ, so that a program one step from a catalogued mistake is told so.
    for (const Fault& f : variant.neighbours) {
        all.push_back({std::string(f.name), "", "", fmt::format("{} A neighbour of the catalogued {}: {}.", f.sentence, f.neighbourOf, f.difference)});
    }
    return all;
}

Dialect applied(Dialect d, const Candidate& c) { return c.key.empty() ? d.withFault(c.name) : d.with(c.key, c.value); }

// The candidates named in `name` ("a + b"): nullptr for a name that is none.
std::vector<const Candidate*> partsOf(const std::vector<Candidate>& all, const std::string& name) {
    std::vector<const Candidate*> parts;
    std::size_t start = 0;
    while (start <= name.size()) {
        std::size_t end = name.find(" + ", start);
        if (end == std::string::npos) end = name.size();
        const std::string part = name.substr(start, end - start);
        const auto it = std::find_if(all.begin(), all.end(), [&](const Candidate& c) { return c.name == part; });
        parts.push_back(it == all.end() ? nullptr : &*it);
        start = end + 3;
    }
    return parts;
}

// The program's output in lines, as "agrees on N of M lines" counts them (a last line without '\n' counts).
std::uint64_t linesOf(const OutputFiles& files) {
    std::uint64_t n = 0;
    for (const auto& [name, text] : files) n += std::count(text.begin(), text.end(), '\n') + (!text.empty() && text.back() != '\n');
    return n;
}

struct Tried {
    std::string name, sentence;
    Agreement agreement;
};

}  // namespace

Dialect withCandidate(const Variant& variant, const Dialect& caseDialect, const std::string& name) {
    const std::vector<Candidate> all = candidatesOf(variant, caseDialect);
    Dialect d = caseDialect;
    for (const Candidate* c : partsOf(all, name)) {
        if (c) d = applied(d, *c);
    }
    return d;
}

std::string sentenceOf(const Variant& variant, const Dialect& caseDialect, const std::string& name) {
    const std::vector<Candidate> all = candidatesOf(variant, caseDialect);
    std::string sentence;
    for (const Candidate* c : partsOf(all, name)) {
        if (c) sentence += (sentence.empty() ? "" : " ") + c->sentence;
    }
    return sentence;
}

std::optional<Explanation> explainByReproduction(const Variant& variant, const Dialect& caseDialect, const InputText& input,
                                                 const OutputFiles& actual, const ExplainOptions& options, ExplainStats* stats) {
    if (!variant.agree) return std::nullopt;
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    ExplainStats local;
    ExplainStats& s = stats ? *stats : local;
    auto overBudget = [&] { return std::chrono::duration<double>(Clock::now() - start).count() > options.budgetSeconds; };
    auto run = [&](const Dialect& d) {
        ++s.runs;
        return variant.agree(input, d, actual);
    };
    const Agreement baseline = run(caseDialect);
    if (baseline.exact) return std::nullopt;  // not a wrong answer of the reference's making

    const std::vector<Candidate> candidates = candidatesOf(variant, caseDialect);
    std::vector<Tried> tried;
    std::vector<std::size_t> improving;  // candidates agreeing longer than the reference alone
    const std::size_t firstNeighbour = candidates.size() - variant.neighbours.size();  // candidatesOf puts them last
    bool exactFound = false;
    for (std::size_t i = 0; i < candidates.size() && !overBudget(); ++i) {
        if (i >= firstNeighbour && exactFound) break;  // a catalogued explanation fits: no neighbour is needed
        const Agreement a = run(applied(caseDialect, candidates[i]));
        exactFound = exactFound || a.exact;
        tried.push_back({candidates[i].name, candidates[i].sentence, a});
        if (a.agreesLines > baseline.agreesLines || a.exact) improving.push_back(i);
    }
    auto exactOnes = [&] {
        std::vector<const Tried*> exact;
        for (const Tried& t : tried) {
            if (t.agreement.exact) exact.push_back(&t);
        }
        return exact;
    };
    if (exactOnes().empty() && options.pairs) {
        for (std::size_t i : improving) {
            for (std::size_t j = 0; j < candidates.size() && !overBudget(); ++j) {
                const bool bothImprove = std::find(improving.begin(), improving.end(), j) != improving.end();
                if (j == i || (bothImprove && j < i)) continue;
                if (!candidates[i].key.empty() && candidates[i].key == candidates[j].key) continue;
                const Agreement a = run(applied(applied(caseDialect, candidates[i]), candidates[j]));
                const Candidate& first = candidates[std::min(i, j)];  // named in catalogue order
                const Candidate& second = candidates[std::max(i, j)];
                tried.push_back({first.name + " + " + second.name, first.sentence + " " + second.sentence, a});
            }
        }
    }
    s.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    const auto exact = exactOnes();
    if (!exact.empty()) {
        Explanation e{exact.front()->name, true, exact.front()->agreement.agreesLines, exact.front()->sentence, {}};
        for (std::size_t k = 1; k < exact.size(); ++k) e.alsoExact.push_back(exact[k]->name);
        return e;
    }
    const Tried* closest = nullptr;
    for (const Tried& t : tried) {
        if (!closest || t.agreement.agreesLines > closest->agreement.agreesLines) closest = &t;
    }
    if (!closest || closest->agreement.agreesLines <= baseline.agreesLines) return std::nullopt;
    Explanation nearest{closest->name, false, closest->agreement.agreesLines, closest->sentence, {}};
    nearest.outputLines = linesOf(actual);
    return nearest;
}

}  // namespace plyjudge::grader
