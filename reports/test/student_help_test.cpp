// The same help in every student format (student_help.hpp): the main explanation and the hints `check` prints, in
// Gradescope's results.json, JUnit, the HTML and the JSON, from a `grade` run (whose results hold the error output, not the hint);
// for a hidden case only what its `show` allows, and the figures it withholds shown as "—", not as zeros.
#include <gtest/gtest.h>

#include "reports/report_formats.hpp"
#include "reports/student_help.hpp"
#include "reports/student_view.hpp"
#include "reports/test/report_test_support.hpp"

namespace plyjudge::reports {
namespace {

constexpr const char* kHint = "add setup: {./Input/input.txt: input.txt}";

std::string missingFileError(const std::string& name) {
    return "Traceback (most recent call last):\n  File \"main.py\", line 3\nFileNotFoundError: [Errno 2] No such file or directory: '" +
           name + "'\n";
}

// bob alone; his published case1 and case2 are runtime errors opening ./Input/input.txt, as a `grade` run stores them (the
// message does not carry the hint: only `check` adds it); his hidden case3 opens a file named after its hidden input.
RunResults bobOpeningTheWrongFile() {
    RunResults run = testing::sampleRun();
    std::erase_if(run.students, [](const StudentResults& s) { return s.name != "bob"; });
    for (std::size_t i = 0; i < 3; ++i) {
        CaseResult& o = run.students[0].outcomes[i];
        o.verdict = Verdict::RuntimeError;
        o.diagnosisKind.clear();
        o.difference.reset();
        o.message = "exit status 1";
        o.exitCode = 1;
        o.stderrHead = missingFileError(i < 2 ? "./Input/input.txt" : "HIDDENSECRET.txt");
    }
    return run;
}

TEST(StudentHelp, OneHintForEveryCaseItComesFrom) {
    const RunResults run = bobOpeningTheWrongFile();
    const StudentHelp help = studentHelpOf(run, run.students[0]);
    ASSERT_EQ(help.hints.size(), 2u);
    EXPECT_NE(help.hints[0].text.find(kHint), std::string::npos) << help.hints[0].text;
    EXPECT_EQ(help.hints[0].cases, (std::vector<std::string>{"published/case1", "published/case2"}));
    EXPECT_NE(help.text().find(std::string(kHint) + " to plyjudge.yaml beside your program, or pass --setup ./Input/input.txt=input.txt "
                               "(cases published/case1, published/case2)"),
              std::string::npos)
        << help.text();
}

TEST(StudentHelp, GradescopeJunitHtmlAndJsonCarryTheHintButNothingOfAHiddenCase) {
    const RunResults run = bobOpeningTheWrongFile();
    const RunResults students = forStudents(run);
    const std::string gradescope = renderGradescope(run);
    const std::string junit = renderJunit(students);
    const std::string html = renderHtml(students);
    EXPECT_NE(gradescope.find(std::string("\\nHint: your program opened ./Input/input.txt, which does not exist; the input is input.txt — ") +
                              kHint),
              std::string::npos)
        << gradescope;
    EXPECT_NE(junit.find("<system-out>Hint: your program opened ./Input/input.txt"), std::string::npos) << junit;
    EXPECT_NE(html.find("<ul class=\"hints\"><li>Hint: your program opened ./Input/input.txt"), std::string::npos);
    const std::string json = renderJson(students);
    EXPECT_NE(json.find("\"hints\": [\n"), std::string::npos) << json;
    EXPECT_NE(json.find("\"text\": \"your program opened ./Input/input.txt"), std::string::npos) << json;
    // case3 is hidden (show: verdict): the name its program opened is its own, never shown back.
    for (const std::string& view : {gradescope, junit, html, json}) EXPECT_EQ(view.find("HIDDENSECRET"), std::string::npos) << view;
    // The TA's view has it.
    EXPECT_NE(renderHtml(run).find("HIDDENSECRET"), std::string::npos);
}

TEST(StudentHelp, JunitCarriesTheMainExplanation) {
    RunResults run = testing::sampleRun();
    run.students[2].outcomes[0].explanation = grader::Explanation{"strict-pruning", true, 5, "Your program prunes only when v > beta.", {}};
    const std::string junit = renderJunit(forStudents(run));
    EXPECT_NE(junit.find("<system-out>Main explanation: explained: strict-pruning (explains 1 of 3 failed cases) — Your program prunes"),
              std::string::npos)
        << junit;
}

TEST(StudentHelp, AStudentsHtmlShowsADashForWhatAHiddenCaseWithholds) {
    RunResults run = testing::sampleRun();
    std::erase_if(run.students, [](const StudentResults& s) { return s.name != "bob"; });
    run.students[0].outcomes[2].wallSeconds = 0.5;
    // The TA reads case3's time; its student reads "—" (the view keeps no time), the published cases' times as they are.
    EXPECT_NE(renderHtml(run).find("<td class=\"case\">published/case3</td><td class=\"verdict-fail\">wrong answer</td><td class=\"num\">0 / 1</td>"
                                   "<td class=\"num\">0.50</td>"),
              std::string::npos);
    const std::string html = renderHtml(forStudents(run));
    EXPECT_NE(html.find("<td class=\"case\">published/case3</td><td class=\"verdict-fail\">wrong answer</td><td class=\"num\">0 / 1</td>"
                        "<td class=\"num\">&mdash;</td><td class=\"diagnosis\">&mdash;</td><td class=\"explanation\">&mdash;</td>"),
              std::string::npos)
        << html;
    EXPECT_NE(html.find("<td class=\"case\">published/case1</td><td class=\"verdict-fail\">wrong answer</td><td class=\"num\">0 / 1</td>"
                        "<td class=\"num\">0.50</td>"),
              std::string::npos);
    EXPECT_EQ(html.find("0.00"), std::string::npos);
}

}  // namespace
}  // namespace plyjudge::reports
