// Loading the results model (every view's input) back from a database written by the results store.
#include <gtest/gtest.h>

#include "grader/results/results_loader.hpp"
#include "grader/results/results_store.hpp"
#include "testsupport/golden.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::grader {
namespace {

using plyjudge::testing::TempDir;
using plyjudge::testing::readFile;
using plyjudge::testing::writeFile;

struct GradedRun {
    TempDir dir;
    std::filesystem::path assignment = dir / "assignment.yaml";
    std::filesystem::path db = dir / "run.db";

    GradedRun() {
        std::filesystem::copy(plyjudge::testing::casesDir() / "reversi" / "published", dir / "published",
                              std::filesystem::copy_options::recursive);
        writeFile(assignment, "variant: reversi\nsuites: [published]\n");
        ResultsStore store(db, readFile(assignment));
        for (const char* c : {"case1", "case2", "case3", "case4", "case5"}) {
            CaseResult r;
            r.suite = "published";
            r.name = c;
            r.verdict = Verdict::Ok;
            r.points = r.maxPoints = 1;
            r.wallSeconds = 0.5;
            store.save("alice", r);
        }
        CaseResult wrong;
        wrong.suite = "published";
        wrong.name = "case1";
        wrong.verdict = Verdict::WrongAnswer;
        wrong.maxPoints = 1;
        wrong.diagnosisKind = "tie-break";
        wrong.message = "output.txt: the next state differs";
        FirstDifference d;
        d.file = "output.txt";
        d.line = 1;
        d.expected = "********";
        d.actual = "X*******";
        d.expectedAfter = {"********"};
        wrong.difference = d;
        store.save("bob", wrong);  // bob's other cases were not graded yet
    }
};

TEST(Loader, ReadsTheGradersDatabaseWithTheAssignment) {
    GradedRun g;
    const RunResults run = loadRunResults(g.db, g.assignment);
    EXPECT_EQ(run.variant, "reversi");
    EXPECT_EQ(run.title, "assignment");
    ASSERT_EQ(run.cases.size(), 5u);
    EXPECT_EQ(run.cases[0].id(), "published/case1");
    EXPECT_EQ(run.cases[0].visibility, Visibility::Published);
    EXPECT_EQ(run.cases[0].inputText, readFile(g.dir / "published" / "case1" / "input.txt"));
    EXPECT_EQ(std::filesystem::path(run.cases[0].expectedDir), g.dir / "published" / "case1");
    ASSERT_EQ(run.students.size(), 2u);
    EXPECT_EQ(run.students[0].points(), 5);
    const CaseResult& bob1 = run.students[1].outcomes[0];
    EXPECT_EQ(bob1.verdict, Verdict::WrongAnswer);
    EXPECT_EQ(bob1.diagnosisKind, "tie-break");
    ASSERT_TRUE(bob1.difference);
    EXPECT_EQ(bob1.difference->line, 1u);
    EXPECT_EQ(bob1.difference->actual, "X*******");
    EXPECT_EQ(bob1.difference->expectedAfter, std::vector<std::string>{"********"});
    EXPECT_EQ(run.students[1].outcomes[1].verdict, Verdict::NotRun);
    EXPECT_FALSE(run.complete);
    EXPECT_TRUE(run.notes.empty());
}

TEST(Loader, WithoutTheAssignmentEveryCaseIsHiddenAndSaysSo) {
    GradedRun g;
    const RunResults run = loadRunResults(g.db, std::nullopt);
    EXPECT_EQ(run.variant, "reversi");  // read from the assignment text the database keeps
    ASSERT_EQ(run.cases.size(), 5u);
    for (const CaseInfo& c : run.cases) EXPECT_EQ(c.visibility, Visibility::Hidden);
    ASSERT_EQ(run.notes.size(), 1u);
    EXPECT_NE(run.notes[0].find("--assignment"), std::string::npos);
}

TEST(Loader, AChangedAssignmentIsNoted) {
    GradedRun g;
    writeFile(g.assignment, "variant: reversi\nsuites: [published]\nscoring: {points_per_case: 2}\n");
    const RunResults run = loadRunResults(g.db, g.assignment);
    ASSERT_FALSE(run.notes.empty());
    EXPECT_NE(run.notes[0].find("has changed since this run was graded"), std::string::npos);
}

TEST(Loader, RefusesWhatIsNotAResultsDatabase) {
    TempDir dir;
    try {
        loadRunResults(dir / "none.db", std::nullopt);
        FAIL();
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("no such results database"), std::string::npos);
    }
    EXPECT_FALSE(std::filesystem::exists(dir / "none.db")) << "reading must not create a database";
    writeFile(dir / "text.db", "not sqlite at all, just some text that is long enough to be a header............");
    EXPECT_THROW(loadRunResults(dir / "text.db", std::nullopt), std::runtime_error);
}

}  // namespace
}  // namespace plyjudge::grader
