// The HTML page of `plyjudge similarity` (similarity_report.hpp): the ranked table, then per pair the shared
// failures with both students' first differences, and the shared code fragments side by side. Everything from
// submissions (names, outputs, sources) is escaped (escapeXml).
#include <fmt/format.h>

#include <algorithm>

#include "reports/board_svg.hpp"
#include "reports/similarity_report.hpp"

namespace plyjudge::reports {

using grader::CaseResult;
using grader::SharedFailure;
using grader::SimilarityReport;
using grader::SimilarPair;

namespace {

constexpr const char* kStyle =
    "body{font-family:sans-serif;margin:2em;max-width:90em}table{border-collapse:collapse}td,th{border:1px solid #ccc;"
    "padding:.2em .5em}td.num{text-align:right}.notice{background:#fff4d6;padding:.5em}.side{display:flex;gap:1em}"
    ".side>div{flex:1 1 0;min-width:0}.side pre{background:#f6f6f6;padding:.5em;overflow:auto;max-height:30em;white-space:pre-wrap;"
    "overflow-wrap:anywhere}pre.difference{background:#f6f6f6;padding:.5em;white-space:pre-wrap;overflow-wrap:anywhere}"
    "td{overflow-wrap:anywhere}";
constexpr int kFragmentLines = 60;  // lines shown of one side of a fragment

std::string e(std::string_view s) { return escapeXml(s); }

const std::string& nameOf(const SimilarityReport& r, int i) { return r.students[static_cast<std::size_t>(i)]; }

std::string differenceOf(const CaseResult& o, const std::string& anchor) {
    std::string h = fmt::format("<pre class=\"difference\" id=\"{}\">", anchor);
    if (!o.difference) return h + e(o.detail().substr(0, 2000)) + "</pre>";
    const grader::FirstDifference& d = *o.difference;
    h += fmt::format("{} line {}\n", e(d.file), d.line);
    for (const std::string& b : d.before) h += "  " + e(b) + "\n";
    h += "expected: " + (d.expected ? e(*d.expected) : std::string("(end of file)")) + "\n";
    h += "actual:   " + (d.actual ? e(*d.actual) : std::string("(end of file)")) + "\n";
    return h + "</pre>";
}

std::string sharedSection(const SimilarityReport& report, const grader::RunResults& run, const SimilarPair& p, int k) {
    if (p.shared.empty()) return "<p>No shared failure.</p>";
    std::string h = "<h3>Shared failures</h3><ul>";
    for (const SharedFailure& f : p.shared) {
        const std::string id = report.cases[static_cast<std::size_t>(f.caseIndex)].id();
        h += fmt::format("<li>{} &mdash; {} shared by {} of {} students, weight {:.2f}{}{}: <a href=\"#pair-{}-{}-a\">{}</a>, "
                         "<a href=\"#pair-{}-{}-b\">{}</a></li>",
                         e(id), f.kind == grader::SharedFailureKind::WrongOutput ? "identical wrong output" : "the same runtime error",
                         f.sharedBy, f.graded, f.weight, f.catalogued.empty() ? "" : " (a catalogued mistake: " + e(f.catalogued) + ")",
                         f.errorLine.empty() ? "" : " (" + e(f.errorLine) + ", " + e(f.errorPlace) + ")", k, f.caseIndex,
                         e(nameOf(report, p.a)), k, f.caseIndex, e(nameOf(report, p.b)));
    }
    h += "</ul>";
    for (const SharedFailure& f : p.shared) {
        const auto c = static_cast<std::size_t>(f.caseIndex);
        h += "<h4>" + e(report.cases[c].id()) + "</h4><div class=\"side\"><div><p>" + e(nameOf(report, p.a)) + "</p>";
        h += differenceOf(run.students[static_cast<std::size_t>(p.a)].outcomes[c], fmt::format("pair-{}-{}-a", k, f.caseIndex));
        h += "</div><div><p>" + e(nameOf(report, p.b)) + "</p>";
        h += differenceOf(run.students[static_cast<std::size_t>(p.b)].outcomes[c], fmt::format("pair-{}-{}-b", k, f.caseIndex));
        h += "</div></div>";
    }
    return h;
}

// Lines first..last (0-based, inclusive) of a joined source text, at most kFragmentLines of them.
std::string linesOf(const grader::SubmissionSources& s, int first, int last) {
    std::string out;
    int line = 0;
    std::size_t start = 0;
    while (start < s.text.size() && line <= last) {
        const std::size_t end = std::min(s.text.find('\n', start), s.text.size());
        if (line >= first && line - first < kFragmentLines) out += s.text.substr(start, end - start) + "\n";
        start = end + 1;
        ++line;
    }
    if (last - first + 1 > kFragmentLines) out += fmt::format("... ({} more lines)\n", last - first + 1 - kFragmentLines);
    return out;
}

std::string codeSection(const SimilarityReport& report, const SimilarPair& p) {
    if (report.sources.empty() || p.fragments.empty()) return "";
    const auto& left = report.sources[static_cast<std::size_t>(p.a)];
    const auto& right = report.sources[static_cast<std::size_t>(p.b)];
    std::string h = "<h3>Shared code (Dolos fragments, the longest in k-grams first)</h3>";
    for (const grader::CodeFragment& f : p.fragments) {
        const auto [lf, ll] = grader::sourceLineOf(left, f.leftFirst);
        const auto [rf, rl] = grader::sourceLineOf(right, f.rightFirst);
        h += fmt::format("<div class=\"side\"><div><p>{}: {} lines {}-{}</p><pre>{}</pre></div><div><p>{}: {} lines {}-{}</p><pre>{}</pre>"
                         "</div></div>",
                         e(nameOf(report, p.a)), e(lf), ll, ll + f.leftLast - f.leftFirst, e(linesOf(left, f.leftFirst, f.leftLast)),
                         e(nameOf(report, p.b)), e(rf), rl, rl + f.rightLast - f.rightFirst,
                         e(linesOf(right, f.rightFirst, f.rightLast)));
    }
    return h;
}

}  // namespace

std::string renderSimilarityHtml(const SimilarityReport& report, const grader::RunResults& run, int top) {
    std::string h = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Similar submissions: " + e(report.title) +
                    "</title><style>" + kStyle + "</style></head><body><h1>Similar submissions: " + e(report.title) + "</h1>";
    h += std::string("<p class=\"notice\">This list is ") + kSimilarityNotice + ".</p>";
    for (const std::string& n : report.notes) h += "<p class=\"note\">" + e(n) + "</p>";
    h += "<table id=\"similar-pairs\"><tr><th>#</th><th>student A</th><th>student B</th><th>behaviour</th><th>code</th>"
         "<th>shared failures</th></tr>";
    const int shown = std::min<int>(top, static_cast<int>(report.pairs.size()));
    for (int k = 0; k < shown; ++k) {
        const SimilarPair& p = report.pairs[static_cast<std::size_t>(k)];
        h += fmt::format("<tr><td><a href=\"#pair-{0}\">{0}</a></td><td>{1}</td><td>{2}</td><td class=\"num\">{3:.2f}</td>"
                         "<td class=\"num\">{4}</td><td class=\"num\">{5}</td></tr>",
                         k + 1, e(nameOf(report, p.a)), e(nameOf(report, p.b)), p.behaviour,
                         p.code ? fmt::format("{:.2f}", *p.code) : std::string("-"), p.shared.size());
    }
    h += "</table>";
    for (int k = 0; k < shown; ++k) {
        const SimilarPair& p = report.pairs[static_cast<std::size_t>(k)];
        h += fmt::format("<section class=\"pair\" id=\"pair-{}\"><h2>{}. {} and {}</h2>", k + 1, k + 1, e(nameOf(report, p.a)),
                         e(nameOf(report, p.b)));
        h += sharedSection(report, run, p, k + 1) + codeSection(report, p) + "</section>";
    }
    return h + "</body></html>\n";
}

namespace {

// The pairs grade's report lists: those sharing an identical wrong output, best first, at most kListedPairs.
struct ListedPair {
    int a = -1, b = -1;
    double score = 0;
    std::string cases;  // escaped HTML: the shared wrong cases, with a catalogued mistake when known
};

constexpr int kListedPairs = 10;

std::vector<ListedPair> identicalWrongOutputPairs(const grader::RunResults& run) {
    std::vector<ListedPair> listed;
    for (const grader::BehaviourPair& p : grader::compareBehaviour(run).pairs) {
        ListedPair pair{p.a, p.b, 0, ""};
        for (const SharedFailure& f : p.shared) {
            if (f.kind != grader::SharedFailureKind::WrongOutput) continue;
            pair.score += f.weight;
            pair.cases += (pair.cases.empty() ? "" : ", ") + e(run.cases[static_cast<std::size_t>(f.caseIndex)].id()) +
                          (f.catalogued.empty() ? "" : " (" + e(f.catalogued) + ")");
        }
        if (pair.cases.empty()) continue;
        if (static_cast<int>(listed.size()) == kListedPairs) break;
        listed.push_back(std::move(pair));
    }
    return listed;
}

}  // namespace

std::string renderSimilaritySection(const grader::RunResults& run) {
    std::string rows;
    for (const ListedPair& p : identicalWrongOutputPairs(run)) {
        rows += fmt::format("<tr><td><a href=\"#student-{}\">{}</a></td><td><a href=\"#student-{}\">{}</a></td><td class=\"num\">{:.2f}</td>"
                            "<td>{}</td></tr>",
                            p.a + 1, e(run.students[static_cast<std::size_t>(p.a)].name), p.b + 1,
                            e(run.students[static_cast<std::size_t>(p.b)].name), p.score, p.cases);
    }
    if (rows.empty()) return "";
    return std::string("<section id=\"similarity\"><h2>Identical wrong outputs</h2><p class=\"note\">Pairs of students whose "
                       "programs wrote the same wrong output on a case, weighted by how rare it is in the class: ") +
           kSimilarityNotice + ". <code>plyjudge similarity</code> adds crashes at the same place and code similarity.</p>"
           "<table><tr><th>student A</th><th>student B</th><th>behaviour</th><th>shared wrong cases</th></tr>" + rows + "</table></section>";
}

std::vector<std::vector<int>> identicalWrongOutputPartners(const grader::RunResults& run) {
    std::vector<std::vector<int>> partners(run.students.size());
    for (const ListedPair& p : identicalWrongOutputPairs(run)) {
        partners[static_cast<std::size_t>(p.a)].push_back(p.b);
        partners[static_cast<std::size_t>(p.b)].push_back(p.a);
    }
    return partners;
}

}  // namespace plyjudge::reports
