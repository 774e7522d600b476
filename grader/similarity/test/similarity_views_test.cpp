// The views of `plyjudge similarity` (reports/similarity_report.hpp): the JSON's contract, the notice, and names,
// outputs and sources from submissions escaped for the terminal and the HTML page.
#include <gtest/gtest.h>

#include "reports/report_formats.hpp"
#include "reports/similarity_report.hpp"
#include "reports/student_view.hpp"

using namespace plyjudge::grader;
using namespace plyjudge::reports;

namespace {

// Two students (one named to attack a terminal, one a page) sharing one wrong output and one code fragment.
std::pair<SimilarityReport, RunResults> hostileReport() {
    RunResults run;
    run.title = "hw";
    CaseInfo info;
    info.suite = "hidden";
    info.name = "case1";
    run.cases.push_back(info);
    for (const char* name : {"\x1b]0;owned\x07mallory", "<script>alert(1)</script>"}) {
        StudentResults s;
        s.name = name;
        CaseResult r;
        r.verdict = Verdict::WrongAnswer;
        FirstDifference d;
        d.file = "traverse_log.txt";
        d.line = 2;
        d.before = {"root,0,1"};
        d.expected = "A1,1,2";
        d.actual = "</pre><img src=x onerror=alert(2)>";
        r.difference = d;
        s.outcomes.push_back(r);
        run.students.push_back(s);
    }
    SimilarityReport report;
    report.title = run.title;
    report.cases = run.cases;
    for (const auto& s : run.students) report.students.push_back(s.name);
    SimilarPair p;
    p.a = 0;
    p.b = 1;
    p.behaviour = 1.5;
    p.code = 0.9;
    SharedFailure f;
    f.caseIndex = 0;
    f.sharedBy = 2;
    f.graded = 10;
    f.weight = 1.5;
    p.shared.push_back(f);
    p.fragments.push_back(CodeFragment{});
    report.pairs.push_back(p);
    for (int i = 0; i < 2; ++i) {
        SubmissionSources s;
        s.language = "python";
        s.text = "x = '</pre><script>steal()</script>'\n";
        s.parts.push_back({"main.py", 0});
        report.sources.push_back(s);
    }
    return {report, run};
}

}  // namespace

TEST(SimilarityViews, JsonKeepsTheContractNames) {
    const auto [report, run] = hostileReport();
    std::string json = renderSimilarityJson(report);
    std::erase_if(json, [](char c) { return c == ' ' || c == '\n'; });  // the layout is not the contract
    for (const char* key : {"\"pairs\":[", "\"students\":[", "\"behaviour\":1.5", "\"code\":0.9", "\"shared_cases\":[",
                            "\"case\":\"hidden/case1\"", "\"notice\":"}) {
        EXPECT_NE(json.find(key), std::string::npos) << key << " in " << json;
    }
    EXPECT_EQ(json.find('\x1b'), std::string::npos);  // JSON escapes control characters
}

TEST(SimilarityViews, TheTerminalTableSaysWhatItIsAndPassesNoControlCharacter) {
    const auto [report, run] = hostileReport();
    const std::string table = renderSimilarityTable(report, 10);
    EXPECT_NE(table.find("evidence for a person to review, not a verdict"), std::string::npos) << table;
    EXPECT_EQ(table.find('\x1b'), std::string::npos) << table;
    EXPECT_EQ(table.find('\x07'), std::string::npos) << table;
    EXPECT_NE(table.find("\\x1b]0;owned"), std::string::npos) << table;
    EXPECT_NE(table.find("hidden/case1"), std::string::npos) << table;
}

TEST(SimilarityViews, ALongNameIsCutBetweenCharacters) {
    auto [report, run] = hostileReport();
    report.students[0] = std::string(20, 'a') + "\xc3\xa9\xc3\xa9\xc3\xa9";  // the cut falls inside an é
    const std::string table = renderSimilarityTable(report, 10);
    EXPECT_NE(table.find(std::string(20, 'a') + "..."), std::string::npos) << table;
    EXPECT_EQ(table.find(std::string(20, 'a') + "\xc3..."), std::string::npos) << table;  // half a character
}

TEST(SimilarityViews, TheHtmlPageEscapesNamesOutputsAndSources) {
    const auto [report, run] = hostileReport();
    const std::string html = renderSimilarityHtml(report, run, 10);
    EXPECT_EQ(html.find("<script>"), std::string::npos);
    EXPECT_EQ(html.find("<img"), std::string::npos);
    EXPECT_NE(html.find("&lt;script&gt;alert(1)"), std::string::npos);
    EXPECT_NE(html.find("steal()"), std::string::npos);  // the shared code is shown, escaped
    EXPECT_NE(html.find("id=\"pair-1-0-a\""), std::string::npos);  // both first differences have anchors
    EXPECT_NE(html.find("id=\"pair-1-0-b\""), std::string::npos);
    EXPECT_NE(html.find("not a verdict"), std::string::npos);
}

TEST(SimilarityViews, GradesHtmlReportListsIdenticalWrongOutputsForTheTaOnly) {
    auto [report, run] = hostileReport();
    for (auto& s : run.students) s.outcomes[0].outputDigest = "same";
    StudentResults other;  // a third student, so that two of three is rare enough to weigh
    other.name = "carol";
    other.outcomes.push_back(CaseResult{});
    other.outcomes[0].verdict = Verdict::Ok;
    run.students.push_back(other);
    const std::string ta = renderHtml(run);
    EXPECT_NE(ta.find("<section id=\"similarity\">"), std::string::npos);
    EXPECT_NE(ta.find("href=\"#student-2\""), std::string::npos);
    EXPECT_NE(ta.find("not a verdict"), std::string::npos);
    // The report's own inline script (sorting, filters) is its only one: the hostile name stays text.
    EXPECT_EQ(ta.find("<script>alert"), std::string::npos);
    EXPECT_EQ(ta.find("<script>"), ta.rfind("<script>"));
    const std::string students = renderHtml(forStudents(run));
    EXPECT_EQ(students.find("id=\"similarity\""), std::string::npos);
}
