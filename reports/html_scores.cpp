// The TA's score table and the filters of the HTML report (html_parts.hpp).
#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "reports/board_svg.hpp"
#include "reports/html_parts.hpp"
#include "reports/similarity_report.hpp"
#include "reports/student_help.hpp"

namespace plyjudge::reports::html {

namespace {

// The suites in the run's order, each with the indices of its cases.
std::vector<std::pair<std::string, std::vector<std::size_t>>> suitesOf(const RunResults& run) {
    std::vector<std::pair<std::string, std::vector<std::size_t>>> suites;
    for (std::size_t i = 0; i < run.cases.size(); ++i) {
        auto it = std::find_if(suites.begin(), suites.end(), [&](const auto& s) { return s.first == run.cases[i].suite; });
        if (it == suites.end()) it = suites.insert(suites.end(), {run.cases[i].suite, {}});
        it->second.push_back(i);
    }
    return suites;
}

// A student's points in some cases, and the most they could get (judge errors never count against them).
std::pair<double, double> pointsIn(const StudentResults& student, const std::vector<std::size_t>& cases) {
    double points = 0, max = 0;
    for (std::size_t i : cases) {
        points += student.outcomes[i].points;
        max += student.outcomes[i].judgeError() ? 0 : student.outcomes[i].maxPoints;
    }
    return {points, max};
}

std::string pointsCell(double points, double max) {
    return fmt::format("<td class=\"num\" data-sort=\"{}\">{} / {}</td>", formatPoints(points), formatPoints(points), formatPoints(max));
}

std::string similarityCell(const RunResults& run, const std::vector<int>& partners) {
    if (partners.empty()) return "<td data-sort=\"\"></td>";
    std::string names;
    for (int p : partners) names += (names.empty() ? "" : ", ") + e(run.students[static_cast<std::size_t>(p)].name);
    return fmt::format("<td data-sort=\"{}\"><a class=\"flag\" href=\"#similarity\">same wrong output as {}</a></td>", partners.size(),
                       names);
}

}  // namespace

std::string suitePointsLine(const RunResults& run, const StudentResults& student) {
    std::string line;
    for (const auto& [suite, cases] : suitesOf(run)) {
        const auto [points, max] = pointsIn(student, cases);
        line += fmt::format("{}{} {} / {}", line.empty() ? "" : " &middot; ", e(suite), formatPoints(points), formatPoints(max));
    }
    return "<p class=\"suite-points\">" + line + "</p>";
}

std::string scoreTable(const RunResults& run) {
    const auto suites = suitesOf(run);
    const std::vector<std::vector<int>> partners = identicalWrongOutputPartners(run);
    std::string h = "<section id=\"scores\"><h2>Scores</h2><table id=\"score-table\" class=\"sortable\"><thead><tr><th>student</th>"
                    "<th>points</th>";
    for (const auto& [suite, cases] : suites) h += "<th>" + e(suite) + "</th>";
    h += "<th>main explanation</th><th>similarity</th></tr></thead><tbody>";
    for (std::size_t s = 0; s < run.students.size(); ++s) {
        const StudentResults& student = run.students[s];
        h += fmt::format("<tr data-student=\"{}\"><td data-sort=\"{}\"><a href=\"#{}\">{}</a></td>", s, e(student.name), studentAnchor(s),
                         e(student.name));
        h += pointsCell(student.points(), student.maxPoints());
        for (const auto& [suite, cases] : suites) {
            const auto [points, max] = pointsIn(student, cases);
            h += pointsCell(points, max);
        }
        h += "<td class=\"main\">" + e(studentHelpOf(run, student).mainLine) + "</td>";
        h += similarityCell(run, partners[s]) + "</tr>";
    }
    return h + "</tbody></table><p class=\"note-sort\" hidden>Click a column's header to sort by it.</p></section>";
}

std::string filterControls(const ClassGroups& groups) {
    std::map<std::string, int> verdicts, explanations;  // value -> students having it
    for (const std::vector<FailureGroup>& student : groups) {
        std::vector<std::string> seen;
        for (const FailureGroup& g : student) {
            for (const std::string& v : g.verdictCodes) seen.push_back("v" + v);
            seen.push_back("x" + g.label);
        }
        std::sort(seen.begin(), seen.end());
        seen.erase(std::unique(seen.begin(), seen.end()), seen.end());
        for (const std::string& v : seen) ++(v[0] == 'v' ? verdicts : explanations)[v.substr(1)];
    }
    auto options = [](const std::map<std::string, int>& values) {
        std::string o = "<option value=\"\">any</option>";
        for (const auto& [value, n] : values) o += fmt::format("<option value=\"{0}\">{0} ({1})</option>", e(value), n);
        return o;
    };
    return "<div id=\"filters\" class=\"filters\" hidden><strong>Show students with a failure of</strong> <label>verdict <select "
           "id=\"filter-verdict\">" + options(verdicts) + "</select></label><label>explanation <select id=\"filter-explanation\">" +
           options(explanations) + "</select></label><span id=\"filter-count\"></span></div>";
}

}  // namespace plyjudge::reports::html
