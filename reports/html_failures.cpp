// A student's failures in the HTML report (html_parts.hpp): one <details> per group of cases with the same
// explanation (failure_groups.hpp), its first case drawn in full (the board with the expected and actual moves, the
// first difference), the others named; and the table of every case, each explanation written once.
#include <fmt/format.h>

#include "reports/board_svg.hpp"
#include "reports/case_position.hpp"
#include "reports/html_parts.hpp"
#include "reports/student_help.hpp"
#include "reports/student_view.hpp"

namespace plyjudge::reports::html {

namespace {

constexpr const char* kWithheld = "&mdash;";  // what a student view shows where a hidden case withholds a value

std::string verdictClass(const CaseResult& o) {
    if (o.passed()) return "verdict-ok";
    if (!o.ran() || o.judgeError()) return "verdict-other";
    return "verdict-fail";
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

// One failed case in full: verdict, diagnosis, hint, board, first difference (its explanation is the group's).
std::string failureCard(const RunResults& run, const CaseInfo& c, const CaseResult& o, bool example) {
    std::string h = fmt::format("<div class=\"failure\" data-case=\"{}\"><h3>{}{} &mdash; <span class=\"{}\">{}</span></h3>", e(c.id()),
                                example ? "Example: " : "", e(c.id()), verdictClass(o), e(verdictWithCategory(o)));
    if (!o.message.empty()) h += "<p class=\"diagnosis\">" + e(o.message) + "</p>";
    if (const std::string hint = caseHintOf(run, o); !hint.empty() && o.message.find(hint) == std::string::npos) {
        h += "<p class=\"hint\">Hint: " + e(hint) + "</p>";
    }
    return h + positionBlock(run, c, o) + differenceBlock(o) + "</div>";
}

std::string groupSummary(const RunResults& run, const StudentResults& s, const FailureGroup& g) {
    const CaseResult& first = s.outcomes[g.cases.front()];
    const std::string what = g.line.empty() ? e(verdictWithCategory(first)) + (first.message.empty() ? "" : ": " + e(first.message))
                                            : e(g.line);
    if (g.cases.size() == 1) {
        return fmt::format("<summary><span class=\"count\">{}</span> &mdash; <span class=\"{}\">{}</span>{}</summary>",
                           e(run.cases[g.cases.front()].id()), verdictClass(first), e(verdictWithCategory(first)),
                           g.line.empty() ? "" : ": <span class=\"explanation\">" + what + "</span>");
    }
    if (g.line.empty()) return fmt::format("<summary><span class=\"count\">{} cases</span>: {}</summary>", g.cases.size(), what);
    return fmt::format("<summary><span class=\"count\">{} cases</span>: the same explanation &mdash; <span class=\"explanation\">{}</span>"
                       "</summary>", g.cases.size(), what);
}

}  // namespace

std::string studentAnchor(std::size_t student) { return fmt::format("student-{}", student + 1); }
std::string groupAnchor(std::size_t student, std::size_t group) { return fmt::format("student-{}-group-{}", student + 1, group + 1); }

std::string failureGroups(const RunResults& run, std::size_t student, const std::vector<FailureGroup>& groups, bool open) {
    const StudentResults& s = run.students[student];
    std::string h;
    for (std::size_t k = 0; k < groups.size(); ++k) {
        const FailureGroup& g = groups[k];
        std::string verdicts;
        for (const std::string& v : g.verdictCodes) verdicts += (verdicts.empty() ? "" : "|") + v;
        h += fmt::format("<details class=\"failure-group\" id=\"{}\" data-verdicts=\"{}\" data-explanation=\"{}\"{}>", groupAnchor(student, k),
                         e(verdicts), e(g.label), open ? " open" : "");
        h += groupSummary(run, s, g);
        const std::size_t example = g.cases.front();
        h += failureCard(run, run.cases[example], s.outcomes[example], g.cases.size() > 1);
        if (g.cases.size() > 1) {
            h += fmt::format("<p class=\"other-cases\">The other {} cases:", g.cases.size() - 1);
            for (std::size_t i = 1; i < g.cases.size(); ++i) {
                const CaseResult& o = s.outcomes[g.cases[i]];
                h += fmt::format(" <span class=\"case-name\" title=\"{}\">{}</span>{}", e(verdictWithCategory(o)), e(run.cases[g.cases[i]].id()),
                                 i + 1 < g.cases.size() ? "," : "");
            }
            h += "</p>";
        }
        h += "</details>";
    }
    return h;
}

std::string caseTable(const RunResults& run, std::size_t student, const std::vector<FailureGroup>& groups) {
    const StudentResults& s = run.students[student];
    // The group of each failed case, and whether it is the group's first (which shows the explanation).
    std::vector<std::pair<std::size_t, std::size_t>> groupOf(s.outcomes.size(), {groups.size(), 0});
    for (std::size_t k = 0; k < groups.size(); ++k) {
        for (std::size_t i : groups[k].cases) groupOf[i] = {k, groups[k].cases.front()};
    }
    std::string h = "<table class=\"cases\"><tr><th>case</th><th>verdict</th><th>points</th><th>time (s)</th><th>diagnosis</th>"
                    "<th>explanation</th></tr>";
    for (std::size_t i = 0; i < s.outcomes.size(); ++i) {
        const CaseResult& o = s.outcomes[i];
        const bool withheld = withheldFromStudents(run, i);
        std::string why;
        if (!o.passed()) {
            const auto [k, first] = groupOf[i];
            if (k < groups.size() && first != i && !groups[k].line.empty()) {
                why = fmt::format("same as <a href=\"#{}\">{}</a>", groupAnchor(student, k), e(run.cases[first].id()));
            } else {
                why = e(caseExplanationLine(o));
            }
        }
        const std::string diagnosis = o.passed() ? "" : e(o.message);
        h += fmt::format("<tr><td class=\"case\">{}</td><td class=\"{}\">{}</td><td class=\"num\">{} / {}</td><td class=\"num\">{}</td>"
                         "<td class=\"diagnosis\">{}</td>"
                         "<td class=\"explanation\">{}</td></tr>",
                         e(run.cases[i].id()), verdictClass(o), e(std::string(o.verdictText())), formatPoints(o.points),
                         formatPoints(o.maxPoints), withheld ? kWithheld : fmt::format("{:.2f}", o.wallSeconds),
                         withheld && diagnosis.empty() && !o.passed() ? kWithheld : diagnosis,
                         withheld && why.empty() && !o.passed() ? kWithheld : why);
    }
    return h + "</table>";
}

}  // namespace plyjudge::reports::html
