// The HTML report: one self-contained file (inline CSS and SVG, no script, nothing fetched) with a class
// overview (score distribution, the cases most often failed, the most common diagnoses) and one section
// per student: a table of the cases, then for each failed case its diagnosis, the position drawn as a
// board with the expected and the actual chosen moves ringed, and the first difference with context.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>

#include "reports/board_svg.hpp"
#include "reports/case_position.hpp"
#include "reports/report_formats.hpp"
#include "reports/similarity_report.hpp"

namespace plyjudge::reports {

namespace {

constexpr const char* kStyle = R"(
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;max-width:1100px;padding:1em 2em;color:#222}
h1{margin-bottom:.2em} h2{border-bottom:2px solid #ccc;padding-bottom:.2em;margin-top:2em}
table{border-collapse:collapse;margin:.5em 0} td,th{border:1px solid #ccc;padding:.25em .6em;text-align:left;vertical-align:top}
th{background:#f0f0f0} td.num{text-align:right}
.verdict-ok{color:#176b2c;font-weight:600} .verdict-fail{color:#b01515;font-weight:600} .verdict-other{color:#8a5a00;font-weight:600}
.note{background:#fff6d6;border:1px solid #e6cf7a;padding:.4em .8em}
.overview-grid{display:flex;flex-wrap:wrap;gap:2em}
.failure{border:1px solid #ddd;border-radius:6px;padding:.6em 1em;margin:1em 0;background:#fcfcfc}
.failure h3{margin:.2em 0}
.position{display:flex;gap:1.5em;align-items:flex-start;flex-wrap:wrap}
.legend span{display:inline-block;width:1em;height:1em;vertical-align:middle;margin-right:.3em}
pre.difference{background:#f6f6f6;padding:.5em;overflow-x:auto;font-size:90%;max-width:640px}
pre .expected{background:#dcf5e0;display:block} pre .actual{background:#fadcdc;display:block} pre .context{color:#666;display:block}
nav.students a{margin-right:1em}
)";

std::string e(std::string_view s) { return escapeXml(s); }

std::string verdictClass(const CaseResult& o) {
    if (o.passed()) return "verdict-ok";
    if (!o.ran() || o.judgeError()) return "verdict-other";
    return "verdict-fail";
}

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
    h += fmt::format("<p id=\"class-stats\">{} student(s), {} case(s). Mean score {:.0f}%, median {:.0f}%. {} student(s) passed "
                     "every case.</p>",
                     run.students.size(), run.cases.size(), mean * 100, median * 100, allPassed);
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

    h += "<nav class=\"students\"><strong>Students:</strong> ";
    for (std::size_t i = 0; i < run.students.size(); ++i) {
        h += fmt::format("<a href=\"#student-{}\">{}</a>", i + 1, e(run.students[i].name));
    }
    return h + "</nav></section>";
}

std::string differenceBlock(const CaseResult& o) {
    if (o.detail().empty()) return {};
    if (!o.difference) return "<pre class=\"difference\">" + e(o.detail()) + "</pre>";
    const FirstDifference& d = *o.difference;
    std::string h = fmt::format("<p>First difference: <code>{}</code> line {}.</p><pre class=\"difference\">", e(d.file), d.line);
    for (const std::string& b : d.before) h += "<span class=\"context\">  " + e(b) + "</span>";
    h += fmt::format("<span class=\"expected\">expected {:>6} | {}</span>", d.line, d.expected ? e(*d.expected) : "(end of file)");
    h += fmt::format("<span class=\"actual\">actual   {:>6} | {}</span>", d.line, d.actual ? e(*d.actual) : "(end of file)");
    return h + "</pre>";
}

std::string positionBlock(const RunResults& run, const CaseInfo& c, const CaseResult& o) {
    if (c.inputText.empty()) return {};
    std::optional<BoardPicture> board = positionPicture(run.variant, c.inputText);
    if (!board) return "<pre class=\"input\">" + e(c.inputText) + "</pre>";
    if (c.expectedMove) board->expectedCells = moveCells(run.variant, *board, c.expectedMove->name);
    if (o.actualMove) board->actualCells = moveCells(run.variant, *board, o.actualMove->name);
    std::string h = "<div class=\"position\">" + boardSvg(*board) + "<div class=\"legend\">";
    h += "<p>" + e(board->caption) + "</p>";
    // Which colour is which side, with the pieces drawn as on the board.
    auto disc = [](const char* fill) {
        return fmt::format("<svg width=\"14\" height=\"14\" aria-hidden=\"true\"><circle cx=\"7\" cy=\"7\" r=\"6\" fill=\"{}\" "
                           "stroke=\"#222\"/></svg>", fill);
    };
    h += fmt::format("<p class=\"sides\">{} {} &nbsp; {} {}</p>", disc("#222"), e(board->blackName), disc("#f4f4f4"), e(board->whiteName));
    h += fmt::format("<p class=\"expected-move\"><span style=\"border:3px solid #1a9c3a\"></span>expected move: <strong>{}</strong></p>",
                     c.expectedMove ? e(c.expectedMove->name) : "not known");
    h += fmt::format("<p class=\"actual-move\"><span style=\"border:3px dashed #d62020\"></span>actual move: <strong>{}</strong></p>",
                     o.actualMove   ? e(o.actualMove->name)
                     : o.difference ? std::string("not shown by the program's output")
                                    : "none (" + e(std::string(o.verdictText())) + ")");
    return h + "</div></div>";
}

std::string studentSection(const RunResults& run, const StudentResults& s, std::size_t index) {
    std::string h = fmt::format("<section class=\"student\" id=\"student-{}\"><h2>{} &mdash; {} / {} points</h2>", index + 1, e(s.name),
                                formatPoints(s.points()), formatPoints(s.maxPoints()));
    if (const auto main = mainExplanationOf(run, s)) {
        h += "<p class=\"explanation main-explanation\">Main explanation: " + e(main->line()) + "</p>";
    }
    h += "<table class=\"cases\"><tr><th>case</th><th>verdict</th><th>points</th><th>time (s)</th><th>diagnosis</th>"
         "<th>explanation</th></tr>";
    for (std::size_t i = 0; i < s.outcomes.size(); ++i) {
        const CaseResult& o = s.outcomes[i];
        h += fmt::format("<tr><td>{}</td><td class=\"{}\">{}</td><td class=\"num\">{} / {}</td><td class=\"num\">{:.2f}</td><td>{}</td>"
                         "<td class=\"explanation\">{}</td></tr>",
                         e(run.cases[i].id()), verdictClass(o), e(std::string(o.verdictText())), formatPoints(o.points),
                         formatPoints(o.maxPoints), o.wallSeconds, o.passed() ? "" : e(o.message),
                         o.passed() ? "" : e(caseExplanationLine(o)));
    }
    h += "</table>";
    for (std::size_t i = 0; i < s.outcomes.size(); ++i) {
        const CaseResult& o = s.outcomes[i];
        if (o.passed() || !o.ran()) continue;
        const CaseInfo& c = run.cases[i];
        h += fmt::format("<div class=\"failure\" data-case=\"{}\"><h3>{} &mdash; <span class=\"{}\">{}</span></h3>", e(c.id()), e(c.id()),
                         verdictClass(o), e(verdictWithCategory(o)));
        if (!o.message.empty()) h += "<p class=\"diagnosis\">" + e(o.message) + "</p>";
        if (const std::string why = caseExplanationLine(o); !why.empty()) h += "<p class=\"explanation\">" + e(why) + "</p>";
        h += positionBlock(run, c, o);
        h += differenceBlock(o);
        h += "</div>";
    }
    return h + "</section>";
}

}  // namespace

std::string renderHtml(const RunResults& run) {
    std::string h = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">";
    h += "<title>plyjudge report: " + e(run.title) + "</title><style>" + kStyle + "</style></head><body>";
    h += "<header><h1>plyjudge report: " + e(run.title) + "</h1>";
    h += fmt::format("<p>Variant {}. {}</p>", e(run.variant.empty() ? "unknown" : run.variant),
                     run.complete ? "Every case of every student was graded."
                                  : "<strong>The run is incomplete:</strong> some cases were not graded yet.");
    for (const std::string& n : run.notes) h += "<p class=\"note\">" + e(n) + "</p>";
    h += "</header>" + overview(run) + renderSimilaritySection(run);
    for (std::size_t i = 0; i < run.students.size(); ++i) h += studentSection(run, run.students[i], i);
    return h + "</body></html>\n";
}

}  // namespace plyjudge::reports
