#include "reports/run_results.hpp"

#include <fmt/format.h>

#include <sstream>

namespace plyjudge::reports {

double StudentResults::points() const {
    double sum = 0;
    for (const CaseOutcome& o : outcomes) sum += o.points;
    return sum;
}

double StudentResults::maxPoints() const {
    double sum = 0;
    for (const CaseOutcome& o : outcomes) {
        if (!o.judgeError()) sum += o.maxPoints;
    }
    return sum;
}

int StudentResults::passedCount() const {
    int n = 0;
    for (const CaseOutcome& o : outcomes) n += o.passed();
    return n;
}

double StudentResults::seconds() const {
    double sum = 0;
    for (const CaseOutcome& o : outcomes) sum += o.wallSeconds;
    return sum;
}

int RunResults::caseIndex(const std::string& suite, const std::string& name) const {
    for (std::size_t i = 0; i < cases.size(); ++i) {
        if (cases[i].suite == suite && cases[i].name == name) return static_cast<int>(i);
    }
    return -1;
}

std::string verdictTitle(const std::string& verdict) {
    if (verdict == "ok") return "OK";
    std::string title = verdict;
    for (char& c : title) {
        if (c == '-') c = ' ';
    }
    return title;
}

std::string formatPoints(double points) {
    std::string s = fmt::format("{:.4f}", points);
    while (!s.empty() && s.back() == '0') s.pop_back();
    if (!s.empty() && s.back() == '.') s.pop_back();
    return s == "-0" ? "0" : s;
}

std::optional<FirstDifference> parseDifference(const std::string& detail) {
    std::istringstream in(detail);
    std::string line;
    if (!std::getline(in, line)) return std::nullopt;
    // First line: "FILE line N:"
    const std::size_t at = line.rfind(" line ");
    if (at == std::string::npos || line.empty() || line.back() != ':') return std::nullopt;
    FirstDifference d;
    d.file = line.substr(0, at);
    try {
        d.line = std::stoull(line.substr(at + 6, line.size() - at - 7));
    } catch (const std::exception&) {
        return std::nullopt;
    }
    bool sawExpected = false, sawActual = false;
    auto valueOf = [](const std::string& rest) -> std::optional<std::string> {
        if (rest == "(end of file)") return std::nullopt;
        return rest;
    };
    while (std::getline(in, line)) {
        if (!sawExpected && line.starts_with("  expected: ")) {
            d.expected = valueOf(line.substr(12));
            sawExpected = true;
        } else if (sawExpected && !sawActual && line.starts_with("  actual:   ")) {
            d.actual = valueOf(line.substr(12));
            sawActual = true;
        } else if (!sawExpected) {
            d.before.push_back(line.starts_with("  ") ? line.substr(2) : line);
        }
    }
    if (!sawExpected || !sawActual) return std::nullopt;
    return d;
}

}  // namespace plyjudge::reports
