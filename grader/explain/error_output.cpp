#include "grader/explain/error_output.hpp"

#include <fmt/format.h>

#include <map>
#include <vector>

#include "common/report_text.hpp"

namespace plyjudge::grader {

namespace {

constexpr std::size_t kErrorLineBytes = 240;  // a line quoted in a sentence, cut like the reports cut a line

std::string_view trimmed(std::string_view line) {
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    return line;
}

void explainStudent(StudentResults& s) {
    std::map<std::string, std::vector<CaseResult*>> byLine;
    int failed = 0;
    for (CaseResult& o : s.outcomes) {
        if (o.ran() && !o.passed() && !o.judgeError()) ++failed;
        if (o.verdict != Verdict::RuntimeError || o.explanation) continue;
        if (std::string line = errorLineOf(o.stderrHead); !line.empty()) byLine[line].push_back(&o);
    }
    for (auto& [line, cases] : byLine) {
        if (cases.size() < 2) continue;  // one run's error says no more than that run's own detail
        const std::string sentence = fmt::format("{} of your {} failed runs end with the same error: {}", cases.size(), failed,
                                                 cutForReport(line, kErrorLineBytes));
        // Named by its line: two errors are two findings, each with its own cases (the main line ranks them).
        const std::string name = "error-output: " + cutForReport(line, kErrorLineBytes);
        for (CaseResult* o : cases) o->explanation = Explanation{name, false, 0, sentence, {}, ExplanationKind::ErrorOutput};
    }
}

}  // namespace

std::string errorLineOf(std::string_view stderrHead) {
    std::string_view last;
    for (std::size_t start = 0; start < stderrHead.size();) {
        std::size_t end = stderrHead.find('\n', start);
        if (end == std::string_view::npos) end = stderrHead.size();
        const std::string_view line = trimmed(stderrHead.substr(start, end - start));
        if (line.starts_with("Exception in thread")) return std::string(line);
        if (!line.empty()) last = line;
        start = end + 1;
    }
    return std::string(last);
}

void explainByErrorOutput(RunResults& run) {
    for (StudentResults& s : run.students) explainStudent(s);
}

}  // namespace plyjudge::grader
