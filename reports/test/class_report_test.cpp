// The class HTML report as a TA reads it, on a real grade: 8 programs (the reference as a drop-in, 3 correct and 5
// with different catalogued faults) graded with `plyjudge grade` on the bundled reversi assignment's suites, the
// report written by `plyjudge report`, then read by headless Chromium: the score table lists every student with their
// points, the failures are collapsed and grouped by explanation, the table sorts and the filters filter, nothing runs
// off the page's right edge, and the page prints to at most 25 pages. The faulty students' Gradescope results.json
// carries their main explanation. The Chromium tests skip with a message when chromium is not installed.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <memory>
#include <regex>

#include "grader/results/results_loader.hpp"
#include "reports/test/chromium_support.hpp"
#include "reports/test/report_test_support.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::reports {
namespace {

namespace fs = std::filesystem;
using namespace plyjudge::testing;
using testing::chromium;
using testing::count;
using testing::runChromium;
using testing::shell;

struct Student {
    const char* name;
    const char* fault;  // "" for a correct program
};
constexpr Student kClass[] = {{"ada", ""},
                              {"bea", ""},
                              {"cal", ""},
                              {"dan", "strict-pruning"},
                              {"eve", "reversed-tie-break"},
                              {"fay", "root-as-min"},
                              {"gus", "depth-plus-one"},
                              {"hal", "bounds-not-passed-down"}};
constexpr int kMostPages = 25;

class ClassReport : public ::testing::Test {
protected:
    // Graded once for the suite (about ten seconds): each test reads the same run.
    static void SetUpTestSuite() {
        course_ = std::make_unique<TempDir>("plyjudge-class-report", 0755);  // the runs' user must reach the programs
        const fs::path root = course_->path();
        // Each student's folder carries plyjudge (a sandboxed run need not see the build tree, e.g. under /tmp).
        fs::copy_file(PLYJUDGE_BINARY, root / "plyjudge");
        std::string assignment = fmt::format("variant: reversi\ntitle: HW reversi\nrun: {{exit_status: outputs}}\nsuites:\n");
        for (const char* suite : {"published", "selfcheck", "generated"}) {
            assignment += fmt::format("  - '{}'\n", (fs::path(PLYJUDGE_SOURCE_DIR) / "cases" / "reversi" / suite).string());
        }
        assignment += "scoring: {points_per_case: 1}\noverrides:\n";
        for (const Student& s : kClass) {
            const fs::path dir = root / "subs" / s.name;
            fs::create_directories(dir);
            std::error_code linked;
            fs::create_hard_link(root / "plyjudge", dir / "plyjudge", linked);
            if (linked) fs::copy_file(root / "plyjudge", dir / "plyjudge");
            assignment += fmt::format("  {}: {{command: \"{{dir}}/plyjudge solve reversi{}\"}}\n", s.name,
                                      *s.fault ? std::string(" --fault ") + s.fault : "");
        }
        writeFile(root / "assignment.yaml", assignment);
        const std::string plyjudge = fmt::format("'{}'", PLYJUDGE_BINARY);
        const std::string where = fmt::format("'{}' --assignment '{}'", (root / "run.db").string(), (root / "assignment.yaml").string());
        // 0: everything ran. A judge error (3; an executable copied for one run while another forks can
        // be "text file busy") is graded again by the same command, as grade says.
        std::string out;
        int status = 3;
        for (int attempt = 0; attempt < 3 && status == 3; ++attempt) {
            status = shell(fmt::format("{} grade '{}' '{}' --db '{}' --jobs 2 --quiet", plyjudge, (root / "assignment.yaml").string(),
                                       (root / "subs").string(), (root / "run.db").string()),
                           &out);
        }
        if (status != 0) {
            problem_ = fmt::format("grade (exit status {}): {}", status, out);
            return;
        }
        if (shell(fmt::format("{} report {} --format html -o '{}'", plyjudge, where, (root / "report.html").string()), &out) != 0) {
            problem_ = "report: " + out;
            return;
        }
        run_ = grader::loadRunResults(root / "run.db", root / "assignment.yaml");
        html_ = readFile(root / "report.html");
    }
    static void TearDownTestSuite() { course_.reset(); }

