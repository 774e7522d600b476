#include "grader/similarity/behaviour_similarity.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "grader/explain/error_output.hpp"

namespace plyjudge::grader {

namespace {

// How a student failed a case, as a key equal for identical failures; "" when the failure is not comparable.
std::string failureKey(const CaseResult& r, SharedFailure& what, int student, const OwnsFile& ownsFile) {
    if (r.verdict == Verdict::WrongAnswer && !r.outputDigest.empty()) {
        what.kind = SharedFailureKind::WrongOutput;
        if (r.explanation && r.explanation->exact && r.explanation->kind == ExplanationKind::Fault) {
            what.catalogued = r.explanation->fault;
        }
        return "output\n" + r.outputDigest;
    }
    if (r.verdict == Verdict::RuntimeError && !r.stderrHead.empty()) {
        what.kind = SharedFailureKind::RuntimeError;
        what.errorLine = errorLineOf(r.stderrHead);
        what.errorPlace = errorPlaceOf(r.stderrHead);
        // Without a place in the program's own code, two crashes with one message may be unrelated.
        if (what.errorLine.empty() || what.errorPlace.empty()) return "";
        // A place outside the student's own files is text it printed, maybe a classmate's traceback.
        if (ownsFile && !ownsFile(student, errorPlaceFile(what.errorPlace))) return "";
        return "error\n" + what.errorPlace + "\n" + what.errorLine;
    }
    return "";
}

struct Group {
    SharedFailure failure;
    std::vector<int> students;
};

// The groups of students who failed case `c` identically.
std::vector<Group> groupsOfCase(const RunResults& run, int c, BehaviourAnalysis& analysis, const OwnsFile& ownsFile) {
    std::map<std::string, Group> groups;
    int graded = 0;
    for (int s = 0; s < static_cast<int>(run.students.size()); ++s) {
        const CaseResult& r = run.students[s].outcomes[static_cast<std::size_t>(c)];
        if (!r.ran() || r.judgeError()) continue;
        ++graded;
        if (r.verdict == Verdict::WrongAnswer) {
            ++analysis.wrongAnswers;
            if (r.outputDigest.empty()) ++analysis.wrongAnswersWithoutDigest;
        }
        SharedFailure what;
        const std::string key = failureKey(r, what, s, ownsFile);
        if (key.empty()) continue;
        Group& g = groups[key];
        if (g.students.empty()) g.failure = what;
        g.students.push_back(s);
    }
    std::vector<Group> kept;
    const int cap = std::max(10, graded / 10);
    for (auto& [key, g] : groups) {
        const int k = static_cast<int>(g.students.size());
        if (k < 2 || k > cap) continue;
        g.failure.caseIndex = c;
        g.failure.sharedBy = k;
        g.failure.graded = graded;
        g.failure.weight = std::log(static_cast<double>(graded) / k) * (g.failure.catalogued.empty() ? 1.0 : kCataloguedDiscount);
        kept.push_back(std::move(g));
    }
    return kept;
}

}  // namespace

std::string errorPlaceFile(const std::string& place) {
    if (place.starts_with("at ")) {  // Java's top frame: at Class.method(File.java:12)
        const auto open = place.rfind('('), colon = place.rfind(':');
        return open == std::string::npos || colon == std::string::npos || colon < open ? "" : place.substr(open + 1, colon - open - 1);
    }
    const auto line = place.find(" line ");  // Python: BASENAME line N, in FUNC[: source]
    return line == std::string::npos ? "" : place.substr(0, line);
}

BehaviourAnalysis compareBehaviour(const RunResults& run, const OwnsFile& ownsFile) {
    BehaviourAnalysis analysis;
    std::map<std::pair<int, int>, BehaviourPair> pairs;
    for (int c = 0; c < static_cast<int>(run.cases.size()); ++c) {
        for (const Group& g : groupsOfCase(run, c, analysis, ownsFile)) {
            for (std::size_t i = 0; i < g.students.size(); ++i) {
                for (std::size_t j = i + 1; j < g.students.size(); ++j) {
                    BehaviourPair& p = pairs[{g.students[i], g.students[j]}];
                    p.a = g.students[i];
                    p.b = g.students[j];
                    p.score += g.failure.weight;
                    p.shared.push_back(g.failure);
                }
            }
        }
    }
    for (auto& [key, p] : pairs) analysis.pairs.push_back(std::move(p));
    std::stable_sort(analysis.pairs.begin(), analysis.pairs.end(),
                     [](const BehaviourPair& x, const BehaviourPair& y) { return x.score > y.score; });
    return analysis;
}

}  // namespace plyjudge::grader
