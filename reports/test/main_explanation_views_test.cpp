// Every view shows a student's main explanation (grader/results/main_explanation.hpp) and each failed case's:
// grade's terminal summary (escaped), check's last line, the HTML case table, the JSON and Gradescope, which
// shows nothing of a hidden case to find it.
#include <gtest/gtest.h>

#include <sstream>

#include "reports/report_formats.hpp"
#include "reports/terminal_report.hpp"
#include "reports/test/report_test_support.hpp"

namespace plyjudge::reports {
namespace {

// bob fails the three cases of the sample run; case1 (published) is explained exactly, by a sentence that
// quotes what a program wrote, escape included.
RunResults runWithBobExplained() {
    RunResults run = testing::sampleRun();
    run.students[2].outcomes[0].explanation =
        grader::Explanation{"strict-pruning", true, 5, "Your program wrote \"\x1b[2Jboom\" where a cut-off belongs.", {}};
    return run;
}

RunResults onlyBob(RunResults run) {
    std::erase_if(run.students, [](const StudentResults& s) { return s.name != "bob"; });
    return run;
}

TEST(MainExplanationViews, GradeSummaryShowsItOnOneEscapedLine) {
    std::ostringstream out;
    printClassSummary(out, runWithBobExplained());
    const std::string text = out.str();
    EXPECT_NE(text.find("\n    explained: strict-pruning (explains 1 of 3 failed cases) — Your program wrote \"\\x1b[2Jboom\" where a "
                        "cut-off belongs.\n"),
              std::string::npos)
        << text;
    EXPECT_EQ(text.find('\x1b'), std::string::npos) << "the escape reached the terminal raw";
}

TEST(MainExplanationViews, CheckEndsWithIt) {
    const RunResults run = runWithBobExplained();
    std::ostringstream out;
    printCaseReport(out, run, run.students[2], false);
    std::string text = out.str();
    ASSERT_FALSE(text.empty());
    text.pop_back();
    EXPECT_EQ(text.substr(text.rfind('\n') + 1),
              "main explanation: explained: strict-pruning (explains 1 of 3 failed cases) — Your program wrote \"\\x1b[2Jboom\" "
              "where a cut-off belongs.");
    // The cases nothing explains say so, with their first difference.
    EXPECT_NE(text.find("    not explained: the first difference is output.txt line 1: expected \"********\", got \"X*******\"\n"),
              std::string::npos)
        << text;
}

TEST(MainExplanationViews, HtmlCaseTableShowsEachCasesAndTheMainOne) {
    const std::string html = renderHtml(runWithBobExplained());
    EXPECT_NE(html.find("<p class=\"explanation main-explanation\">Main explanation: explained: strict-pruning (explains 1 of 3 failed "
                        "cases)"),
              std::string::npos);
    EXPECT_NE(html.find("<td class=\"explanation\">explained: strict-pruning — Your program wrote"), std::string::npos);
    EXPECT_NE(html.find("<td class=\"explanation\">not explained: the first difference is output.txt line 1: expected "
                        "&quot;********&quot;, got &quot;X*******&quot;</td>"),
              std::string::npos);
}

TEST(MainExplanationViews, JsonHasTheLineTheCountsAndTheTie) {
    RunResults run = runWithBobExplained();
    run.students[2].outcomes[0].explanation->alsoExact = {"depth-plus-one"};
    const std::string json = renderJson(run);
    EXPECT_NE(json.find("\"main_line\": \"explained: one of: strict-pruning, depth-plus-one (each explains 1 of 3 failed cases)"),
              std::string::npos)
        << json;
    EXPECT_NE(json.find("\"cases\": 1,\n"), std::string::npos) << json;
    EXPECT_NE(json.find("\"failed\": 3,\n"), std::string::npos) << json;
    EXPECT_NE(json.find("\"tie\": [\n"), std::string::npos) << json;
}

TEST(MainExplanationViews, GradescopeShowsItFromPublishedCasesOnly) {
    const std::string shown = renderGradescope(onlyBob(runWithBobExplained()));
    EXPECT_NE(shown.find("Main explanation: explained: strict-pruning (explains 1 of 3 failed cases)"), std::string::npos) << shown;

    // Only the hidden case (show: verdict) is explained: its finding must not reach the student, neither in the
    // case nor as the main explanation; the main one is then the published case's first difference.
    RunResults hidden = onlyBob(testing::sampleRun());
    hidden.students[0].outcomes[2].explanation = grader::Explanation{"hidden-only-fault", true, 5, "SECRET of the hidden case.", {}};
    hidden.students[0].outcomes[2].difference = testing::boardDifference("output.txt", 1, "HIDDENEXPECTED", "HIDDENACTUAL");
    const std::string json = renderGradescope(hidden);
    for (const char* secret : {"hidden-only-fault", "SECRET", "HIDDENEXPECTED", "HIDDENACTUAL"}) {
        EXPECT_EQ(json.find(secret), std::string::npos) << secret << " leaked:\n" << json;
    }
    EXPECT_NE(json.find("Main explanation: not explained: the first difference is in published/case1, output.txt line 1"),
              std::string::npos)
        << json;
}

}  // namespace
}  // namespace plyjudge::reports