    void SetUp() override { ASSERT_TRUE(problem_.empty()) << problem_; }

    static const StudentResults& student(const std::string& name) {
        for (const StudentResults& s : run_.students)
            if (s.name == name) return s;
        throw std::runtime_error("no student " + name);
    }
    static std::size_t studentIndex(const std::string& name) { return static_cast<std::size_t>(&student(name) - run_.students.data()); }
    static int failedCount(const StudentResults& s) {
        int failed = 0;
        for (const CaseResult& o : s.outcomes) failed += o.ran() && !o.passed();
        return failed;
    }
    // The part of `page` that is student `name`'s section.
    static std::string sectionOf(const std::string& page, const std::string& name) {
        const std::string start = fmt::format("<section class=\"student\" id=\"student-{}\"", studentIndex(name) + 1);
        const std::size_t from = page.find(start);
        if (from == std::string::npos) return {};
        return page.substr(from, page.find("</section>", from) - from);
    }

    static inline std::unique_ptr<TempDir> course_;
    static inline std::string problem_;
    static inline RunResults run_;
    static inline std::string html_;
};

TEST_F(ClassReport, ScoresForEveryStudentThenFailuresCollapsedAndGroupedByExplanation) {
    ASSERT_EQ(run_.students.size(), std::size(kClass));
    ASSERT_NE(html_.find("<table id=\"score-table\" class=\"sortable\">"), std::string::npos);
    for (const Student& s : kClass) {
        const StudentResults& graded = student(s.name);
        // A correct program gets every point, a faulty one loses some.
        if (*s.fault) {
            EXPECT_LT(graded.points(), graded.maxPoints()) << s.name;
        } else {
            EXPECT_EQ(graded.points(), graded.maxPoints()) << s.name;
        }
        const std::string row = fmt::format("<tr data-student=\"{}\"><td data-sort=\"{}\"><a href=\"#student-{}\">{}</a></td><td class=\"num\" "
                                            "data-sort=\"{}\">{} / {}</td>",
                                            studentIndex(s.name), s.name, studentIndex(s.name) + 1, s.name, formatPoints(graded.points()),
                                            formatPoints(graded.points()), formatPoints(graded.maxPoints()));
        EXPECT_EQ(count(html_, row), 1u) << row;
    }
    // A column per suite, then the main explanation and the similarity flag.
    EXPECT_NE(html_.find("<th>published</th><th>selfcheck</th><th>generated</th><th>main explanation</th><th>similarity</th>"),
              std::string::npos);

    // The failures: collapsed, and grouped by explanation.
    EXPECT_EQ(html_.find("class=\"failure-group\" open"), std::string::npos);
    EXPECT_EQ(std::regex_search(html_, std::regex("<details class=\"failure-group\"[^>]* open>")), false) << "a group is open";
    EXPECT_EQ(html_.find("<details class=\"all-cases\" open"), std::string::npos);
    for (const Student& s : kClass) {
        const std::string section = sectionOf(html_, s.name);
        ASSERT_FALSE(section.empty()) << s.name;
        const int failed = failedCount(student(s.name));
        const std::size_t groups = count(section, "<details class=\"failure-group\"");
        if (!*s.fault) {
            EXPECT_EQ(groups, 0u) << s.name;
            continue;
        }
        // Every failed case is in one group, each drawn once; identical explanations merged.
        EXPECT_GT(failed, 1) << s.name;
        EXPECT_LT(groups, static_cast<std::size_t>(failed)) << s.name << ": no two failures merged";
        EXPECT_EQ(count(section, "class=\"failure\""), groups) << s.name;
        EXPECT_EQ(count(section, "<span class=\"case-name\"") + groups, static_cast<std::size_t>(failed)) << s.name;
        EXPECT_LE(count(section, "class=\"board\""), groups) << s.name;
        // The cases the main explanation explains are one group, said once.
        EXPECT_NE(section.find(" cases</span>: the same explanation &mdash; <span class=\"explanation\">explained: " + std::string(s.fault) + " "),
                  std::string::npos)
            << s.name;
    }
}

TEST_F(ClassReport, AFaultyStudentsGradescopeCarriesItsMainExplanation) {
    const fs::path root = course_->path();
    for (const Student& s : kClass) {
        if (!*s.fault) continue;
        const fs::path json = root / (std::string(s.name) + ".json");
        std::string out;
        ASSERT_EQ(shell(fmt::format("'{}' report '{}' --assignment '{}' --format gradescope --student {} -o '{}'", PLYJUDGE_BINARY,
                                    (root / "run.db").string(), (root / "assignment.yaml").string(), s.name, json.string()),
                        &out),
                  0)
            << out;
        // Read back by Python's json: the top-level output, what Gradescope shows above the tests.
        ASSERT_EQ(shell(testing::python() + " -c \"import json,sys; print(json.load(open(sys.argv[1]))['output'])\" '" + json.string() + "'",
                        &out),
                  0)
            << out;
        EXPECT_NE(out.find("Main explanation: explained: " + std::string(s.fault) + " ("), std::string::npos) << s.name << ":\n" << out;
    }
}

// A copy of the report with a script of the test's at its end, which clicks, filters and measures, and writes what it
// found into the DOM that Chromium dumps.
const char* const kProbe = R"(<script>
(function () {
  var d = document, root = d.documentElement;
  root.setAttribute('data-overflow', String(root.scrollWidth > window.innerWidth));
  d.querySelectorAll('#score-table th')[1].click();  // points, ascending
  var first = d.querySelector('#score-table tbody tr');
  root.setAttribute('data-lowest', first.cells[0].textContent);
  var filter = d.getElementById('filter-explanation');
  filter.value = 'strict-pruning';
  filter.dispatchEvent(new Event('change'));
  var shown = [];
  d.querySelectorAll('section.student').forEach(function (s) { if (!s.hidden) shown.push(s.id); });
  root.setAttribute('data-filtered', shown.join(' '));
})();
</script></body>)";

