// The experiments' own rules, without running programs: which names a failed program's error output gives and
// which of them may be written (never outside the run directory), what each transformation writes, which
// experiments apply, the order they are tried in, the budget, and that only a passing rerun explains.
#include <gtest/gtest.h>

#include "grader/explain/experiments.hpp"
#include "grader/explain/requested_files.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::grader {
namespace {

TEST(Experiments, NamesComeFromPythonAndJavaErrors) {
    const std::string python3 = "Traceback (most recent call last):\n  File \"a.py\", line 3\nFileNotFoundError: [Errno 2] "
                                "No such file or directory: 'input1.txt'\n";
    EXPECT_EQ(missingFilesNamed(python3), std::vector<std::string>{"input1.txt"});
    const std::string python2 = "IOError: [Errno 2] No such file or directory: 'data/in.txt'\n";
    EXPECT_EQ(missingFilesNamed(python2), std::vector<std::string>{"data/in.txt"});
    const std::string java = "Exception in thread \"main\" java.io.FileNotFoundException: input2.txt (No such file or "
                             "directory)\n\tat java.base/java.io.FileInputStream.open0(Native Method)\n";
    EXPECT_EQ(missingFilesNamed(java), std::vector<std::string>{"input2.txt"});
    EXPECT_TRUE(missingFilesNamed("Segmentation fault\n").empty());
    EXPECT_EQ(missingFilesNamed(python3 + python3 + java), (std::vector<std::string>{"input1.txt", "input2.txt"}));
}

TEST(Experiments, OnlyNamesInsideTheRunDirectoryAreKept) {
    const std::filesystem::path run = "/work/runs/run-1-2";
    EXPECT_EQ(insideRunDirectory("input1.txt", run), std::filesystem::path("input1.txt"));
    EXPECT_EQ(insideRunDirectory("./sub/in.txt", run), std::filesystem::path("sub/in.txt"));
    EXPECT_EQ(insideRunDirectory("/work/runs/run-1-2/in.txt", run), std::filesystem::path("in.txt"));
    EXPECT_FALSE(insideRunDirectory("../input.txt", run));
    EXPECT_FALSE(insideRunDirectory("sub/../../x", run));
    EXPECT_FALSE(insideRunDirectory("/etc/passwd", run));
    EXPECT_FALSE(insideRunDirectory("/work/runs/run-1-20/in.txt", run));
    EXPECT_FALSE(insideRunDirectory("", run));
    EXPECT_FALSE(insideRunDirectory(".", run));
    EXPECT_FALSE(insideRunDirectory("a\nb", run));
}

FailedRun crlfCrash() {
    FailedRun f;
    f.verdict = Verdict::RuntimeError;
    f.input = "1\r\nX\r\n1\r\n*****";
    f.stderrText = "ValueError: unknown player 'X\\r'\n";
    f.comparedFiles = {"next_state.txt"};
    f.missingFiles = {"next_state.txt"};
    f.runDir = "/work/runs/run-1-2";
    return f;
}

std::vector<std::string> applicable(const FailedRun& f) {
    std::vector<std::string> names;
    for (const Experiment& e : experiments()) {
        if (e.appliesTo(f)) names.emplace_back(e.name);
    }
    return names;
}

TEST(Experiments, OnlyThoseThatCanChangeSomethingApply) {
    EXPECT_EQ(applicable(crlfCrash()), (std::vector<std::string>{"lf-line-ends", "final-newline"}));
    FailedRun lf = crlfCrash();
    lf.input = "1\nX\n1\n*****\n";
    lf.verdict = Verdict::MissingOutput;
    lf.stdoutText = "**XX*\n";
    lf.stdoutComplete = true;
    lf.stderrText = "IOError: [Errno 2] No such file or directory: 'input1.txt'\n";
    lf.python = "python3";
    lf.otherPython = "python2";
    EXPECT_EQ(applicable(lf), (std::vector<std::string>{"input-file-name", "stdout-as-output", "crlf-line-ends",
                                                        "no-final-newline", "other-python"}));
    lf.stdoutComplete = false;  // what it printed was cut: it cannot stand for the file
    lf.otherPython.clear();     // no other Python here
    lf.stderrText = "FileNotFoundError: [Errno 2] No such file or directory: '../input.txt'\n";
    EXPECT_EQ(applicable(lf), (std::vector<std::string>{"crlf-line-ends", "no-final-newline"}));
    // A program reading back an output file it did not write (trace_state.txt compared, next_state.txt read):
    // copying the input there is no explanation of anything.
    lf.stderrText = "FileNotFoundError: [Errno 2] No such file or directory: 'next_state.txt'\n";
    lf.outputNames = {"next_state.txt", "traverse_log.txt", "trace_state.txt"};
    EXPECT_EQ(applicable(lf), (std::vector<std::string>{"crlf-line-ends", "no-final-newline"}));
    // The answer's form: a missing file written at a near name; a wrong answer with blank lines the expected lacks.
    lf.nearNames = {{"trace_state.txt", "trace_state"}};
    EXPECT_EQ(applicable(lf), (std::vector<std::string>{"output-file-name", "crlf-line-ends", "no-final-newline"}));
    lf.verdict = Verdict::WrongAnswer;
    lf.strayBlankLines = {"trace_state.txt"};
    EXPECT_EQ(applicable(lf), (std::vector<std::string>{"blank-lines-in-output", "crlf-line-ends", "no-final-newline"}));
    // A Python program's crash quoting a line of its own file: it reads itself.
    lf.verdict = Verdict::RuntimeError;
    lf.ownSourceLine = "import operator";
    lf.ownSourceLineNumber = 1;
    EXPECT_EQ(applicable(lf), (std::vector<std::string>{"argv0-as-input", "crlf-line-ends", "no-final-newline"}));
    lf.python.clear();  // not a Python file: sys.argv[0] cannot be set for it
    EXPECT_EQ(applicable(lf), (std::vector<std::string>{"crlf-line-ends", "no-final-newline"}));
}

// What the failed run showed of its answer's form, when no experiment passed: a near name is a finding, not exact.
TEST(Experiments, ANearNameThatStillFailsIsShownNotExact) {
    FailedRun f = crlfCrash();
    EXPECT_FALSE(observedOutputForm(f));
    f.verdict = Verdict::MissingOutput;
    f.nearNames = {{"trace_state.txt", "trace_state"}};
    f.nearNamesDiffer = "trace_state line 11";
    const auto shown = observedOutputForm(f);
    ASSERT_TRUE(shown);
    EXPECT_FALSE(shown->exact);
    EXPECT_EQ(shown->kind, ExplanationKind::Experiment);
    EXPECT_EQ(shown->line(), "not reproduced; experiment finding output-file-name — Your program writes 'trace_state' instead of "
                             "trace_state.txt; read there, its answer still differs from the expected one (first at trace_state "
                             "line 11), so the name is not its only mistake.");
}

TEST(Experiments, TransformsChangeTheInputAsNamed) {
    plyjudge::testing::TempDir dir;
    FailedRun f = crlfCrash();
    auto transformed = [&](std::string_view name) {
        plyjudge::testing::writeFile(dir / "input.txt", f.input);
        findExperiment(name)->transform(f, dir.path());
        return plyjudge::testing::readFile(dir / "input.txt");
    };
    EXPECT_EQ(transformed("lf-line-ends"), "1\nX\n1\n*****");
    EXPECT_EQ(transformed("final-newline"), "1\r\nX\r\n1\r\n*****\r\n");
    f.input = "1\nX\n";
    EXPECT_EQ(transformed("crlf-line-ends"), "1\r\nX\r\n");
    EXPECT_EQ(transformed("no-final-newline"), "1\nX");
    f.stderrText = "No such file or directory: 'sub/input1.txt'";
    f.runDir = dir.path();
    EXPECT_EQ(transformed("input-file-name"), "1\nX\n");
    EXPECT_EQ(plyjudge::testing::readFile(dir / "sub" / "input1.txt"), "1\nX\n");
}

TEST(Experiments, TheFirstPassingRerunIsTheExactExplanation) {
    ExperimentSpending spending;
    ExperimentStats stats;
    const auto x = explainByExperiment(crlfCrash(), {}, spending, [](const ExperimentSteps& s) { return nameOf(s) == "final-newline"; },
                                       &stats);
    ASSERT_TRUE(x);
    EXPECT_EQ(x->kind, ExplanationKind::Experiment);
    EXPECT_TRUE(x->exact);
    EXPECT_EQ(x->fault, "final-newline");
    EXPECT_EQ(stats.tried, (std::vector<std::string>{"lf-line-ends", "final-newline"}));
    // The student's next case tries what passed first.
    ExperimentStats next;
    explainByExperiment(crlfCrash(), {}, spending, [](const ExperimentSteps&) { return true; }, &next);
    EXPECT_EQ(next.tried, std::vector<std::string>{"final-newline"});
    EXPECT_EQ(spending.reruns(), 3);
}

TEST(Experiments, PairsComeAfterEverySingleOne) {
    // An old Python 2 program that also splits on '\n': it passes only under Python 2 and with LF line ends.
    FailedRun f = crlfCrash();
    f.python = "python3";
    f.otherPython = "python2";
    ExperimentSpending spending;
    ExperimentStats stats;
    const auto x = explainByExperiment(f, {}, spending, [](const ExperimentSteps& s) { return nameOf(s) == "other-python + lf-line-ends"; },
                                       &stats);
    ASSERT_TRUE(x);
    EXPECT_TRUE(x->exact);
    EXPECT_EQ(x->fault, "other-python + lf-line-ends");
    EXPECT_EQ(x->sentence, "Your program passes only when run with python2 and with LF line ends instead of Windows ones (CRLF), "
                           "together (neither change alone makes it pass).");
    EXPECT_EQ(stats.tried, (std::vector<std::string>{"lf-line-ends", "final-newline", "other-python", "other-python + lf-line-ends"}));
}

TEST(Experiments, NoPassingRerunMeansNoExplanation) {
    ExperimentSpending spending;
    ExperimentStats stats;
    EXPECT_FALSE(explainByExperiment(crlfCrash(), {}, spending, [](const ExperimentSteps&) { return false; }, &stats));
    EXPECT_EQ(stats.tried.size(), 2u);
}

TEST(Experiments, TheBudgetBoundsTheReruns) {
    ExperimentSpending none;
    ExperimentStats stats;
    EXPECT_FALSE(explainByExperiment(crlfCrash(), ExperimentBudget{0, 30}, none, [](const ExperimentSteps&) { return true; }, &stats));
    EXPECT_TRUE(stats.tried.empty());
    ExperimentSpending one;
    EXPECT_FALSE(explainByExperiment(crlfCrash(), ExperimentBudget{1, 30}, one, [](const ExperimentSteps&) { return false; }, &stats));
    EXPECT_FALSE(explainByExperiment(crlfCrash(), ExperimentBudget{1, 30}, one, [](const ExperimentSteps&) { return true; }, &stats));
    EXPECT_EQ(stats.tried.size(), 1u) << "a student's budget is shared by all its cases";
    ExperimentSpending slow;
    slow.addSeconds(31);
    EXPECT_FALSE(explainByExperiment(crlfCrash(), ExperimentBudget{12, 30}, slow, [](const ExperimentSteps&) { return true; }));
    EXPECT_EQ(slow.reruns(), 0);
}

}  // namespace
}  // namespace plyjudge::grader
