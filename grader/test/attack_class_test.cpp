// A class graded with several attackers at once at -j 2 (issue 25), so that their attacks overlap: a folder
// named students.yaml, a folder whose name carries terminal escapes and a newline, a submission holding a FIFO
// and a socket, a program that takes the permissions away from folders it made, one that floods its standard
// output, one that writes a 20 MiB single-line output file; and honest students beside them. Graded as the
// user the tests run as and, when that is root, also as an unprivileged grader (chmod 0 stops only that one).
// The suite is hidden, and a student echoes each case's input into its output and its error stream: the reports
// written for students must hold none of it, stay small, and be well-formed.
#include <gtest/gtest.h>
#include <unistd.h>

#include <map>
#include <sstream>
#include <set>

#include "grader/test/course_support.hpp"
#include "testsupport/temp_dir.hpp"

using namespace plyjudge::grader;
using namespace plyjudge::grader::testing;

namespace {

const std::string kEscapes = "esc\x1b]0;owned\x07\x1b[2J\nalice 10 10 5 OK";

// Students whose programs are correct, whatever else their folder holds or is called.
const std::vector<std::string> kHonest = {"alice", "students.yaml", kEscapes, "fifo", "chmod"};
// Students whose programs are wrong on purpose: their verdicts are theirs, never a judge error.
const std::vector<std::string> kWrong = {"flood", "bigline", "echo"};

void makeClass(Course& course) {
    for (const std::string s : {"alice", "students.yaml", kEscapes.c_str()}) course.addStudent(s);
    const auto fifo = course.addStudent("fifo");
    makeFifo(fifo / "pipe");
    makeSocket(fifo / "sock");
    course.addStudent("chmod", lockingSquirrelProgram());
    course.addStudent("flood", "import sys\nwhile True:\n    sys.stdout.write('x' * 65536)\n");
    course.addStudent("bigline", correctSquirrelProgram() + "open('next_state.txt', 'w').write('A' * (20 << 20))\n");
    course.addStudent("echo", "import sys\ntext = open('input.txt').read()\nopen('next_state.txt', 'w').write(text)\n"
                              "sys.stderr.write(text)\nsys.exit(3)\n");
}

// What no student-facing report may hold: each line of a hidden case's input and expected files that is long enough
// to be telling (board rows, log lines), without its line end (the reports escape a carriage return).
std::vector<std::string> hiddenContent(const std::filesystem::path& suite) {
    std::vector<std::string> secrets;
    for (const auto& e : std::filesystem::recursive_directory_iterator(suite)) {
        if (!e.is_regular_file() || e.path().filename() == "suite.yaml" || e.path().filename() == "SOURCE.txt") continue;
        std::istringstream lines(plyjudge::testing::readFile(e.path()));
        for (std::string line; std::getline(lines, line);) {
            if (!line.empty() && line.back() == '\r') line.pop_back();
            if (line.size() >= 12) secrets.push_back(line);
        }
    }
    return secrets;
}

void expectStudentReportsHold(const std::filesystem::path& reports, const std::filesystem::path& suite) {
    const std::vector<std::string> secrets = hiddenContent(suite);
    int files = 0;
    for (const auto& e : std::filesystem::recursive_directory_iterator(reports)) {
        if (!e.is_regular_file()) continue;
        ++files;
        EXPECT_LT(e.file_size(), 512u << 10) << e.path() << ": a report far larger than a class's results";
        const std::string text = plyjudge::testing::readFile(e.path());
        for (const std::string& secret : secrets)
            EXPECT_EQ(text.find(secret), std::string::npos) << e.path() << " shows hidden content: " << secret.substr(0, 80);
    }
    EXPECT_GE(files, 4) << "junit.xml, report.html and a results.json per student";
}

void gradeAttackers(const std::string& prefix) {
    Course course("attackers");
    const std::filesystem::path suite = course.hideTheSuite();
    makeClass(course);
    const std::filesystem::path reports = course.root() / "reports";
    const std::string junit = (reports / "junit.xml").string();
    const CommandOutput r = course.grade("--report junit,gradescope,html --for-students --report-output " + quoted(reports.string()), prefix);
    EXPECT_TRUE(r.exitCode == 0 || r.exitCode == 1) << "exit " << r.exitCode << "\n" << r.output;

    // Every student has a stored result for each of the five cases, and none is a judge error.
    std::map<std::string, std::multiset<std::string>> verdicts;
    for (const StoredResult& s : course.stored()) verdicts[s.student].insert(std::string(verdictCode(s.result.verdict)));
    EXPECT_EQ(verdicts.size(), kHonest.size() + kWrong.size()) << r.output;
    for (const std::string& s : kHonest) EXPECT_EQ(verdicts[s], std::multiset<std::string>({"ok", "ok", "ok", "ok", "ok"})) << s << "\n" << r.output;
    for (const std::string& s : kWrong) {
        EXPECT_EQ(verdicts[s].size(), 5u) << s;
        EXPECT_EQ(verdicts[s].count("judge-error") + verdicts[s].count("not-run"), 0u) << s << "\n" << r.output;
        EXPECT_LT(verdicts[s].count("ok"), 5u) << s << ": its attack counts against it";  // bigline passes the task-4 case (no next_state.txt)
    }
    EXPECT_EQ(course.leftovers(), std::vector<std::string>{}) << "scratch folders left in the grader's TMPDIR";

    ASSERT_TRUE(std::filesystem::exists(junit)) << r.output;
    expectStudentReportsHold(reports, suite);
    if (shell("command -v xmllint").exitCode != 0) GTEST_SKIP() << "xmllint is not installed: the JUnit report's well-formedness is not checked";
    const CommandOutput lint = shell("xmllint --noout " + quoted(junit));
    EXPECT_EQ(lint.exitCode, 0) << lint.output.substr(0, 2000);
}

}  // namespace

TEST(AttackersAtOnce, AsTheTestsUser) { gradeAttackers(""); }

TEST(AttackersAtOnce, AsAnUnprivilegedGrader) {
    if (::geteuid() != 0) GTEST_SKIP() << "the tests already run unprivileged (AttackersAtOnce.AsTheTestsUser)";
    std::string why;
    const auto asUser = unprivilegedPrefix(why);
    if (!asUser) GTEST_SKIP() << why;
    gradeAttackers(*asUser);
}