TEST_F(ClassReport, InChromiumItSortsFiltersFitsAndPrintsToAtMost25Pages) {
    const std::string binary = chromium();
    if (binary.empty()) GTEST_SKIP() << "chromium is not installed (Debian package chromium): the class report was not rendered";
    TempDir dir;
    std::string probed = html_;
    probed.replace(probed.rfind("</body>"), 7, kProbe);
    writeFile(dir / "probed.html", probed);
    std::string dom;
    ASSERT_EQ(runChromium(binary, dir, "--dump-dom --window-size=1100,1400", dir / "probed.html", &dom), 0) << dom;
    EXPECT_NE(dom.find("data-overflow=\"false\""), std::string::npos) << "the page runs off its right edge";
    // Sorted by points, ascending: the lowest score first.
    const auto lowest = std::min_element(run_.students.begin(), run_.students.end(),
                                         [](const StudentResults& a, const StudentResults& b) { return a.points() < b.points(); });
    EXPECT_NE(dom.find("data-lowest=\"" + lowest->name + "\""), std::string::npos);
    // Filtered by an explanation: only the student whose failures it explains.
    EXPECT_NE(dom.find(fmt::format("data-filtered=\"student-{}\"", studentIndex("dan") + 1)), std::string::npos);

    // Printed as it is (no script of ours): the collapsed groups stay collapsed.
    std::string out;
    ASSERT_EQ(runChromium(binary, dir, "--no-pdf-header-footer --print-to-pdf='" + (dir / "report.pdf").string() + "'",
                          course_->path() / "report.html", &out),
              0)
        << out;
    const std::string pdf = readFile(dir / "report.pdf");
    std::size_t pages = 0;
    for (std::size_t at = pdf.find("/Type /Page"); at != std::string::npos; at = pdf.find("/Type /Page", at + 1)) {
        pages += at + 11 < pdf.size() && pdf[at + 11] != 's';  // not "/Type /Pages", the page tree
    }
    EXPECT_GE(pages, 2u) << "the score table, the overview and eight students fit on one page?";
    EXPECT_LE(pages, static_cast<std::size_t>(kMostPages)) << "the class report of 8 programs prints to " << pages << " pages";
    std::cout << "class report of 8 programs: " << html_.size() << " bytes, " << pages << " printed pages\n";
}

}  // namespace
}  // namespace plyjudge::reports
