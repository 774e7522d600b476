// The report writers from the model: Gradescope's results.json (checked with Python's JSON parser), JUnit
// XML (validated against the JUnit schema with xmllint), the CSV gradebook, the JSON report, and writing.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <fstream>

#include "reports/test/report_test_support.hpp"
#include "reports/case_position.hpp"
#include "reports/report_formats.hpp"
#include "common/utf8_text.hpp"
#include "testsupport/golden.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::reports {
namespace {

using namespace plyjudge::testing;
using testing::sampleRun;
using testing::shell;

RunResults onlyStudent(RunResults run, const std::string& name) {
    std::erase_if(run.students, [&](const StudentResults& s) { return s.name != name; });
    return run;
}

// Loads a results.json with Python's json module and prints a one-line digest of what Gradescope reads.
std::string gradescopeDigest(const std::string& json) {
    TempDir dir;
    writeFile(dir / "results.json", json);
    writeFile(dir / "digest.py",
              "import json, sys\n"
              "r = json.load(open(sys.argv[1]))\n"
              "allowed = {'score','execution_time','output','output_format','tests'}\n"
              "assert set(r) <= allowed, set(r) - allowed\n"
              "parts = [str(r['score']), str(len(r['tests']))]\n"
              "for t in r['tests']:\n"
              "    assert set(t) == {'name','number','score','max_score','status','output','output_format','visibility'}, t\n"
              "    assert t['status'] in ('passed','failed') and t['output_format'] == 'text'\n"
              "    assert isinstance(t['number'], str) and isinstance(t['output'], str)\n"
              "    parts.append('%s:%s/%s:%s:%s' % (t['name'], t['score'], t['max_score'], t['status'], t['visibility']))\n"
              "print(' '.join(parts))\n");
    std::string out;
    EXPECT_EQ(shell(testing::python() + " '" + (dir / "digest.py").string() + "' '" + (dir / "results.json").string() + "'", &out), 0) << out;
    while (!out.empty() && out.back() == '\n') out.pop_back();
    return out;
}

TEST(Difference, TextShowsContextExpectedAndActualWithLineNumbers) {
    FirstDifference d;
    d.file = "output.txt";
    d.line = 12;
    d.before = {"c4,1,4", "pass,2,4"};
    d.expected = "root,0,4";
    d.expectedAfter = {"x"};
    EXPECT_EQ(grader::differenceText(d),
              "output.txt line 12:\n      10 | c4,1,4\n      11 | pass,2,4\n  expected: root,0,4\n  actual:   (end of file)\n"
              "  expected     13 | x\n");
}

TEST(Moves, ExpectedMovesReadFromCommittedCases) {
    const auto cases = plyjudge::testing::casesDir();
    auto expected = [&](const char* variant, const char* suite, const char* name) {
        const auto dir = cases / variant / suite / name;
        const auto m = expectedMoveOf(variant, readFile(dir / "input.txt"), dir);
        return m ? m->name : std::string("none");
    };
    // reversi case1: X plays c4 (its output.txt's board has X on c4, d4, e4); case2: O has no piece, X passes.
    EXPECT_EQ(expected("reversi", "published", "case1"), "c4");
    EXPECT_EQ(expected("reversi", "published", "case2"), "pass");
    // starcircle example1's output.txt begins with the move.
    EXPECT_EQ(expected("starcircle", "published", "example1"), "F4-H2");
    // squirrel sample1: next_state.txt has a new X in row 3, column B.
    EXPECT_EQ(expected("squirrel", "published", "sample1"), "B3");
}

TEST(Moves, ActualMoveFromTheFirstDifferingBoardRow) {
    const RunResults run = sampleRun();
    const StudentResults& bob = run.students[2];
    ASSERT_EQ(bob.name, "bob");
    ASSERT_TRUE(bob.outcomes[0].actualMove);
    EXPECT_EQ(bob.outcomes[0].actualMove->name, "a1");
    FirstDifference d;
    d.file = "output.txt";
    d.line = 1;
    d.expected = "F4-H2";
    d.actual = "F4-G3";
    EXPECT_EQ(actualMoveOf("starcircle", "", d)->name, "F4-G3");
    d.line = 2;  // a utility line does not show the move
    EXPECT_FALSE(actualMoveOf("starcircle", "", d));
}

TEST(Model, MissingResultsAreNotRunAndTheRunIncomplete) {
    const RunResults run = sampleRun();
    ASSERT_EQ(run.students.size(), 3u);
    EXPECT_EQ(run.students[0].name, "=cmd,\"x\"");  // sorted by name: '=' before letters
    EXPECT_FALSE(run.complete);
    EXPECT_EQ(run.students[0].outcomes[2].verdict, Verdict::NotRun);
    EXPECT_EQ(run.students[0].points(), 1);
    EXPECT_EQ(run.students[0].maxPoints(), 2);  // the judge error does not count
}

TEST(Gradescope, OneTestPerCaseWithVisibilityFromTheSuite) {
    const RunResults run = onlyStudent(sampleRun(), "bob");
    const std::string json = renderGradescope(run);
    EXPECT_EQ(gradescopeDigest(json),
              "0 3 published/case1:0/1:failed:visible published/case2:0/1:failed:visible "
              "published/case3:0/1:failed:after_published");
    // A published case shows the first difference and the moves; the hidden one only its diagnosis.
    EXPECT_NE(json.find("Expected move: c4; your move: a1."), std::string::npos);
    const std::size_t hidden = json.find("\"name\": \"published/case3\"");
    ASSERT_NE(hidden, std::string::npos);
    const std::string hiddenTest = json.substr(hidden, json.find("\"visibility\"", hidden) - hidden);
    EXPECT_EQ(hiddenTest.find("X*******"), std::string::npos) << "only the published cases' differences are shown: " << hiddenTest;
    EXPECT_NE(json.substr(0, hidden).find("X*******"), std::string::npos);
    EXPECT_NE(json.find("\"number\": \"1.3\""), std::string::npos);

    EXPECT_EQ(gradescopeDigest(renderGradescope(onlyStudent(sampleRun(), "alice"))),
              "3 3 published/case1:1/1:passed:visible published/case2:1/1:passed:visible "
              "published/case3:1/1:passed:after_published");
}

TEST(Gradescope, PartialRunStillListsEveryCase) {
    const RunResults run = onlyStudent(sampleRun(), "=cmd,\"x\"");
    const std::string json = renderGradescope(run);
    EXPECT_EQ(gradescopeDigest(json),
              "1 3 published/case1:1/1:passed:visible published/case2:0/1:failed:visible "
              "published/case3:0/1:failed:after_published");
    EXPECT_NE(json.find("cut short: 1 case(s) were not graded"), std::string::npos);
    EXPECT_NE(json.find("not your program's fault"), std::string::npos);

    // No result at all (the run stopped before the first case): still a valid file with every case.
    RunResults empty = sampleRun();
    empty.students.clear();
    EXPECT_EQ(gradescopeDigest(renderGradescope(empty)),
              "0 3 published/case1:0/1:failed:visible published/case2:0/1:failed:visible "
              "published/case3:0/1:failed:after_published");
}

TEST(Gradescope, RefusesSeveralStudents) { EXPECT_THROW(renderGradescope(sampleRun()), std::invalid_argument); }

TEST(Junit, ValidatesAgainstTheJunitSchema) {
    TempDir dir;
    const std::string xml = renderJunit(sampleRun());
    writeFile(dir / "junit.xml", xml);
    std::string out;
    const std::string xsd = std::string(PLYJUDGE_SOURCE_DIR) + "/reports/test/data/junit.xsd";
    ASSERT_EQ(shell("xmllint --noout --schema '" + xsd + "' '" + (dir / "junit.xml").string() + "'", &out), 0) << out;
    EXPECT_NE(out.find("validates"), std::string::npos);
    // One testsuite per submission, one testcase per case; bob's failures carry the diagnosis.
    EXPECT_NE(xml.find("<testsuite name=\"bob\" tests=\"3\" failures=\"3\" errors=\"0\" skipped=\"0\" time=\"1.500\">"), std::string::npos);
    EXPECT_NE(xml.find("<failure message=\"output.txt: the next state differs at line 1 &lt;while the traverse log matches&gt;; not "
                       "explained: the first difference is output.txt line 1: expected &quot;********&quot;, got &quot;X*******&quot;\" "
                       "type=\"wrong-answer:tie-break\">"),
              std::string::npos);
    EXPECT_NE(xml.find("<error message=\"could not run the program: no space left\" type=\"judge-error\">"), std::string::npos);
    EXPECT_NE(xml.find("<skipped message="), std::string::npos);
    EXPECT_NE(xml.find("<testcase name=\"published/case1\" classname=\"alice.published\" time=\"0.250\"/>"), std::string::npos);

    // The schema check itself can fail: a testcase without its name is refused.
    std::string broken = xml;
    broken.replace(broken.find("<testcase name="), 15, "<testcase nam=");
    writeFile(dir / "broken.xml", broken);
    EXPECT_NE(shell("xmllint --noout --schema '" + xsd + "' '" + (dir / "broken.xml").string() + "'"), 0);
}

// Program output with characters XML 1.0 does not allow (C0 controls, U+FFFE, U+FFFF, a lone surrogate, a stray
// byte): the JUnit file stays well formed, and none of them is in it.
TEST(Junit, HoldsOnlyCharactersXmlAllows) {
    RunResults run = onlyStudent(sampleRun(), "bob");
    const std::string illegal = "a\x01\x0B\x0C\x1F\x7F b\xEF\xBF\xBE c\xEF\xBF\xBF d\xED\xA0\x80 e\xC2\x9B f\xFF";
    run.students[0].outcomes[0].message = "output.txt: got " + illegal;
    run.students[0].outcomes[0].difference->actual = illegal;
    run.students[0].name = "bob" + illegal;
    const std::string xml = renderJunit(run);
    TempDir dir;
    writeFile(dir / "junit.xml", xml);
    std::string out;
    EXPECT_EQ(shell("xmllint --noout '" + (dir / "junit.xml").string() + "'", &out), 0) << out;
    for (const std::string bad : {"\x01", "\x0B", "\x0C", "\x1F", "\x7F", "\xEF\xBF\xBE", "\xEF\xBF\xBF", "\xED\xA0", "\xC2\x9B", "\xFF"}) {
        EXPECT_EQ(xml.find(bad), std::string::npos) << "byte " << static_cast<int>(static_cast<unsigned char>(bad[0]));
    }
    EXPECT_EQ(validUtf8(xml), xml);
    EXPECT_NE(xml.find("output.txt: got a????? b"), std::string::npos) << "the text around them stays";
}

TEST(Csv, OneRowPerStudentQuotedAndDefused) {
    EXPECT_EQ(renderCsv(sampleRun()),
              "student,published/case1,published/case2,published/case3,total,max\r\n"
              "\"'=cmd,\"\"x\"\"\",1,,,1,2\r\n"
              "alice,1,1,1,3,3\r\n"
              "bob,0,0,0,0,3\r\n");
}

TEST(Json, HoldsEveryResult) {
    const std::string json = renderJson(sampleRun());
    TempDir dir;
    writeFile(dir / "r.json", json);
    std::string out;
    ASSERT_EQ(shell(testing::python() + " -c \"import json,sys; r=json.load(open(sys.argv[1])); "
                    "print(len(r['students']), sum(len(s['results']) for s in r['students']), r['complete'], r['students'][2]['results'][0]['actual_move'])\" '" +
                        (dir / "r.json").string() + "'",
                    &out),
              0)
        << out;
    EXPECT_EQ(out, "3 9 False a1\n");
}

TEST(Writing, SeveralFormatsIntoAFolderAtomically) {
    TempDir dir;
    std::vector<std::filesystem::path> written;
    const auto errors = writeReports(sampleRun(), parseFormats("csv,junit,html,json"), dir / "out", &written);
    EXPECT_TRUE(errors.empty());
    ASSERT_EQ(written.size(), 4u);
    EXPECT_EQ(readFile(dir / "out" / "gradebook.csv"), renderCsv(sampleRun()));
    int files = 0;
    for (const auto& e : std::filesystem::directory_iterator(dir / "out")) {
        EXPECT_FALSE(e.path().filename().string().starts_with(".")) << "temporary file left: " << e.path();
        ++files;
    }
    EXPECT_EQ(files, 4);
}

// Reports hold grades and program output: 0600 files in 0700 folders, whatever the umask.
TEST(Writing, ReportsAndTheirFoldersArePrivate) {
    TempDir dir;
    std::vector<std::filesystem::path> written;
    const mode_t old = ::umask(0022);  // the usual one: it alone would give 0644 and 0755
    const auto errors = writeReports(sampleRun(), parseFormats("gradescope,csv,json"), dir / "out" / "reports", &written);
    const auto single = writeReports(sampleRun(), {Format::Html}, dir / "one.html");
    ::umask(old);
    ASSERT_TRUE(errors.empty() && single.empty());
    EXPECT_EQ(fileMode(dir / "out"), 0700u);
    EXPECT_EQ(fileMode(dir / "out" / "reports"), 0700u);
    EXPECT_EQ(fileMode(dir / "out" / "reports" / "alice"), 0700u) << "a student's Gradescope folder";
    ASSERT_EQ(written.size(), 5u);
    for (const auto& p : written) EXPECT_EQ(fileMode(p), 0600u) << p;
    EXPECT_EQ(fileMode(dir / "one.html"), 0600u);
}

TEST(Writing, AReportThatCannotBeWrittenSaysWhy) {
    TempDir dir;
    writeFile(dir / "old.json", "old");
    // The folder does not exist: the message names the path and the reason, and nothing throws.
    auto errors = writeReports(sampleRun(), {Format::Csv}, dir / "missing" / "gradebook.csv");
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_NE(errors[0].find("cannot write " + (dir / "missing" / "gradebook.csv").string() + ": No such file or directory"),
              std::string::npos)
        << errors[0];
}

TEST(Writing, GradescopeForAClassWritesOneResultsFilePerStudent) {
    TempDir dir;
    std::vector<std::filesystem::path> written;
    const auto errors = writeReports(sampleRun(), {Format::Gradescope, Format::Csv}, dir / "both", &written);
    EXPECT_TRUE(errors.empty()) << errors.front();
    EXPECT_TRUE(std::filesystem::exists(dir / "both" / "gradebook.csv"));
    EXPECT_FALSE(std::filesystem::exists(dir / "both" / "results.json"));
    // Each student's own file, with that student's score only; a hostile name becomes a safe folder name.
    EXPECT_EQ(gradescopeDigest(readFile(dir / "both" / "alice" / "results.json")),
              "3 3 published/case1:1/1:passed:visible published/case2:1/1:passed:visible "
              "published/case3:1/1:passed:after_published");
    EXPECT_EQ(gradescopeDigest(readFile(dir / "both" / "bob" / "results.json")).substr(0, 4), "0 3 ");
    EXPECT_TRUE(std::filesystem::exists(dir / "both" / "_cmd__x_" / "results.json"));
    EXPECT_EQ(written.size(), 4u);
}

TEST(Formats, ParsesListsAndNamesABadOne) {
    EXPECT_EQ(parseFormats("gradescope,junit,gradescope"), (std::vector<Format>{Format::Gradescope, Format::Junit}));
    try {
        parseFormats("csv,pdf");
        FAIL();
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("'pdf'"), std::string::npos);
    }
    EXPECT_THROW(parseFormats(""), std::invalid_argument);
}

