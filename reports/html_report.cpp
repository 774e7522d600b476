// The HTML report: one self-contained file (inline CSS, SVG and one small script, nothing fetched). For a class, a
// TA's page: the score table (sortable), the class overview (score distribution, the cases most often failed, the
// most common diagnoses), filters by verdict and explanation, then one section per student whose failures are
// grouped by explanation, each group collapsed (<details>) with one example drawn (the board with the expected and
// actual moves ringed, the first difference) and its other cases named. For one student, a student's page: no
// class figures, the groups open. The parts are in html_parts.hpp.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>

#include "reports/board_svg.hpp"
#include "reports/html_parts.hpp"
#include "reports/report_formats.hpp"
#include "reports/similarity_report.hpp"
#include "reports/student_help.hpp"

namespace plyjudge::reports {

namespace html {
std::string e(std::string_view s) { return escapeXml(s); }
}  // namespace html

namespace {

using html::e;

// What a failure is counted as in the overview: the diagnosis when there is one, else the verdict.
std::string diagnosisLabel(const CaseResult& o) { return o.diagnosisKind.empty() ? std::string(o.verdictText()) : o.diagnosisKind; }

std::string histogram(const RunResults& run) {
    std::array<int, 10> buckets{};
    for (const StudentResults& s : run.students) {
        const double max = s.maxPoints();
        const double share = max > 0 ? s.points() / max : 0;
        buckets[static_cast<std::size_t>(std::clamp(static_cast<int>(share * 10), 0, 9))]++;
    }
    const int highest = std::max(1, *std::max_element(buckets.begin(), buckets.end()));
    const int barWidth = 36, height = 120, top = 16, bottom = 34;
    std::string s = fmt::format("<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"score-distribution\" width=\"{0}\" height=\"{1}\" "
                                "viewBox=\"0 0 {0} {1}\" role=\"img\" aria-label=\"score distribution\">",
                                10 * barWidth + 10, height + top + bottom);
    for (int i = 0; i < 10; ++i) {
        const int h = buckets[static_cast<std::size_t>(i)] * height / highest;
        const int x = 5 + i * barWidth;
        s += fmt::format("<rect class=\"bar\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#4a78b5\"/>", x + 3, top + height - h,
                         barWidth - 6, h);
        s += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\">{}</text>", x + barWidth / 2,
                         top + height - h - 3, buckets[static_cast<std::size_t>(i)]);
        s += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"10\" text-anchor=\"middle\" fill=\"#555\">{}%{}</text>", x + barWidth / 2,
                         top + height + 14, i * 10, i == 9 ? "+" : "");
    }
    s += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\" fill=\"#555\">share of the points</text>",
                     5 * barWidth + 5, top + height + 30);
    return s + "</svg>";
}

std::string overview(const RunResults& run) {
    std::vector<double> shares;
    for (const StudentResults& s : run.students) shares.push_back(s.maxPoints() > 0 ? s.points() / s.maxPoints() : 0);
    std::sort(shares.begin(), shares.end());
    double mean = 0;
    for (double v : shares) mean += v;
    if (!shares.empty()) mean /= static_cast<double>(shares.size());
    const double median = shares.empty() ? 0
                          : shares.size() % 2 ? shares[shares.size() / 2]
                                              : (shares[shares.size() / 2 - 1] + shares[shares.size() / 2]) / 2;
    int allPassed = 0;
    for (const StudentResults& s : run.students) allPassed += s.passedCount() == static_cast<int>(run.cases.size());

    std::string h = "<section id=\"overview\"><h2>Class overview</h2>";
    h += fmt::format("<p id=\"class-stats\">{} students, {} cases. Mean score {:.0f}%, median {:.0f}%. {} passed every case.</p>",
                     run.students.size(), run.cases.size(), mean * 100, median * 100,
                     allPassed == 1 ? "1 student" : fmt::format("{} students", allPassed));
    h += "<div class=\"overview-grid\"><figure><figcaption>Score distribution (students per 10% band)</figcaption>" + histogram(run) +
         "</figure>";

    // The cases most often failed (judge errors and cases not run are not failures of the student).
    std::vector<std::pair<int, std::size_t>> failedCases;
    for (std::size_t i = 0; i < run.cases.size(); ++i) {
        int failed = 0;
        for (const StudentResults& s : run.students) failed += s.outcomes[i].ran() && !s.outcomes[i].judgeError() && !s.outcomes[i].passed();
        if (failed > 0) failedCases.emplace_back(-failed, i);
    }
    std::sort(failedCases.begin(), failedCases.end());
    h += "<table id=\"most-failed\"><caption>Cases most often failed</caption><tr><th>case</th><th>students failing</th></tr>";
    for (std::size_t k = 0; k < failedCases.size() && k < 10; ++k) {
        h += fmt::format("<tr><td>{}</td><td class=\"num\">{}</td></tr>", e(run.cases[failedCases[k].second].id()), -failedCases[k].first);
    }
    if (failedCases.empty()) h += "<tr><td colspan=\"2\">none</td></tr>";
    h += "</table>";

    std::map<std::string, int> diagnoses;
    for (const StudentResults& s : run.students) {
        for (const CaseResult& o : s.outcomes) {
            if (o.ran() && !o.passed()) diagnoses[diagnosisLabel(o)]++;
        }
    }
    std::vector<std::pair<int, std::string>> common;
    for (const auto& [label, n] : diagnoses) common.emplace_back(-n, label);
    std::sort(common.begin(), common.end());
    h += "<table id=\"common-diagnoses\"><caption>Most common diagnoses</caption><tr><th>diagnosis</th><th>failed runs</th></tr>";
    for (std::size_t k = 0; k < common.size() && k < 10; ++k) {
        h += fmt::format("<tr><td>{}</td><td class=\"num\">{}</td></tr>", e(common[k].second), -common[k].first);
    }
    if (common.empty()) h += "<tr><td colspan=\"2\">none</td></tr>";
    h += "</table></div>";

    return h + "</section>";
}

