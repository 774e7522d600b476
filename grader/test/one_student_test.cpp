// One student's mistake is that student's verdict (issue 25, break 11): a folder named students.yaml, a
// students.yaml the grader cannot read, a submission over the staging limits or with an unreadable file,
// FIFOs and sockets in a submission, and strangely named student folders. Each time the rest of the class
// is graded and `grade` exits 0 (2 is for the TA's configuration and judge errors). Also break 9: a program
// that takes the permissions away from folders it made leaves nothing behind an unprivileged grader.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <map>

#include "grader/test/course_support.hpp"
#include "testsupport/temp_dir.hpp"

using namespace plyjudge::grader;
using namespace plyjudge::grader::testing;

namespace {

// Each student's verdicts (code: count) and points, from the database.
struct Tally {
    std::map<std::string, int> verdicts;
    double points = 0;
    std::string messages;
};

std::map<std::string, Tally> tally(const Course& course) {
    std::map<std::string, Tally> out;
    for (const StoredResult& r : course.stored()) {
        Tally& t = out[r.student];
        ++t.verdicts[std::string(verdictCode(r.result.verdict))];
        t.points += r.result.points;
        t.messages += r.result.message + "\n";
    }
    return out;
}

// Every one of the five cases passed.
void expectFullMarks(const std::map<std::string, Tally>& t, const std::string& student, const std::string& output) {
    const auto it = t.find(student);
    ASSERT_NE(it, t.end()) << "no results for " << student << "\n" << output;
    EXPECT_EQ(it->second.verdicts, (std::map<std::string, int>{{"ok", 5}})) << student << "\n" << it->second.messages << output;
}

// The student's five cases refused as the submission's fault (no judge error), with `words` in the message.
void expectRefused(const std::map<std::string, Tally>& t, const std::string& student, const std::string& words, const std::string& output) {
    const auto it = t.find(student);
    ASSERT_NE(it, t.end()) << "no results for " << student << "\n" << output;
    EXPECT_EQ(it->second.verdicts, (std::map<std::string, int>{{"no-program", 5}})) << it->second.messages << output;
    EXPECT_NE(it->second.messages.find("submission refused: "), std::string::npos) << it->second.messages;
    EXPECT_NE(it->second.messages.find(words), std::string::npos) << it->second.messages;
}

}  // namespace

// Before: "internal error: basic_filebuf::underflow ... Is a directory", nothing graded, exit 2.
TEST(OneStudent, AFolderNamedStudentsYamlIsAStudentAndTheClassIsGraded) {
    Course course("students-yaml-folder");
    course.addStudent("alice");
    course.addStudent("students.yaml");
    const CommandOutput r = course.grade("");
    EXPECT_EQ(r.exitCode, 0) << r.output;
    EXPECT_NE(r.output.find("warning: subs/students.yaml is a folder: graded as a student's folder"), std::string::npos) << r.output;
    const auto t = tally(course);
    expectFullMarks(t, "alice", r.output);
    expectFullMarks(t, "students.yaml", r.output);
    EXPECT_TRUE(course.leftovers().empty());
}

// Before: grade waited for a writer on the FIFO for ever (Course::grade's `timeout` stops it: a failure).
TEST(OneStudent, AStudentsYamlThatIsAFifoIsNotOpened) {
    Course course("students-yaml-fifo");
    course.addStudent("alice");
    makeFifo(course.submissions() / "students.yaml");
    const CommandOutput r = course.grade("");
    EXPECT_EQ(r.exitCode, 0) << r.output;
    EXPECT_NE(r.output.find("subs/students.yaml is not a regular file"), std::string::npos) << r.output;
    expectFullMarks(tally(course), "alice", r.output);
}

// Before: "cannot read students.yaml", a configuration error (exit 2), nothing graded.
TEST(OneStudent, AnUnreadableStudentsYamlIsSaidAndTheClassIsGraded) {
    std::string why;
    const auto asUser = unprivilegedPrefix(why);
    if (!asUser) GTEST_SKIP() << why;
    Course course("students-yaml-unreadable");
    course.addStudent("alice");
    plyjudge::testing::writeFile(course.submissions() / "students.yaml", "alice: {python: 3}\n");
    ::chmod((course.submissions() / "students.yaml").c_str(), 0);
    const CommandOutput r = course.grade("", *asUser);
    EXPECT_EQ(r.exitCode, 0) << r.output;
    EXPECT_NE(r.output.find("subs/students.yaml cannot be read (Permission denied)"), std::string::npos) << r.output;
    expectFullMarks(tally(course), "alice", r.output);
}