TEST(Utf8, InvalidBytesBecomeReplacementCharacters) {
    EXPECT_EQ(validUtf8("ok \xC3\xA9 \xFF\xC3 end"), "ok \xC3\xA9 \xEF\xBF\xBD\xEF\xBF\xBD end");
    EXPECT_EQ(validUtf8("\xED\xA0\x80"), "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");  // a surrogate is not UTF-8
}

}  // namespace
}  // namespace plyjudge::reports

namespace plyjudge::reports {
namespace {

// Student folder names and program output are arbitrary bytes: every format must stay well formed.
TEST(HostileText, EveryFormatStaysWellFormed) {
    std::string bytes;
    for (int c = 1; c < 256; ++c) bytes += static_cast<char>(c);
    const std::vector<std::string> names = {"a,b\"c\r\nd", "<script>alert(1)</script>]]>", "=1+2", bytes, " padded "};
    std::vector<grader::StoredResult> rows;
    for (const std::string& n : names) {
        grader::StoredResult r{n, {}};
        r.result.suite = "published";
        r.result.name = "case1";
        r.result.verdict = Verdict::RuntimeError;
        r.result.maxPoints = 1;
        r.result.message = "exited with status 1: " + bytes;
        r.result.stderrHead = bytes + "\n" + bytes;
        rows.push_back(r);
    }
    const auto dir = plyjudge::testing::casesDir() / "reversi" / "published" / "case1";
    RunResults run = grader::assembleRunResults("t&<>\"", "reversi", {{"published", "case1", 1, Visibility::Published, dir / "input.txt", dir}}, {},
                                        rows);
    TempDir tmp;
    writeFile(tmp / "junit.xml", renderJunit(run));
    writeFile(tmp / "report.html", renderHtml(run));
    writeFile(tmp / "gradebook.csv", renderCsv(run));
    writeFile(tmp / "report.json", renderJson(run));
    writeFile(tmp / "results.json", renderGradescope(onlyStudent(run, run.students[0].name)));
    std::string out;
    const std::string xsd = std::string(PLYJUDGE_SOURCE_DIR) + "/reports/test/data/junit.xsd";
    EXPECT_EQ(shell("xmllint --noout --schema '" + xsd + "' '" + (tmp / "junit.xml").string() + "'", &out), 0) << out;
    // The HTML parsed as XML-ish HTML: xmllint --html reports broken markup as errors.
    EXPECT_EQ(shell("xmllint --html --noout '" + (tmp / "report.html").string() + "'", &out), 0) << out;
    // The page's own script is its only one: the student named <script>alert(1)</script> stays text.
    const std::string html = renderHtml(run);
    EXPECT_EQ(html.find("<script>alert(1)"), std::string::npos);
    EXPECT_EQ(html.find("<script"), html.rfind("<script"));
    writeFile(tmp / "check.py",
              "import csv, json, sys\n"
              "d = sys.argv[1]\n"
              "json.load(open(d + '/report.json', encoding='utf-8'))\n"
              "json.load(open(d + '/results.json', encoding='utf-8'))\n"
              "rows = list(csv.reader(open(d + '/gradebook.csv', newline='', encoding='utf-8')))\n"
              "first = set(r[0] for r in rows)\n"
              "print(len(rows), min(len(r) for r in rows), 'a,b\"c\\r\\nd' in first, \"'=1+2\" in first, ' padded ' in first)\n");
    ASSERT_EQ(shell(testing::python() + " '" + (tmp / "check.py").string() + "' '" + tmp.path().string() + "'", &out), 0) << out;
    // 1 header + 5 students, 4 columns each; names read back intact ("=1+2" defused with an apostrophe).
    EXPECT_EQ(out, "6 4 True True True\n");
}

}  // namespace
}  // namespace plyjudge::reports
