// Grading a class again through the real `plyjudge grade`: one student's settings changed (an override added),
// --rerun STUDENT, judge errors, and the explanations of finished students stored with the results.
#include <gtest/gtest.h>

#include "grader/test/grader_test_support.hpp"
#include "storage/sqlite.hpp"
#include "testsupport/golden.hpp"
#include "testsupport/temp_dir.hpp"

using namespace plyjudge::grader::testing;
using namespace plyjudge::testing;

namespace {

// A class of reversi programs on two cases. Each student's main.py runs the reference (its own copy of plyjudge,
// visible to the run), broken by corrupt.py's MODE; "needs-fixed" crashes unless the run's folder holds fixed.txt
// (which an override's `setup:` can put there).
class RerunClass {
public:
    RerunClass() {
        makeHiddenReversiSuite(root_.path());
        writeAssignment("");
    }

    // The assignment, with `overrides` (YAML lines under `overrides:`) when not empty.
    void writeAssignment(const std::string& overrides, const std::string& limits = "wall_seconds: 15, cpu_seconds: 5") {
        writeFile(root_ / "a.yaml", "variant: reversi\nrun: {command: '" + pythonPath() + " {program}'}\n"
                                    "limits: {" + limits + ", memory_mb: 512}\nsuites: [suite]\n" +
                                        (overrides.empty() ? "" : "overrides:\n" + overrides));
    }

    void addStudent(const std::string& name, const std::string& mode) {
        const auto dir = root_ / "subs" / name;
        writeFileMakingDirs(dir / "tools" / "corrupt.py", readFile(programsDir() / "corrupt.py"));
        std::filesystem::copy_file(plyjudgeBinary(), dir / "tools" / "plyjudge");
        writeFileMakingDirs(dir / "main.py",
                            "import os, sys\n"
                            "tools = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'tools')\n"
                            "plyjudge = os.path.join(tools, 'plyjudge')\n"
                            "mode = '" + mode + "'\n"
                            "if mode == 'needs-fixed':\n"
                            "    mode = 'none' if os.path.exists('fixed.txt') else 'crash'\n"
                            "if mode == 'none':\n"
                            "    os.execv(plyjudge, ['plyjudge', 'solve', 'reversi'] + sys.argv[1:])\n"
                            "os.execv(sys.executable, [sys.executable, os.path.join(tools, 'corrupt.py'), mode, plyjudge, "
                            "'reversi'] + sys.argv[1:])\n");
    }

    CommandOutput grade(const std::string& extra = "") const {
        return shell(plyjudgeBinary() + " grade " + (root_ / "a.yaml").string() + " " + (root_ / "subs").string() + " -j 2 --db " +
                     db().string() + " " + extra);
    }
    std::filesystem::path db() const { return root_ / "r.db"; }
    const TempDir& root() const { return root_; }

