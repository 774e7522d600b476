#include "reports/results_model.hpp"

#include <fmt/format.h>

namespace plyjudge::reports {

std::string formatPoints(double points) {
    std::string s = fmt::format("{:.4f}", points);
    while (!s.empty() && s.back() == '0') s.pop_back();
    if (!s.empty() && s.back() == '.') s.pop_back();
    return s == "-0" ? "0" : s;
}

std::string verdictWithCategory(const CaseResult& o) {
    const std::string verdict(o.verdictText());
    return o.diagnosisKind.empty() ? verdict : fmt::format("{} (category: {})", verdict, o.diagnosisKind);
}

}  // namespace plyjudge::reports
