// What students read of hidden cases (student_view.hpp): the verdict and its category by default, the diagnosis with
// `show: diagnosis`, everything with `show: full`; the Gradescope report always, every format with --for-students;
// the TA's own reports keep everything.
#include <gtest/gtest.h>

#include "grader/assignment/assignment.hpp"
#include "grader/config/yaml_support.hpp"
#include "grader/results/results_loader.hpp"
#include "grader/results/results_store.hpp"
#include "reports/report_formats.hpp"
#include "reports/student_view.hpp"
#include "testsupport/golden.hpp"
#include "testsupport/run_command.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::reports {
namespace {

using plyjudge::testing::readFile;
using plyjudge::testing::TempDir;
using plyjudge::testing::writeFile;

// The hidden case's input, which the program echoes into its output.txt, and the hidden expected output.
constexpr const char* kSecretInput = "SECRET-INPUT-7f3a";
constexpr const char* kExpectedMove = "C3-A1";
constexpr const char* kExpectedUtility = "24617";

// One student whose program wrote the hidden case's input as its answer: a result with everything a result can
// carry (the diagnosis quotes the lines, the first difference, stderr, the chosen move, an explanation).
RunResults echoRun(ShowLevel show, Visibility visibility = Visibility::Hidden) {
    RunResults run;
    run.title = "hw3";
    run.variant = "starcircle";
    CaseInfo c;
    c.suite = "hidden";
    c.name = "gen01";
    c.maxPoints = 1;
    c.visibility = visibility;
    c.show = show;
    c.inputText = std::string(kSecretInput) + "\n*X*\n";
    c.expectedMove = ChosenMove{kExpectedMove};
    run.cases.push_back(c);
    CaseResult o;
    o.suite = c.suite;
    o.name = c.name;
    o.verdict = Verdict::WrongAnswer;
    o.maxPoints = 1;
    o.diagnosisKind = "move";
    o.message = std::string("output.txt: move differs (expected \"") + kExpectedMove + "\", got \"" + kSecretInput +
                "\"); myopic utility differs (expected \"" + kExpectedUtility + "\", got \"\")";
    o.difference = FirstDifference{"output.txt", 1, {}, kExpectedMove, kSecretInput, {kExpectedUtility}, {"*X*"}};
    o.explanation = grader::Explanation{"depth-plus-one", true, 4, "Your program searches one ply too deep.", {}};
    o.stderrHead = std::string("echoing ") + kSecretInput;
    o.actualMove = ChosenMove{kSecretInput};
    o.wallSeconds = 0.5;
    o.bytesWritten = 18;
    o.exitCode = 0;
    StudentResults s;
    s.name = "mallory";
    s.outcomes.push_back(o);
    run.students.push_back(s);
    return run;
}

// Every format as one text.
std::string everyFormat(const RunResults& run) {
    std::string all;
    for (Format f : {Format::Json, Format::Gradescope, Format::Junit, Format::Csv, Format::Html}) all += render(f, run);
    return all;
}

void expectNothingHidden(const std::string& text) {
    for (const char* secret : {kSecretInput, kExpectedMove, kExpectedUtility, "*X*", "echoing", "SECRET"}) {
        EXPECT_EQ(text.find(secret), std::string::npos) << "'" << secret << "' is shown:\n" << text.substr(0, 3000);
    }
}

TEST(StudentView, AnEchoedHiddenInputIsNeverShownBack) {
    const RunResults students = forStudents(echoRun(ShowLevel::Verdict));
    expectNothingHidden(everyFormat(students));
    // Written as the CLI writes them (the moves annotated from the case's files after the redaction).
    TempDir dir;
    EXPECT_TRUE(writeReports(students, parseFormats("json,gradescope,junit,csv,html"), dir / "out").empty());
    for (const auto& e : std::filesystem::directory_iterator(dir / "out")) expectNothingHidden(readFile(e.path()));
    // What is left: the verdict and its category.
    const CaseResult& o = students.students[0].outcomes[0];
    EXPECT_EQ(o.verdict, Verdict::WrongAnswer);
    EXPECT_EQ(o.diagnosisKind, "move");
    EXPECT_TRUE(o.message.empty());
    EXPECT_FALSE(o.difference || o.explanation || o.actualMove);
    EXPECT_EQ(o.bytesWritten, 0u) << "a figure the program sets at will could carry its input out";
}

TEST(StudentView, GradescopeIsAlwaysTheStudentsViewAndNamesVerdictAndCategory) {
    const std::string json = renderGradescope(echoRun(ShowLevel::Verdict));  // not redacted beforehand
    expectNothingHidden(json);
    EXPECT_NE(json.find("\"output\": \"wrong answer (category: move)\""), std::string::npos) << json;
}

TEST(StudentView, TheTeachersReportsKeepEverything) {
    const std::string all = renderJson(echoRun(ShowLevel::Verdict)) + renderHtml(echoRun(ShowLevel::Verdict)) +
                            renderJunit(echoRun(ShowLevel::Verdict));
    for (const char* shown : {kSecretInput, kExpectedMove, kExpectedUtility, "*X*"}) {
        EXPECT_NE(all.find(shown), std::string::npos) << shown;
    }
}

// Before: the diagnosis sentence was kept whole, quoting the expected move and utility of a hidden case (issue 41).
TEST(StudentView, ShowDiagnosisAddsWhereAndWhatKindAndTheExplanationButNoValue) {
    const RunResults run = forStudents(echoRun(ShowLevel::Diagnosis));
    const CaseResult& o = run.students[0].outcomes[0];
    EXPECT_EQ(o.message, "output.txt: differs from the expected file at line 1 (move)");
    expectNothingHidden(everyFormat(run));
    ASSERT_TRUE(o.explanation);
    EXPECT_FALSE(o.difference || o.actualMove);
    EXPECT_TRUE(o.stderrHead.empty());
    EXPECT_TRUE(run.cases[0].inputText.empty());
    EXPECT_FALSE(run.cases[0].expectedMove);
    const std::string json = renderGradescope(run);
    EXPECT_NE(json.find("one ply too deep"), std::string::npos) << json;
    for (const char* gone : {"*X*", "echoing", "Expected move"}) EXPECT_EQ(json.find(gone), std::string::npos) << gone;
}

TEST(StudentView, ShowFullAndPublishedCasesAreLeftWhole) {
    EXPECT_EQ(renderJson(forStudents(echoRun(ShowLevel::Full))), renderJson(echoRun(ShowLevel::Full)));
    // Published is always full, whatever show says.
    const RunResults published = echoRun(ShowLevel::Verdict, Visibility::Published);
    EXPECT_EQ(renderJson(forStudents(published)), renderJson(published));
    // Applying the view twice changes nothing.
    const RunResults once = forStudents(echoRun(ShowLevel::Diagnosis));
    EXPECT_EQ(renderJson(forStudents(once)), renderJson(once));
}

// A hidden suite saying `show: diagnosis`, one case of it saying `show: full`, and an assignment using it.
struct HiddenSuite {
    TempDir dir;
    std::filesystem::path assignment = dir / "a.yaml";

