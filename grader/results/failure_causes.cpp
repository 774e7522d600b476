#include "grader/results/failure_causes.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "common/report_text.hpp"

namespace plyjudge::grader {

namespace {

constexpr std::size_t kShownBytes = 120;  // an error line or message quoted in a cause's line

bool failedCase(const CaseResult& o) { return o.ran() && !o.passed() && !o.judgeError(); }

bool names(const Explanation& e, const std::string& name) {
    return e.fault == name || (e.exact && std::find(e.alsoExact.begin(), e.alsoExact.end(), name) != e.alsoExact.end());
}

std::string caseId(const RunResults& run, const StudentResults& s, std::size_t i) {
    return i < run.cases.size() ? run.cases[i].id() : s.outcomes[i].suite + "/" + s.outcomes[i].name;
}

// The last line of a crash's error output that is not blank: where most interpreters name the error.
std::string lastErrorLine(const std::string& stderrHead) {
    std::size_t end = stderrHead.find_last_not_of(" \t\r\n");
    if (end == std::string::npos) return "";
    const std::size_t start = stderrHead.rfind('\n', end);
    return stderrHead.substr(start == std::string::npos ? 0 : start + 1, end + 1 - (start == std::string::npos ? 0 : start + 1));
}

// A verdict as the list words it (verdictName is in the grader library, which this one does not link).
std::string_view verdictWords(Verdict v) {
    switch (v) {
        case Verdict::TimeLimit: return "time limit";
        case Verdict::MemoryLimit: return "memory limit";
        case Verdict::OutputLimit: return "output limit";
        case Verdict::MissingOutput: return "missing output";
        case Verdict::CompileError: return "compile error";
        case Verdict::NoProgram: return "no program";
        default: return "failed";
    }
}

// What an unexplained failure's run showed, as the key its group is listed by.
std::string unexplainedKindOf(const CaseResult& o) {
    if (o.verdict == Verdict::RuntimeError) {
        const std::string error = lastErrorLine(o.stderrHead);
        return "crash: " + cutForReport(error.empty() ? o.message : error, kShownBytes);
    }
    if (o.verdict == Verdict::WrongAnswer) {
        return o.difference ? "wrong answer, first differing in " + o.difference->file : std::string("wrong answer");
    }
    return std::string(verdictWords(o.verdict)) + (o.message.empty() ? "" : ": " + cutForReport(o.message, kShownBytes));
}

std::string casesOf(int n, int failed) { return fmt::format("{} of {} failed case{}", n, failed, failed == 1 ? "" : "s"); }

std::string findingWord(const Explanation& e) {
    if (e.kind == ExplanationKind::Fault && !e.exact) return "not explained; nearest";
    return e.exact ? "explained:" : "found:";
}

}  // namespace

std::vector<FailureCause> failureCausesOf(const RunResults& run, const StudentResults& s, const std::vector<std::string>& ranked,
                                          const std::vector<std::string>& tie) {
    const int failed = static_cast<int>(std::count_if(s.outcomes.begin(), s.outcomes.end(), failedCase));
    std::vector<bool> covered(s.outcomes.size(), false);
    std::vector<FailureCause> causes;
    for (const std::string& name : ranked) {
        if (name != tie.front() && std::find(tie.begin(), tie.end(), name) != tie.end()) continue;  // shown with the main one
        FailureCause cause{name, "", 0, "", true};
        const Explanation* named = nullptr;
        for (std::size_t i = 0; i < s.outcomes.size(); ++i) {
            const CaseResult& o = s.outcomes[i];
            if (covered[i] || !failedCase(o) || !o.explanation || !names(*o.explanation, name)) continue;
            covered[i] = true;
            if (cause.cases++ == 0) cause.firstCase = caseId(run, s, i), named = &*o.explanation;
        }
        if (cause.cases == 0) continue;
        cause.explained = named->exact || named->kind != ExplanationKind::Fault;
        const std::string shown = tie.size() > 1 && name == tie.front() ? "one of: " + fmt::format("{}", fmt::join(tie, ", ")) : name;
        cause.line = fmt::format("{} {} — {}, first at {}", findingWord(*named), shown, casesOf(cause.cases, failed), cause.firstCase);
        causes.push_back(std::move(cause));
    }
    // The rest, by what their runs showed, in order of first appearance.
    std::vector<std::string> order;
    std::map<std::string, FailureCause> unexplained;
    for (std::size_t i = 0; i < s.outcomes.size(); ++i) {
        const CaseResult& o = s.outcomes[i];
        if (covered[i] || !failedCase(o)) continue;
        const std::string kind = unexplainedKindOf(o);
        auto [it, fresh] = unexplained.try_emplace(kind, FailureCause{kind, "", 0, caseId(run, s, i), false, o.verdict != Verdict::WrongAnswer});
        if (fresh) order.push_back(kind);
        ++it->second.cases;
    }
    for (const std::string& kind : order) {
        FailureCause& c = unexplained.at(kind);
        c.line = fmt::format("not explained: {} — {}, first at {}", kind, casesOf(c.cases, failed), c.firstCase);
        causes.push_back(std::move(c));
    }
    return causes;
}

}  // namespace plyjudge::grader