// Before: a judge error on every case of the big submission (0 of 0 points) and exit 2.
TEST(OneStudent, ASubmissionOverTheFileLimitIsRefusedAndTheClassIsGraded) {
    Course course("too-many-files");
    course.addStudent("alice");
    const auto big = course.addStudent("bob");
    std::filesystem::create_directories(big / "data");
    for (int i = 0; i < 20001; ++i) plyjudge::testing::writeFile(big / "data" / ("f" + std::to_string(i)), "");
    const CommandOutput r = course.grade("");
    EXPECT_EQ(r.exitCode, 0) << r.output;
    const auto t = tally(course);
    expectFullMarks(t, "alice", r.output);
    expectRefused(t, "bob", "more than 20000 files", r.output);
}

// Before: a judge error on every case ("cannot stage the submission: ... Permission denied") and exit 2.
TEST(OneStudent, AnUnreadableFileRefusesItsSubmissionOnly) {
    std::string why;
    const auto asUser = unprivilegedPrefix(why);
    if (!asUser) GTEST_SKIP() << why << " (root reads every file)";
    Course course("unreadable-file");
    course.addStudent("alice");
    const auto dir = course.addStudent("bob");
    plyjudge::testing::writeFile(dir / "notes.txt", "secret\n");
    ::chmod((dir / "notes.txt").c_str(), 0);
    const CommandOutput r = course.grade("", *asUser);
    EXPECT_EQ(r.exitCode, 0) << r.output;
    const auto t = tally(course);
    expectFullMarks(t, "alice", r.output);
    expectRefused(t, "bob", "notes.txt", r.output);
}

// Held before (staging copies regular files only): FIFOs and sockets beside the program are left out, never
// opened, and the program is graded as usual; a FIFO named as the program is no program.
TEST(OneStudent, FifosAndSocketsInASubmissionAreLeftOut) {
    Course course("special-files");
    const auto dir = course.addStudent("alice");
    makeFifo(dir / "pipe");
    makeFifo(dir / "pipe.py");
    makeSocket(dir / "sock");
    makeFifo(course.submissions() / "carol");  // not a folder: not a student
    const CommandOutput r = course.grade("");
    EXPECT_EQ(r.exitCode, 0) << r.output;
    const auto t = tally(course);
    expectFullMarks(t, "alice", r.output);
    EXPECT_EQ(t.count("carol"), 0u);
}

// Before: the 255-byte name made a build folder name too long to create: judge errors and exit 2. Each name
// is stored as it is (bytes), and every student gets their own results.
TEST(OneStudent, StrangelyNamedFoldersAreGradedAndKeptApart) {
    Course course("strange-names");
    const std::vector<std::string> names = {"with space", "new\nline", "-leading-dash", "latin1-caf\xe9", "latin1-caf\xe8",
                                            "esc\x1b]0;title\x07\x1b[2J", "a_b", "a b", std::string(255, 'x')};
    for (const std::string& name : names) course.addStudent(name);
    const CommandOutput r = course.grade("");
    EXPECT_EQ(r.exitCode, 0) << r.output;
    const auto t = tally(course);
    EXPECT_EQ(t.size(), names.size()) << r.output;
    for (const std::string& name : names) expectFullMarks(t, name, r.output);
    EXPECT_TRUE(course.leftovers().empty());
}

// Break 9. Before: as an unprivileged grader the scratch folder (every student's staged source) stayed in
// TMPDIR, its run directories unremovable.
TEST(OneStudent, AProgramThatTakesPermissionsAwayLeavesNothingBehind) {
    std::string why;
    const auto asUser = unprivilegedPrefix(why);
    if (!asUser) GTEST_SKIP() << why << " (chmod 0 stops only an unprivileged grader)";
    Course course("chmod-zero");
    course.addStudent("alice");
    course.addStudent("mallory", lockingSquirrelProgram());
    const CommandOutput r = course.grade("", *asUser);
    EXPECT_EQ(r.exitCode, 0) << r.output;
    const auto t = tally(course);
    expectFullMarks(t, "alice", r.output);
    expectFullMarks(t, "mallory", r.output);  // it wrote its files before locking its folder
    EXPECT_EQ(course.leftovers(), std::vector<std::string>{}) << r.output;
    // check, as a student runs it: the same scratch handling.
    const CommandOutput c = shell("cd " + quoted((course.submissions() / "mallory").string()) + " && " + *asUser + "env TMPDIR=" +
                                  quoted(course.tmp().string()) + " " + quoted(plyjudgeBinary()) + " check squirrel main.py --generated 0");
    EXPECT_EQ(c.exitCode, 0) << c.output;
    EXPECT_EQ(course.leftovers(), std::vector<std::string>{}) << c.output;
}