    explicit HiddenSuite(const std::string& suiteShow = "show: diagnosis\n") {
        std::filesystem::create_directories(dir / "hidden");
        for (const char* c : {"case1", "case3"}) {
            std::filesystem::copy(plyjudge::testing::casesDir() / "reversi" / "published" / c, dir / "hidden" / c,
                                  std::filesystem::copy_options::recursive);
        }
        writeFile(dir / "hidden" / "suite.yaml",
                  "variant: reversi\nvisibility: hidden\n" + suiteShow + "cases: [case1, {name: case3, show: full}]\n");
        writeFile(assignment, "variant: reversi\nsuites: [hidden]\n");
    }
};

TEST(StudentView, ShowComesFromSuiteYamlThroughTheLoader) {
    HiddenSuite suite;
    const RunResults run = grader::assembleRunResults("t", "reversi", grader::casesOf(grader::Assignment::load(suite.assignment)), {}, {});
    ASSERT_EQ(run.cases.size(), 2u);
    EXPECT_EQ(run.cases[0].shownToStudents(), ShowLevel::Diagnosis);
    EXPECT_EQ(run.cases[1].shownToStudents(), ShowLevel::Full);
    // Without a `show`, a hidden case shows its verdict only; a case the loader does not know, the same.
    HiddenSuite plain("");
    EXPECT_EQ(grader::casesOf(grader::Assignment::load(plain.assignment))[0].show, ShowLevel::Verdict);
    EXPECT_EQ(CaseInfo{}.shownToStudents(), ShowLevel::Verdict);
    // A value it does not know is an error naming the line.
    HiddenSuite bad("show: everything\n");
    try {
        grader::Assignment::load(bad.assignment);
        FAIL() << "show: everything was accepted";
    } catch (const grader::ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("suite.yaml:3"), std::string::npos) << e.what();
    }
}

// `plyjudge report --for-students` on a database the grader wrote: no hidden content in any format; without the
// option the TA's report has it. Every report file private, the folder too.
TEST(StudentView, ReportCommandForStudents) {
    HiddenSuite suite("");
    const auto db = suite.dir / "run.db";
    {
        grader::ResultsStore store(db, readFile(suite.assignment));
        CaseResult o = echoRun(ShowLevel::Verdict).students[0].outcomes[0];
        o.suite = "hidden";
        o.name = "case1";
        store.save("mallory", o);
    }
    const std::string args = db.string() + " --assignment " + suite.assignment.string() + " --format json,gradescope,junit,csv,html -o ";
    auto run = plyjudge::testing::runPlyjudge(suite.dir.path(), "report " + args + "students --for-students");
    ASSERT_EQ(run.status, 0) << run.output;
    EXPECT_EQ(plyjudge::testing::fileMode(suite.dir / "students"), 0700u);
    int files = 0;
    for (const auto& e : std::filesystem::recursive_directory_iterator(suite.dir / "students")) {
        if (!e.is_regular_file()) continue;
        ++files;
        expectNothingHidden(readFile(e.path()));
        EXPECT_EQ(plyjudge::testing::fileMode(e.path()), 0600u) << e.path();
    }
    EXPECT_EQ(files, 5);
    run = plyjudge::testing::runPlyjudge(suite.dir.path(), "report " + args + "teacher");
    ASSERT_EQ(run.status, 0) << run.output;
    EXPECT_NE(readFile(suite.dir / "teacher" / "report.json").find(kSecretInput), std::string::npos);
    expectNothingHidden(readFile(suite.dir / "teacher" / "results.json"));  // Gradescope: the student's anyway
}

}  // namespace
}  // namespace plyjudge::reports
