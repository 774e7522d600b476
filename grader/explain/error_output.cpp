#include "grader/explain/error_output.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <utility>
#include <vector>

#include "common/report_text.hpp"
#include "reference/core/input_text.hpp"

namespace plyjudge::grader {

namespace {

constexpr std::size_t kErrorLineBytes = 240;  // a line quoted in a sentence, cut like the reports cut a line

// A Python frame line, `File "PATH", line N, in FUNC`, as "BASENAME line N, in FUNC"; empty for another line or a
// frame of the interpreter's own library.
std::string pythonFrame(std::string_view line) {
    if (!line.starts_with("File \"")) return "";
    const std::size_t close = line.find('"', 6);
    if (close == std::string_view::npos) return "";
    const std::string_view path = line.substr(6, close - 6);
    if (path.starts_with("/usr/") || path.starts_with("<") || path.find("/lib/python") != std::string_view::npos) return "";
    const std::size_t slash = path.rfind('/');
    return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1)) + std::string(line.substr(close + 2));
}

// The places the cases' errors were raised at, most common first, with how many cases each.
std::vector<std::pair<std::string, std::size_t>> placesOf(const std::vector<CaseResult*>& cases) {
    std::map<std::string, std::size_t> count;
    for (const CaseResult* o : cases) {
        if (std::string place = errorPlaceOf(o->stderrHead); !place.empty()) ++count[place];
    }
    std::vector<std::pair<std::string, std::size_t>> places(count.begin(), count.end());
    std::stable_sort(places.begin(), places.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    return places;
}

// ", raised at P" when every case says so; else the two most common places with their counts.
std::string placeClause(const std::vector<CaseResult*>& cases) {
    const auto places = placesOf(cases);
    if (places.empty()) return "";
    const auto quoted = [](const std::string& place) { return cutForReport(place, kErrorLineBytes); };
    if (places.front().second == cases.size()) return ", raised at " + quoted(places.front().first);
    std::string clause = fmt::format(", raised at {} ({} of them)", quoted(places[0].first), places[0].second);
    if (places.size() > 1) clause += fmt::format(" and at {} ({})", quoted(places[1].first), places[1].second);
    return clause;
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
        const std::string sentence = fmt::format("{} of your {} failed runs end with the same error: {}{}", cases.size(), failed,
                                                 cutForReport(line, kErrorLineBytes), placeClause(cases));
        // Named by its line: two errors are two findings, each with its own cases (the main line ranks them).
        const std::string name = "error-output: " + cutForReport(line, kErrorLineBytes);
        for (CaseResult* o : cases) o->explanation = Explanation{name, false, 0, sentence, {}, ExplanationKind::ErrorOutput};
    }
}

}  // namespace

std::string errorLineOf(std::string_view stderrHead) {
    std::string_view last;
    for (const std::string_view line : splitOn(stderrHead, '\n')) {
        if (line.starts_with("Exception in thread")) return std::string(line);
        if (!line.empty()) last = line;
    }
    return std::string(last);
}

std::string errorPlaceOf(std::string_view stderrHead) {
    const std::vector<std::string_view> lines = splitOn(stderrHead, '\n');
    const std::string error = errorLineOf(stderrHead);
    std::string place;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (lines[i].starts_with("at ") && lines[i].ends_with(")")) return std::string(lines[i]);  // Java: the top frame
        std::string frame = pythonFrame(lines[i]);
        if (frame.empty()) continue;
        const bool hasSource = i + 1 < lines.size() && !lines[i + 1].starts_with("File \"") && !lines[i + 1].empty() &&
                               lines[i + 1] != error;
        place = hasSource ? frame + ": " + std::string(lines[i + 1]) : frame;  // the innermost frame wins
    }
    return place;
}

std::string errorFileLineOf(std::string_view stderrHead) {
    const std::string place = errorPlaceOf(stderrHead);
    if (place.starts_with("at ")) return place;
    return place.substr(0, place.find(", in "));
}

std::vector<std::string> quotedTexts(std::string_view errorLine) {
    std::vector<std::string> out;
    for (std::size_t at = 0; at < errorLine.size(); ++at) {
        const char quote = errorLine[at];
        if (quote != '\'' && quote != '"') continue;
        const std::size_t end = errorLine.find(quote, at + 1);
        if (end == std::string_view::npos) break;
        if (end - at - 1 >= 4) out.emplace_back(errorLine.substr(at + 1, end - at - 1));
        at = end;
    }
    return out;
}

void explainByErrorOutput(RunResults& run) {
    for (StudentResults& s : run.students) explainStudent(s);
}

}  // namespace plyjudge::grader
