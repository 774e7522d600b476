// What lets a class be graded again cheaply: the database's identity is the assignment's class-wide settings (an
// override or the title may change), each row keeps its student's settings digest, judge errors are listed for
// grading again, and a finished student's explanations are stored and given back only while they still match.
#include <gtest/gtest.h>

#include "grader/results/class_settings.hpp"
#include "grader/results/results_loader.hpp"
#include "grader/results/results_store.hpp"
#include "grader/results/stored_explanations.hpp"
#include "grader/config/yaml_support.hpp"
#include "storage/sqlite.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::grader {
namespace {

using plyjudge::testing::TempDir;

const std::string kAssignment = "variant: reversi\nlimits: {wall_seconds: 5}\nsuites: [published]\n";

CaseResult result(const std::string& kase, Verdict verdict) {
    CaseResult r;
    r.suite = "published";
    r.name = kase;
    r.verdict = verdict;
    r.maxPoints = 1;
    r.points = verdict == Verdict::Ok ? 1 : 0;
    return r;
}

TEST(ClassSettings, OverridesTitleAndCommentsAreNotClassWide) {
    const std::string base = classSettingsDigest(kAssignment);
    EXPECT_EQ(classSettingsDigest(kAssignment + "overrides:\n  bob: {file: hw.py}\n"), base);
    EXPECT_EQ(classSettingsDigest("title: HW2\n" + kAssignment + "# a comment\n"), base);
    EXPECT_EQ(classSettingsDigest("variant: 'reversi'\nlimits:\n  wall_seconds: 5\nsuites:\n  - published\n"), base);
    EXPECT_NE(classSettingsDigest("variant: reversi\nlimits: {wall_seconds: 6}\nsuites: [published]\n"), base);
    EXPECT_NE(classSettingsDigest(kAssignment + "run: {python: 2}\n"), base);
    EXPECT_NE(classSettingsDigest("not: [yaml"), classSettingsDigest("not: [yaml2"));
}

TEST(ResultsStore, AnOverrideAddedKeepsTheDatabaseAndAClassWideChangeIsRefused) {
    TempDir dir;
    {
        ResultsStore store(dir / "r.db", kAssignment);
        EXPECT_FALSE(store.assignmentTextChanged());
        store.save("alice", result("case1", Verdict::Ok), "a1");
        store.save("carol", result("case1", Verdict::Ok));  // as an older plyjudge wrote it: no settings digest
    }
    const std::string withOverride = kAssignment + "overrides: {bob: {python: 2}}\n";
    {
        ResultsStore store(dir / "r.db", withOverride);
        EXPECT_TRUE(store.assignmentTextChanged());
        EXPECT_EQ(store.all().size(), 2u) << "the rows are kept";
        EXPECT_EQ(store.studentSettings()["alice"], std::set<std::string>{"a1"});
        EXPECT_EQ(store.studentSettings()["carol"], std::set<std::string>{"unknown"}) << "graded under the old text";
    }
    {
        ResultsStore store(dir / "r.db", withOverride);
        EXPECT_FALSE(store.assignmentTextChanged()) << "the new text was recorded";
    }
    EXPECT_THROW(ResultsStore(dir / "r.db", "variant: reversi\nlimits: {wall_seconds: 9}\nsuites: [published]\n"), ConfigError);
}

TEST(ResultsStore, KeepsEachStudentsSettingsDigestWithItsRows) {
    TempDir dir;
    {
        ResultsStore store(dir / "r.db", kAssignment);
        store.save("alice", result("case1", Verdict::Ok), "a1");
        store.save("alice", result("case2", Verdict::Ok), "a1");
        store.save("bob", result("case1", Verdict::Ok), "b1");
        store.save("carol", result("case1", Verdict::Ok));  // unknown: as an older plyjudge wrote it
    }
    ResultsStore store(dir / "r.db", kAssignment);
    auto settings = store.studentSettings();
    EXPECT_EQ(settings["alice"], std::set<std::string>{"a1"});
    EXPECT_EQ(settings["bob"], std::set<std::string>{"b1"});
    EXPECT_EQ(settings["carol"], std::set<std::string>{""});
    EXPECT_EQ(store.all()[0].studentSettings, "a1");
    store.adoptStudentSettings("carol", "c1");
    EXPECT_EQ(store.studentSettings()["carol"], std::set<std::string>{"c1"});
}

TEST(ResultsStore, ListsTheJudgeErrorsAsNotDone) {
    TempDir dir;
    ResultsStore store(dir / "r.db", kAssignment);
    store.save("alice", result("case1", Verdict::Ok));
    CaseResult judge = result("case2", Verdict::NotRun);
    judge.judgeFault = JudgeFault{JudgeComponent::Disk, "no space left", ""};
    store.save("alice", judge);
    EXPECT_EQ(store.judgeErrors(), (std::set<ResultsStore::CaseKey>{{"alice", "published", "case2"}}));
    EXPECT_EQ(store.done(), (std::set<ResultsStore::CaseKey>{{"alice", "published", "case1"}}));
}

// A run of one student with two failed cases, as the store gives it back.
RunResults runOf(ResultsStore& store) {
    std::vector<CaseSource> cases;
    for (const char* name : {"case1", "case2", "case3"}) cases.push_back({"published", name, 1, Visibility::Published, {}, {}});
    return assembleRunResults("t", "reversi", cases, {"bob"}, store.all());
}

void gradeBob(ResultsStore& store) {
    CaseResult wrong = result("case1", Verdict::WrongAnswer);
    wrong.explanation = Explanation{"strict-pruning", false, 3, "nearest", {}, ExplanationKind::Fault};
    store.save("bob", wrong);
    store.save("bob", result("case2", Verdict::RuntimeError));
    store.save("bob", result("case3", Verdict::Ok));
}

// What the student-level steps might make of bob: the first case's explanation reworded, the crash explained.
void explainBob(StudentResults& bob) {
    bob.outcomes[0].explanation->sentence = "after the steps";
    bob.outcomes[1].explanation = Explanation{"the board is full", false, 0, "by contrast", {}, ExplanationKind::Contrast};
    bob.passedCasesChanged["strict-pruning"] = 2;
}

TEST(StoredExplanations, AreGivenBackWhileTheResultsAndTheBasisMatch) {
    TempDir dir;
    ResultsStore store(dir / "r.db", kAssignment);
    gradeBob(store);
    {
        RunResults run = runOf(store);
        const std::string digest = resultsDigestOf(run.students[0]);
        explainBob(run.students[0]);
        store.saveExplanations(run.students[0], digest, "basis 1");
    }
    RunResults again = runOf(store);
    EXPECT_TRUE(store.applyStoredExplanations(again, "basis 2").empty()) << "made with other settings";
    ASSERT_EQ(store.applyStoredExplanations(again, "basis 1"), std::set<std::string>{"bob"});
    const StudentResults& bob = again.students[0];
    EXPECT_EQ(bob.outcomes[0].explanation->sentence, "after the steps");
    ASSERT_TRUE(bob.outcomes[1].explanation);
    EXPECT_EQ(bob.outcomes[1].explanation->kind, ExplanationKind::Contrast);
    EXPECT_EQ(bob.outcomes[1].explanation->fault, "the board is full");
    EXPECT_FALSE(bob.outcomes[2].explanation);
    EXPECT_EQ(bob.passedCasesChanged.at("strict-pruning"), 2);

    // The report reads them too, whatever their basis.
    std::set<std::string> explained;
    const RunResults loaded = loadRunResults(dir / "r.db", std::nullopt, &explained);
    EXPECT_EQ(explained, std::set<std::string>{"bob"});
    EXPECT_EQ(loaded.students[0].outcomes[1].explanation->fault, "the board is full");

    // One result of bob's graded again: the stored explanations no longer hold.
    store.save("bob", result("case2", Verdict::TimeLimit));
    RunResults regraded = runOf(store);
    EXPECT_TRUE(store.applyStoredExplanations(regraded, "basis 1").empty());
    EXPECT_FALSE(regraded.students[0].outcomes[1].explanation);
}

TEST(StoredExplanations, AreForgottenWithTheStudent) {
    TempDir dir;
    ResultsStore store(dir / "r.db", kAssignment);
    gradeBob(store);
    RunResults run = runOf(store);
    store.saveExplanations(run.students[0], resultsDigestOf(run.students[0]), "b");
    store.forget("bob");
    gradeBob(store);  // the same results again: still nothing stored for them
    RunResults again = runOf(store);
    EXPECT_TRUE(store.applyStoredExplanations(again, "b").empty());
}

TEST(StoredExplanations, EachStudentIsExplainedApartWithTheCases) {
    RunResults run;
    run.cases.resize(2);
    for (const char* name : {"alice", "bob", "carol"}) run.students.push_back({name, {}, {}});
    std::vector<std::string> seen;
    explainStudentsApart(run, {"bob"}, [&](RunResults& one, std::size_t index, std::size_t count) {
        ASSERT_EQ(one.students.size(), 1u);
        EXPECT_EQ(one.cases.size(), 2u);
        EXPECT_EQ(count, 2u);
        seen.push_back(one.students[0].name + std::to_string(index));
        one.students[0].passedCasesChanged["x"] = 1;
    });
    EXPECT_EQ(seen, (std::vector<std::string>{"alice0", "carol1"}));
    EXPECT_EQ(run.cases.size(), 2u) << "the cases are given back";
    EXPECT_EQ(run.students[0].passedCasesChanged.size(), 1u);
    EXPECT_TRUE(run.students[1].passedCasesChanged.empty());
}

}  // namespace
}  // namespace plyjudge::grader
