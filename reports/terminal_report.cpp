#include "reports/terminal_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "common/escaping.hpp"

namespace plyjudge::reports {

namespace {

// `text` with each line after `prefix`, escaped for the terminal (a program's output, a student's folder name).
std::string indent(const std::string& raw, const std::string& prefix) {
    const std::string text = terminalSafe(raw, TextLines::Many);
    std::string out;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        out += prefix + text.substr(start, end - start) + "\n";
        start = end + 1;
    }
    return out;
}

}  // namespace

void printCaseReport(std::ostream& out, const RunResults& run, const StudentResults& s, bool showDetail) {
    int shown = 0;
    for (std::size_t i = 0; i < s.outcomes.size() && i < run.cases.size(); ++i) {
        const CaseResult& r = s.outcomes[i];
        if (!r.ran()) continue;
        ++shown;
        out << fmt::format("{:<28} {:<15} {:>6.2f}s {:>7.1f} MiB", terminalSafe(run.cases[i].id()), r.verdictText(),
                           r.wallSeconds, static_cast<double>(r.peakMemoryBytes) / (1 << 20));
        if (!r.passed() && !r.diagnosisKind.empty()) out << "  [" << terminalSafe(r.diagnosisKind) << "]";
        out << "\n";
        if (r.passed() && !r.message.empty()) out << indent(r.message, "    ");  // a warning (exit_status: outputs)
        if (!r.passed()) {
            if (!r.message.empty()) out << indent(r.message, "    ");
            if (const std::string why = caseExplanationLine(r); !why.empty()) out << indent(why, "    ");
            if (showDetail && !r.detail().empty()) out << indent(r.detail(), "    ");
        }
    }
    out << fmt::format("{} of {} cases passed, {:g} / {:g} points", s.passedCount(), shown, s.points(), s.maxPoints());
    if (const int j = s.judgeErrors()) out << fmt::format(" ({} judge error(s), not counted)", j);
    out << "\n";
    // Last, so that it is what a student reads first at the end of a long report.
    if (const auto main = mainExplanationOf(run, s)) {
        const std::vector<std::string> causes = main->causeLines();  // every failed case under its cause (issue 43)
        if (!causes.empty()) out << "failed cases by cause:\n";
        for (const std::string& cause : causes) out << "  " << terminalSafe(cause) << "\n";
        out << "main explanation: " << terminalSafe(main->line()) << "\n";
    }
}

// The TA's view of the judge errors: each distinct cause once, with how many cases it cost, most first.
static void printJudgeErrorCauses(std::ostream& out, const RunResults& run) {
    std::map<std::string, int> causes;
    for (const StudentResults& s : run.students)
        for (const CaseResult& o : s.outcomes)
            if (o.judgeError()) ++causes[o.message];
    std::vector<std::pair<int, std::string>> ranked;
    for (const auto& [cause, n] : causes) ranked.emplace_back(n, cause);
    std::sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    for (const auto& [n, cause] : ranked) out << fmt::format("  {} case(s): {}\n", n, terminalSafe(cause));
}

void printClassSummary(std::ostream& out, const RunResults& run) {
    double total = 0, max = 0;
    out << fmt::format("{:<24} {:>8} {:>8}  {}\n", "student", "points", "of", "verdicts");
    for (const StudentResults& s : run.students) {
        std::string verdicts;
        auto add = [&](int n, std::string_view name) {
            if (n) verdicts += fmt::format("{}{} {}", verdicts.empty() ? "" : ", ", n, name);
        };
        for (int v = 0; v < static_cast<int>(Verdict::NotRun); ++v) add(s.count(static_cast<Verdict>(v)), verdictName(static_cast<Verdict>(v)));
        add(s.judgeErrors(), grader::kJudgeErrorName);
        add(s.count(Verdict::NotRun), verdictName(Verdict::NotRun));
        out << fmt::format("{:<24} {:>8g} {:>8g}  {}\n", terminalSafe(s.name), s.points(), s.maxPoints(), verdicts);
        if (const auto main = mainExplanationOf(run, s)) out << "    " << terminalSafe(main->line()) << "\n";
        total += s.points();
        max += s.maxPoints();
    }
    out << fmt::format("{} student(s), {:g} / {:g} points in all", run.students.size(), total, max);
    if (const int judgeErrors = run.judgeErrors()) {
        out << fmt::format("; {} judge error(s): run the same command again to retry them", judgeErrors);
    }
    out << "\n";
    printJudgeErrorCauses(out, run);
}

}  // namespace plyjudge::reports