    // The first value of `sql` (a SELECT of one value); "" when it selects nothing.
    std::string query(const std::string& sql) const {
        plyjudge::storage::Database d(db());
        auto q = d.prepare(sql);
        return q.step() ? q.columnText(0) : std::string();
    }
    void exec(const std::string& sql) const {
        plyjudge::storage::Database d(db());
        d.exec(sql);
    }

private:
    TempDir root_;
};

bool has(const CommandOutput& r, const std::string& text) { return r.output.find(text) != std::string::npos; }

TEST(GradeAgain, AnOverrideAddedForOneStudentRegradesThatStudentOnly) {
    RerunClass c;
    c.addStudent("alice", "none");
    c.addStudent("bob", "needs-fixed");
    ASSERT_EQ(c.grade().exitCode, 0);
    ASSERT_EQ(c.query("SELECT count(*) FROM results WHERE student = 'bob' AND verdict = 'runtime-error'"), "2");
    c.exec("UPDATE results SET finished_at = 'before'");

    c.writeAssignment("  bob: {setup: ['input.txt -> fixed.txt']}\n");
    const auto again = c.grade();
    EXPECT_EQ(again.exitCode, 0) << again.output;
    EXPECT_TRUE(has(again, "2 run(s) to do, 2 already in")) << again.output;
    EXPECT_TRUE(has(again, "settings changed since graded (the assignment's overrides, students.yaml or the Pythons installed): bob: graded again"))
        << again.output;
    EXPECT_EQ(c.query("SELECT count(*) FROM results WHERE student = 'bob' AND verdict = 'ok' AND finished_at <> 'before'"), "2");
    EXPECT_EQ(c.query("SELECT count(*) FROM results WHERE student = 'alice' AND finished_at = 'before'"), "2")
        << "alice was not graded again";

    // Changed again and named: --rerun grades bob alone, as the new override says.
    c.writeAssignment("  bob: {setup: ['input.txt -> other.txt']}\n");
    const auto rerun = c.grade("--rerun bob");
    EXPECT_EQ(rerun.exitCode, 0) << rerun.output;
    EXPECT_TRUE(has(rerun, "grading 1 student(s) x 2 case(s): 2 run(s) to do")) << rerun.output;
    EXPECT_EQ(c.query("SELECT count(*) FROM results WHERE student = 'bob' AND verdict = 'runtime-error'"), "2");
    EXPECT_EQ(c.query("SELECT count(*) FROM results WHERE student = 'alice' AND finished_at = 'before'"), "2");

    // bob's settings in students.yaml beside the submissions (they replace the assignment's): bob again, alone.
    writeFile(c.root() / "subs" / "students.yaml", "bob: {setup: ['input.txt -> fixed.txt']}\n");
    const auto fromFile = c.grade();
    EXPECT_TRUE(has(fromFile, "2 run(s) to do, 2 already in")) << fromFile.output;
    EXPECT_EQ(c.query("SELECT count(*) FROM results WHERE student = 'bob' AND verdict = 'ok'"), "2");
    EXPECT_EQ(c.query("SELECT count(*) FROM results WHERE student = 'alice' AND finished_at = 'before'"), "2");
}

TEST(GradeAgain, AClassWideChangeOrAnUnknownStudentIsRefused) {
    RerunClass c;
    c.addStudent("alice", "none");
    ASSERT_EQ(c.grade().exitCode, 0);
    const auto unknown = c.grade("--rerun nobody");
    EXPECT_EQ(unknown.exitCode, 2);
    EXPECT_TRUE(has(unknown, "--rerun nobody: no student folder of that name in")) << unknown.output;
    c.writeAssignment("", "wall_seconds: 14, cpu_seconds: 5");
    const auto other = c.grade();
    EXPECT_EQ(other.exitCode, 2);
    EXPECT_TRUE(has(other, "class-wide settings changed")) << other.output;
}

// Rows an older plyjudge wrote hold no settings digest: with the same assignment text they were graded with today's
// settings and are kept; under a changed text nobody knows, and they are graded again.
TEST(GradeAgain, RowsWithoutSettingsDigestAreKeptUnderTheSameTextOnly) {
    RerunClass c;
    c.addStudent("alice", "none");
    c.addStudent("bob", "none");
    ASSERT_EQ(c.grade().exitCode, 0);
    c.exec("UPDATE results SET student_settings = NULL");
    const auto same = c.grade();
    EXPECT_TRUE(has(same, "0 run(s) to do, 4 already in")) << same.output;
    EXPECT_EQ(c.query("SELECT count(*) FROM results WHERE student_settings IS NULL"), "0") << "given today's digest";

    c.exec("UPDATE results SET student_settings = NULL WHERE student = 'bob'");
    c.writeAssignment("  carol: {python: 3}\n");  // an override for someone else: the text changed
    const auto changed = c.grade();
    EXPECT_TRUE(has(changed, "2 run(s) to do, 2 already in")) << changed.output;
    EXPECT_TRUE(has(changed, ": bob: graded again")) << changed.output;
}

TEST(GradeAgain, JudgeErrorsAreNeverFinal) {
    RerunClass c;
    c.addStudent("alice", "none");
    c.addStudent("bob", "none");
    ASSERT_EQ(c.grade().exitCode, 0);
    const std::string oneJudgeError =
        "UPDATE results SET verdict = 'judge-error' WHERE student = 'alice' AND case_name = 'case1'";
    c.exec(oneJudgeError);
    const auto plain = c.grade();
    EXPECT_TRUE(has(plain, "1 run(s) to do, 3 already in")) << plain.output;
    EXPECT_TRUE(has(plain, "1 judge error(s) stored: graded again")) << plain.output;
    EXPECT_EQ(c.query("SELECT verdict FROM results WHERE student = 'alice' AND case_name = 'case1'"), "ok");

    // Explicitly: the judge errors alone, not bob's missing run.
    c.exec(oneJudgeError);
    c.exec("DELETE FROM results WHERE student = 'bob' AND case_name = 'case3'");
    const auto explicitly = c.grade("--rerun-judge-errors");
    EXPECT_EQ(explicitly.exitCode, 0) << explicitly.output;
    EXPECT_TRUE(has(explicitly, "grading 1 student(s) x 2 case(s): 1 run(s) to do")) << explicitly.output;
    EXPECT_EQ(c.query("SELECT verdict FROM results WHERE student = 'alice' AND case_name = 'case1'"), "ok");
    EXPECT_EQ(c.query("SELECT count(*) FROM results WHERE student = 'bob'"), "1");
}

TEST(GradeAgain, AFinishedStudentsExplanationsAreStoredAndLoaded) {
    RerunClass c;
    c.addStudent("alice", "none");
    c.addStudent("bob", "drop-cutoff");
    const auto first = c.grade();
    ASSERT_EQ(first.exitCode, 0) << first.output;
    EXPECT_TRUE(has(first, "explaining [1/2] alice")) << first.output;
    const std::string stored = c.query("SELECT count(*) FROM case_explanations WHERE student = 'bob'");
    ASSERT_NE(stored, "0") << first.output;
    // Marked, to tell a loaded explanation from one computed again.
    c.exec("UPDATE case_explanations SET sentence = 'STORED-MARK'");

    const auto json = c.root() / "r.json";
    const auto again = c.grade("--json " + json.string());
    EXPECT_EQ(again.exitCode, 0) << again.output;
    EXPECT_FALSE(has(again, "explaining")) << again.output;
    EXPECT_NE(readFile(json).find("STORED-MARK"), std::string::npos);
    const auto report = shell(plyjudgeBinary() + " report " + c.db().string() + " --format json -o " +
                              (c.root() / "report.json").string() + " --assignment " + (c.root() / "a.yaml").string());
    EXPECT_EQ(report.exitCode, 0) << report.output;
    EXPECT_NE(readFile(c.root() / "report.json").find("STORED-MARK"), std::string::npos);

    // A resume after alice's last run was cut short (so she was never finished, nor explained): only she is explained.
    c.exec("DELETE FROM results WHERE student = 'alice' AND case_name = 'case3'");
    c.exec("DELETE FROM student_explanations WHERE student = 'alice'");
    const auto resumed = c.grade();
    EXPECT_TRUE(has(resumed, "explaining [1/1] alice")) << resumed.output;
    EXPECT_FALSE(has(resumed, "] bob")) << resumed.output;
}

}  // namespace
