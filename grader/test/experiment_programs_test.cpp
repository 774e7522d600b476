// Explanation by experiment end to end: programs written for these tests (programs/experiments/), each right in
// everything but one thing, run through the case runner on a published squirrel case (Windows line ends, no final
// newline) with explanations on; the rerun that passes is the explanation, exact, of kind Experiment. A crash with
// another cause gets none, and a spent budget tries nothing.
#include <gtest/gtest.h>

#include "grader/run/program.hpp"
#include "grader/suite/case_suite.hpp"
#include "grader/test/grader_test_support.hpp"
#include "reference/variant.hpp"
#include "testsupport/golden.hpp"
#include "testsupport/python2.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::grader::testing {
namespace {

struct ExperimentRun {
    CaseResult result;
    int reruns = 0;  // what the student's budget was charged
};

// `program` (from programs/experiments/, with the squirrel solver it imports beside it) on squirrel's published
// sample1 (greedy: next_state.txt only), explained, within `budget`.
ExperimentRun runExplained(const std::string& program, const ExperimentBudget& budget = {}, const Interpreters& tools = {}) {
    plyjudge::testing::TempDir work;
    openToRuns(work.path());
    const std::filesystem::path src = work / "submission";
    std::filesystem::create_directories(src);
    std::filesystem::copy_file(programsDir() / "experiments" / program, src / program);
    std::filesystem::copy_file(programsDir() / "faulty" / "squirrel" / "_squirrel.py", src / "_squirrel.py");
    const Variant& v = *findVariant("squirrel");
    RunContext context{"squirrel", v.convention, quickLimits(), work.path(), {plyjudge::testing::casesDir()}, {}};
    context.explain = true;
    context.experimentBudget = budget;
    ProgramSource source;
    source.file = src / program;
    source.interpreters = tools;
    PrepareResult p = prepareProgram(source, work / "build", quickLimits());
    const std::filesystem::path kase = plyjudge::testing::casesDir() / "squirrel" / "published" / "sample1";
    const CaseSpec spec{"published", "sample1", kase / "input.txt", kase, {"next_state.txt"}, 1};
    if (!p.program) return {notRunResult(spec, p), 0};
    ExperimentRun run{runCase(context, *p.program, spec), 0};
    run.reruns = p.program->experimentSpending->reruns();
    return run;
}

void expectExperiment(const CaseResult& r, Verdict verdict, const std::string& name, const std::string& sentenceStart) {
    EXPECT_EQ(r.verdict, verdict) << verdictName(r.verdict) << ": " << r.message << "\n" << r.detail();
    EXPECT_EQ(r.points, 0) << "an experiment explains, it does not regrade";
    ASSERT_TRUE(r.explanation) << r.message << "\n" << r.detail();
    EXPECT_EQ(r.explanation->kind, ExplanationKind::Experiment);
    EXPECT_TRUE(r.explanation->exact);
    EXPECT_EQ(r.explanation->fault, name);
    EXPECT_EQ(r.explanation->sentence.rfind(sentenceStart, 0), 0u) << r.explanation->sentence;
}

TEST(ExplanationByExperiment, ACrashOnWindowsLineEndsIsExplainedByTheLfInput) {
    const ExperimentRun run = runExplained("crlf_crash.py");
    expectExperiment(run.result, Verdict::RuntimeError, "lf-line-ends", "Your program fails on Windows line ends (CRLF");
    EXPECT_EQ(run.reruns, 1) << "the first experiment that applies passes";
    // The message states the run's end, never a guessed cause.
    EXPECT_EQ(run.result.message, "exited with status 1");
}

TEST(ExplanationByExperiment, AnotherCrashOnAWindowsInputIsNotExplained) {
    const ExperimentRun run = runExplained("other_crash.py");
    EXPECT_EQ(run.result.verdict, Verdict::RuntimeError) << run.result.message;
    EXPECT_FALSE(run.result.explanation) << run.result.explanation->line();
    EXPECT_GE(run.reruns, 2) << "the line-end experiments were tried, and failed";
    EXPECT_EQ(run.result.message.find("CRLF"), std::string::npos) << run.result.message;
}

TEST(ExplanationByExperiment, AnswerPrintedInsteadOfWrittenIsExplainedByItsStdout) {
    const ExperimentRun run = runExplained("prints_answer.py");
    expectExperiment(run.result, Verdict::MissingOutput, "stdout-as-output",
                     "Your program prints its answer instead of writing next_state.txt");
}

TEST(ExplanationByExperiment, AnotherInputNameIsExplainedByTheInputAtThatName) {
    const ExperimentRun run = runExplained("opens_input1.py");
    expectExperiment(run.result, Verdict::RuntimeError, "input-file-name", "Your program opens 'input1.txt'");
}

TEST(ExplanationByExperiment, AnOutputFileAtANearNameIsExplainedByReadingItThere) {
    const ExperimentRun run = runExplained("writes_near_name.py");
    expectExperiment(run.result, Verdict::MissingOutput, "output-file-name",
                     "Your program writes 'next_state' instead of next_state.txt: read there, its answer passes.");
    EXPECT_EQ(run.reruns, 1);
}

TEST(ExplanationByExperiment, EmptyLinesTheExpectedOutputLacksAreExplainedByLeavingThemOut) {
    const ExperimentRun run = runExplained("blank_lines.py");
    expectExperiment(run.result, Verdict::WrongAnswer, "blank-lines-in-output",
                     "Your program writes empty lines in next_state.txt that the expected output does not have");
}

// Hostile: the near name is a link to a right answer elsewhere. A link is never read as the program's answer, so
// nothing is said about its name (and nothing outside the run folder is read through it).
TEST(ExplanationByExperiment, ALinkAtANearNameExplainsNothing) {
    const ExperimentRun run = runExplained("near_name_link.py");
    EXPECT_EQ(run.result.verdict, Verdict::MissingOutput) << run.result.message;
    if (run.result.explanation) EXPECT_NE(run.result.explanation->fault, "output-file-name") << run.result.explanation->line();
}

// RishabhTyagiHub's reversi program (docs/real-programs.md) reads sys.argv[0], its own file, as the input: its error
// quotes its own first line, and the rerun with sys.argv[0] naming the input passes.
TEST(ExplanationByExperiment, AProgramReadingItsOwnFileIsExplainedByArgvZeroNamingTheInput) {
    const ExperimentRun run = runExplained("reads_argv0.py");
    expectExperiment(run.result, Verdict::RuntimeError, "argv0-as-input",
                     "Your program reads its own file (sys.argv[0]) as its input: the text its error quotes, '# A squirrel "
                     "program right in everything but where it reads its input: it opens sys.argv[0], its own file, as the', is "
                     "line 1 of your program");
}

TEST(ExplanationByExperiment, APython2ProgramRunWithPython3IsExplainedByPython2) {
    std::string why;
    const auto python2 = plyjudge::testing::python2ForRuns(&why);
    if (!python2) GTEST_SKIP() << why;
    Interpreters tools;
    tools.paths["python2"] = python2->string();
    const ExperimentRun run = runExplained("python2_only.py", {}, tools);
    EXPECT_EQ(run.result.interpreter.rfind("python3", 0), 0u) << run.result.interpreter;
    expectExperiment(run.result, Verdict::RuntimeError, "other-python", "Your program needs python2");
}

TEST(ExplanationByExperiment, APython2ProgramThatSplitsOnNewlinesNeedsBothChanges) {
    std::string why;
    const auto python2 = plyjudge::testing::python2ForRuns(&why);
    if (!python2) GTEST_SKIP() << why;
    Interpreters tools;
    tools.paths["python2"] = python2->string();
    const ExperimentRun run = runExplained("python2_crlf_crash.py", {}, tools);
    expectExperiment(run.result, Verdict::RuntimeError, "other-python + lf-line-ends",
                     "Your program passes only when run with python2 and with LF line ends");
    EXPECT_EQ(run.reruns, 4) << "lf-line-ends, final-newline and other-python alone first";
}

TEST(ExplanationByExperiment, ASpentBudgetTriesNothing) {
    const ExperimentRun run = runExplained("crlf_crash.py", ExperimentBudget{0, 30});
    EXPECT_EQ(run.result.verdict, Verdict::RuntimeError);
    EXPECT_FALSE(run.result.explanation);
    EXPECT_EQ(run.reruns, 0);
}

}  // namespace
}  // namespace plyjudge::grader::testing
