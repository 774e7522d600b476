#include "reports/student_help.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "grader/grade/missing_file_hint.hpp"
#include "reference/variant.hpp"

namespace plyjudge::reports {

namespace {

constexpr std::size_t kCasesNamed = 5;  // a hint names its first cases, then counts the others

std::string casesInShort(const std::vector<std::string>& cases) {
    if (cases.size() == 1) return "case " + cases.front();
    const std::size_t named = std::min(cases.size(), kCasesNamed);
    std::string out = fmt::format("cases {}", fmt::join(cases.begin(), cases.begin() + static_cast<std::ptrdiff_t>(named), ", "));
    if (cases.size() > named) out += fmt::format(" and {} more", cases.size() - named);
    return out;
}

}  // namespace

std::string StudentHelp::text() const {
    std::string out;
    if (!mainLine.empty()) out = "Main explanation: " + mainLine;
    for (const StudentHint& h : hints) {
        if (!out.empty()) out += "\n";
        out += "Hint: " + h.text;
        if (!h.cases.empty()) out += " (" + casesInShort(h.cases) + ")";
    }
    return out;
}

std::string caseHintOf(const RunResults& run, const CaseResult& result) {
    const Variant* variant = findVariant(run.variant);
    if (!variant || !result.ran() || result.passed()) return {};
    return grader::missingInputHint(result, *variant).value_or("");
}

StudentHelp studentHelpOf(const RunResults& run, const StudentResults& student) {
    StudentHelp help;
    if (const auto main = mainExplanationOf(run, student)) help.mainLine = main->line();
    for (std::size_t i = 0; i < student.outcomes.size() && i < run.cases.size(); ++i) {
        const std::string hint = caseHintOf(run, student.outcomes[i]);
        if (hint.empty()) continue;
        auto same = std::find_if(help.hints.begin(), help.hints.end(), [&](const StudentHint& h) { return h.text == hint; });
        if (same == help.hints.end()) same = help.hints.insert(help.hints.end(), StudentHint{hint, {}});
        same->cases.push_back(run.cases[i].id());
    }
    return help;
}

}  // namespace plyjudge::reports
