#include "reports/terminal_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <vector>

#include "common/escaping.hpp"
#include "common/report_text.hpp"

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

constexpr std::size_t kStderrTailLines = 3;    // what a warning quotes of the program's error output
constexpr std::size_t kStderrTailBytes = 200;  // per line

// The last few lines of what the program printed on stderr, each cut: what explains an exit status.
std::string stderrTail(const std::string& stderrHead) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start < stderrHead.size()) {
        std::size_t end = stderrHead.find('\n', start);
        if (end == std::string::npos) end = stderrHead.size();
        if (stderrHead.find_first_not_of(" \t\r", start) < end) lines.push_back(stderrHead.substr(start, end - start));
        start = end + 1;
    }
    if (lines.size() > kStderrTailLines) lines.erase(lines.begin(), lines.end() - kStderrTailLines);
    std::string tail;
    for (const std::string& line : lines) tail += cutForReport(line, kStderrTailBytes) + "\n";
    return tail;
}

// What is printed under a failed case: the same text for another case is printed once, and named after.
std::string failureBlock(const CaseResult& r, bool showDetail) {
    std::string block;
    if (!r.message.empty()) block += indent(r.message, "    ");
    if (const std::string why = caseExplanationLine(r); !why.empty()) block += indent(why, "    ");
    if (showDetail && !r.detail().empty()) block += indent(r.detail(), "    ");
    return block;
}

// Passed cases that warn the same way (exit_status: outputs and a non-zero status): the cases they are on.
struct WarningGroup {
    std::string message;
    std::vector<std::size_t> cases;  // indices into run.cases
};

void addWarning(std::vector<WarningGroup>& groups, const CaseResult& r, std::size_t i) {
    for (WarningGroup& g : groups) {
        if (g.message == r.message) {
            g.cases.push_back(i);
            return;
        }
    }
    groups.push_back({r.message, {i}});
}

// Each warning once: on how many cases, and the error output of the first, which says why.
void printWarnings(std::ostream& out, const RunResults& run, const StudentResults& s, const std::vector<WarningGroup>& groups) {
    for (const WarningGroup& g : groups) {
        const std::string first = run.cases[g.cases.front()].id();
        const std::string where = g.cases.size() == 1 ? "on " + first
                                                       : fmt::format("on {} cases; first on {}", g.cases.size(), first);
        const std::string tail = stderrTail(s.outcomes[g.cases.front()].stderrHead);
        out << terminalSafe(g.message) << " " << terminalSafe(where)
            << (tail.empty() ? ", with nothing on stderr\n" : ", its error output ends:\n") << indent(tail, "    ");
    }
}

constexpr std::size_t kRepeatsOnOneLine = 3;  // this many cases in a row repeating one failure share a line

// A case's line: its verdict, time and memory.
std::string caseLine(const RunResults& run, std::size_t i, const CaseResult& r) {
    std::string line = fmt::format("{:<28} {:<15} {:>6.2f}s {:>7.1f} MiB", terminalSafe(run.cases[i].id()), r.verdictText(),
                                   r.wallSeconds, static_cast<double>(r.peakMemoryBytes) / (1 << 20));
    if (!r.passed() && !r.diagnosisKind.empty()) line += "  [" + terminalSafe(r.diagnosisKind) + "]";
    return line;
}

// Cases that fail exactly as an earlier one did (the same compile error on every case), waiting to be printed: one
// line each, or, when there are enough of them in a row, one line for all.
struct Repeats {
    std::vector<std::size_t> cases;
    std::string first;  // the case whose failure they repeat
};

void flushRepeats(std::ostream& out, const RunResults& run, const StudentResults& s, Repeats& repeats) {
    const std::vector<std::size_t>& c = repeats.cases;
    if (c.size() >= kRepeatsOnOneLine) {
        out << fmt::format("{} … {} ({} cases)  {}  (as {})\n", terminalSafe(run.cases[c.front()].id()),
                           terminalSafe(run.cases[c.back()].id()), c.size(), s.outcomes[c.front()].verdictText(),
                           terminalSafe(repeats.first));
    } else {
        for (std::size_t i : c) out << caseLine(run, i, s.outcomes[i]) << "  (as " << terminalSafe(repeats.first) << ")\n";
    }
    repeats.cases.clear();
}

}  // namespace

void printCaseReport(std::ostream& out, const RunResults& run, const StudentResults& s, bool showDetail) {
    int shown = 0;
    std::map<std::string, std::string> firstWithBlock;  // a failure's text -> the first case it was printed under
    std::vector<WarningGroup> warnings;
    Repeats repeats;
    for (std::size_t i = 0; i < s.outcomes.size() && i < run.cases.size(); ++i) {
        const CaseResult& r = s.outcomes[i];
        if (!r.ran()) continue;
        ++shown;
        if (r.passed() && !r.message.empty()) addWarning(warnings, r, i);  // a warning (exit_status: outputs)
        // One compile error or one crash on every case is read once, not once per case.
        const std::string block = r.passed() ? std::string() : failureBlock(r, showDetail);
        const auto [seen, isNew] = firstWithBlock.emplace(block, run.cases[i].id());
        const bool repeat = !isNew && !block.empty();
        const bool sameRun = repeat && seen->second == repeats.first && !repeats.cases.empty() &&
                             s.outcomes[repeats.cases.back()].verdictText() == r.verdictText();
        if (!sameRun && !repeats.cases.empty()) flushRepeats(out, run, s, repeats);
        if (repeat) {
            repeats.first = seen->second;
            repeats.cases.push_back(i);
            continue;
        }
        out << caseLine(run, i, r) << "\n" << block;
    }
    if (!repeats.cases.empty()) flushRepeats(out, run, s, repeats);
    printWarnings(out, run, s, warnings);
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
