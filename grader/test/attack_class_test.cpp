// A class graded with several attackers at once at -j 2 (issue 25), so that their attacks overlap: a folder
// named students.yaml, a folder whose name carries terminal escapes and a newline, a submission holding a FIFO
// and a socket, a program that takes the permissions away from folders it made, one that floods its standard
// output, one that writes a 20 MiB single-line output file; and honest students beside them. Graded as the
// user the tests run as and, when that is root, also as an unprivileged grader (chmod 0 stops only that one).
#include <gtest/gtest.h>
#include <unistd.h>

#include <map>
#include <set>

#include "grader/test/course_support.hpp"

using namespace plyjudge::grader;
using namespace plyjudge::grader::testing;

namespace {

const std::string kEscapes = "esc\x1b]0;owned\x07\x1b[2J\nalice 10 10 5 OK";

// Students whose programs are correct, whatever else their folder holds or is called.
const std::vector<std::string> kHonest = {"alice", "students.yaml", kEscapes, "fifo", "chmod"};
// Students whose programs are wrong on purpose: their verdicts are theirs, never a judge error.
const std::vector<std::string> kWrong = {"flood", "bigline"};

void makeClass(Course& course) {
    for (const std::string s : {"alice", "students.yaml", kEscapes.c_str()}) course.addStudent(s);
    const auto fifo = course.addStudent("fifo");
    makeFifo(fifo / "pipe");
    makeSocket(fifo / "sock");
    course.addStudent("chmod", lockingSquirrelProgram());
    course.addStudent("flood", "import sys\nwhile True:\n    sys.stdout.write('x' * 65536)\n");
    course.addStudent("bigline", correctSquirrelProgram() + "open('next_state.txt', 'w').write('A' * (20 << 20))\n");
}

void gradeAttackers(const std::string& prefix) {
    Course course("attackers");
    makeClass(course);
    const std::string junit = (course.root() / "junit.xml").string();
    const CommandOutput r = course.grade("--report junit --report-output " + quoted(junit), prefix);
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