std::string helpBlock(const StudentHelp& help) {
    std::string h;
    if (!help.mainLine.empty()) h += "<p class=\"explanation main-explanation\">Main explanation: " + e(help.mainLine) + "</p>";
    if (help.hints.empty()) return h;
    h += "<ul class=\"hints\">";
    for (const StudentHint& hint : help.hints) {
        h += "<li>Hint: " + e(hint.text) + " <span class=\"hint-cases\">(" + std::to_string(hint.cases.size()) +
             (hint.cases.size() == 1 ? " case" : " cases") + ")</span></li>";
    }
    return h + "</ul>";
}

// One student's section: the points, the help `check` gives, the failures grouped and the table of every case
// (`studentPage`: the only student, everything open; in a class, collapsed until the TA opens it).
std::string studentSection(const RunResults& run, std::size_t index, const std::vector<FailureGroup>& groups, bool studentPage) {
    const StudentResults& s = run.students[index];
    std::string h = fmt::format("<section class=\"student\" id=\"{}\" data-student=\"{}\"><h2>{} &mdash; {} / {} points</h2>",
                                html::studentAnchor(index), index, e(s.name), formatPoints(s.points()), formatPoints(s.maxPoints()));
    if (studentPage) h += html::suitePointsLine(run, s);
    h += helpBlock(studentHelpOf(run, s));
    std::size_t failed = 0;
    for (const FailureGroup& g : groups) failed += g.cases.size();
    if (groups.empty()) {
        h += "<p class=\"all-passed\">No failed case.</p>";
    } else {
        h += fmt::format("<p class=\"failures-heading\">{} failed {}, grouped by explanation{}:</p>", failed, failed == 1 ? "case" : "cases",
                         studentPage ? "" : " (open a group to see an example)");
    }
    h += html::failureGroups(run, index, groups, studentPage);
    h += fmt::format("<details class=\"all-cases\"{}><summary>All {} cases ({} passed)</summary>", studentPage ? " open" : "",
                     s.outcomes.size(), s.passedCount());
    h += html::caseTable(run, index, groups) + "</details>";
    if (!studentPage) h += "<p class=\"back\"><a href=\"#top\">back to top</a></p>";
    return h + "</section>";
}

std::string gradedLine(const RunResults& run) {
    if (!run.complete) return "<strong>The run is incomplete:</strong> some cases were not graded yet.";
    return run.students.size() == 1 ? "Every case was graded." : "Every case of every student was graded.";
}

}  // namespace

std::string renderHtml(const RunResults& run) {
    const bool studentPage = run.students.size() == 1;
    html::ClassGroups groups;
    for (const StudentResults& s : run.students) groups.push_back(failureGroupsOf(s));
    const std::string title = studentPage ? run.title + " — " + run.students.front().name : run.title;
    std::string h = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">";
    h += "<title>plyjudge report: " + e(title) + "</title><style>" + html::kStyle + "</style></head><body>";
    h += "<header id=\"top\"><h1>plyjudge report: " + e(title) + "</h1>";
    h += fmt::format("<p>Variant {}. {}</p>", e(run.variant.empty() ? "unknown" : run.variant), gradedLine(run));
    for (const std::string& n : run.notes) h += "<p class=\"note\">" + e(n) + "</p>";
    h += "</header>";
    if (!studentPage) h += html::scoreTable(run) + overview(run) + renderSimilaritySection(run) + html::filterControls(groups);
    for (std::size_t i = 0; i < run.students.size(); ++i) h += studentSection(run, i, groups[i], studentPage);
    return h + "<script>" + html::kScript + "</script></body></html>\n";
}

}  // namespace plyjudge::reports
