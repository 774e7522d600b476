#include "grader/explain/input_ignored.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace plyjudge::grader {

namespace {

constexpr std::string_view kStaleInputExperiment = "stale-input-file";
constexpr std::size_t kInputsShowingIt = 3;  // different inputs with one output before it is said

// The input as the comparison of inputs sees it: without carriage returns and trailing blanks, so that the same
// position in other line ends is one input (a program may rightly give both the same output).
std::string normalisedInput(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c != '\r') out += c;
    }
    while (!out.empty() && (out.back() == '\n' || out.back() == ' ' || out.back() == '\t')) out.pop_back();
    return out;
}

bool failed(const CaseResult& o) { return o.ran() && !o.passed() && !o.judgeError(); }

bool shownStale(const CaseResult& o) {
    return o.explanation && o.explanation->exact && o.explanation->kind == ExplanationKind::Experiment &&
           o.explanation->fault == kStaleInputExperiment;
}

// The file the experiment named: the first quoted name of its sentence ("Your program reads 'input1.txt', ...").
std::string staleFileOf(const Explanation& e) {
    const std::size_t open = e.sentence.find('\'');
    const std::size_t close = open == std::string::npos ? open : e.sentence.find('\'', open + 1);
    return close == std::string::npos ? "" : e.sentence.substr(open + 1, close - open - 1);
}

struct Coverage {
    std::vector<CaseResult*> cases;  // the failed cases the finding covers, in case order
    int sameOutputInputs = 0;        // different inputs among the largest group with one output
    int sameOutputCases = 0;         // cases in groups of one output and several inputs
    int shownByExperiment = 0;
    std::string staleFile;
};

Coverage coverageOf(const RunResults& run, StudentResults& s) {
    std::map<std::string, std::vector<std::size_t>> byDigest;
    for (std::size_t i = 0; i < s.outcomes.size() && i < run.cases.size(); ++i) {
        const CaseResult& o = s.outcomes[i];
        if (failed(o) && o.verdict == Verdict::WrongAnswer && !o.outputDigest.empty()) byDigest[o.outputDigest].push_back(i);
    }
    std::set<std::size_t> covered;
    Coverage c;
    for (const auto& [digest, indices] : byDigest) {
        std::set<std::string> inputs;
        for (std::size_t i : indices) inputs.insert(normalisedInput(run.cases[i].inputText));
        // Two inputs are not enough: a game-over position whose values alone differ gives the same right-looking
        // output twice (game-over-keeps-infinity writes `E5,1,Infinity` whatever the values); three or more are.
        if (inputs.size() < kInputsShowingIt || inputs.count("")) continue;
        covered.insert(indices.begin(), indices.end());
        c.sameOutputCases += static_cast<int>(indices.size());
        c.sameOutputInputs = std::max(c.sameOutputInputs, static_cast<int>(inputs.size()));
    }
    for (std::size_t i = 0; i < s.outcomes.size(); ++i) {
        if (!failed(s.outcomes[i]) || !shownStale(s.outcomes[i])) continue;
        covered.insert(i);
        ++c.shownByExperiment;
        if (c.staleFile.empty()) c.staleFile = staleFileOf(*s.outcomes[i].explanation);
    }
    // Same outputs of a few of many failures are no evidence about the program as a whole: said when they (with the
    // cases the experiment showed) are at least half of the failed cases.
    const auto failures = std::count_if(s.outcomes.begin(), s.outcomes.end(), failed);
    if (2 * static_cast<long>(covered.size()) < failures) return c;
    for (std::size_t i : covered) c.cases.push_back(&s.outcomes[i]);
    return c;
}

std::string sentenceOf(const Coverage& c) {
    std::string sentence;
    if (c.sameOutputCases > 0) {
        sentence = fmt::format("your program wrote the same output for {} different inputs ({} failed cases in all): its output does not "
                               "depend on the input it is given",
                               c.sameOutputInputs, c.sameOutputCases);
    }
    if (!c.staleFile.empty()) {
        sentence += fmt::format("{}it reads '{}', a file left beside it that is not the case's input file (input.txt): with the "
                                "case's input copied there it passes (rerun so on {} of them)",
                                sentence.empty() ? "" : "; ", c.staleFile, c.shownByExperiment);
    } else {
        sentence += ". Read the input file the case gives (input.txt in the working directory), not a file of your own";
    }
    if (!sentence.empty()) sentence[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(sentence[0])));
    return sentence + ".";
}

}  // namespace

void explainByIgnoredInput(RunResults& run) {
    for (StudentResults& s : run.students) {
        const Coverage c = coverageOf(run, s);
        if (c.cases.size() < 2) continue;
        const Explanation finding{kInputIgnored, false, 0, sentenceOf(c), {}, ExplanationKind::InputIgnored};
        for (CaseResult* o : c.cases) o->explanation = finding;
    }
}

}  // namespace plyjudge::grader
