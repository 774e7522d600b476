#include "reports/failure_groups.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

namespace plyjudge::reports {

namespace {

// What merges two failed cases (see the header), and the filter's name for it.
std::pair<std::string, std::string> keyAndLabel(const CaseResult& o) {
    if (o.judgeError()) return {"judge|" + o.message, std::string(o.verdictText())};
    if (o.explanation) {
        const grader::Explanation& x = *o.explanation;
        return {fmt::format("finding|{}|{}|{}|{}", static_cast<int>(x.kind), x.exact, x.fault, x.sentence),
                x.exact ? x.fault : "not exact: " + x.fault};
    }
    if (std::string line = caseExplanationLine(o); !line.empty()) return {"line|" + line, "not explained"};
    return {fmt::format("verdict|{}|{}", verdictWithCategory(o), o.message), std::string(o.verdictText())};
}

}  // namespace

std::vector<FailureGroup> failureGroupsOf(const StudentResults& student) {
    std::vector<FailureGroup> groups;
    std::map<std::string, std::size_t> byKey;
    for (std::size_t i = 0; i < student.outcomes.size(); ++i) {
        const CaseResult& o = student.outcomes[i];
        if (!o.ran() || o.passed()) continue;
        auto [key, label] = keyAndLabel(o);
        auto [at, fresh] = byKey.emplace(key, groups.size());
        if (fresh) groups.push_back(FailureGroup{caseExplanationLine(o), std::move(label), {}, {}});
        FailureGroup& g = groups[at->second];
        g.cases.push_back(i);
        const std::string code(o.verdictCodeText());
        if (std::find(g.verdictCodes.begin(), g.verdictCodes.end(), code) == g.verdictCodes.end()) g.verdictCodes.push_back(code);
    }
    return groups;
}

}  // namespace plyjudge::reports
