// Crashes explained by the program's own error output: the error line of a traceback or a Java exception, and
// only when two or more unexplained crashes of a student share it.
#include <gtest/gtest.h>

#include "grader/explain/error_output.hpp"
#include "grader/results/main_explanation.hpp"

namespace plyjudge::grader {
namespace {

TEST(ErrorOutput, TheErrorLineOfAPythonTracebackAndOfAJavaException) {
    EXPECT_EQ(errorLineOf("Traceback (most recent call last):\n  File \"hw1.py\", line 3, in <module>\n    minimax_v2()\n"
                          "NameError: name 'minimax_v2' is not defined\n\n"),
              "NameError: name 'minimax_v2' is not defined");
    EXPECT_EQ(errorLineOf("Exception in thread \"main\" java.lang.NullPointerException\r\n\tat Main.main(Main.java:9)\r\n"),
              "Exception in thread \"main\" java.lang.NullPointerException");
    EXPECT_EQ(errorLineOf(" \n\t\n"), "");
}

// Where the error was raised: the innermost frame in the program's own files, with its source line (library frames
// and the exception line are never taken for it), or Java's top stack line.
TEST(ErrorOutput, ThePlaceOfTheErrorInTheProgramsOwnCode) {
    EXPECT_EQ(errorPlaceOf("Traceback (most recent call last):\n"
                           "  File \"/tmp/run-7/work/hw1.py\", line 226, in <module>\n    main()\n"
                           "  File \"/tmp/run-7/work/hw1.py\", line 208, in main\n    x, y = minimax(board)\n    ^^^^\n"
                           "  File \"/usr/lib/python3.11/copy.py\", line 12, in deepcopy\n    y = f(x)\n"
                           "TypeError: cannot unpack non-iterable NoneType object\n"),
              "hw1.py line 208, in main: x, y = minimax(board)");
    EXPECT_EQ(errorPlaceOf("Traceback (most recent call last):\n  File \"<string>\", line 1, in <module>\nNameError: x\n"), "");
    EXPECT_EQ(errorPlaceOf("Traceback (most recent call last):\n  File \"hw1.py\", line 3, in <module>\nNameError: x\n"),
              "hw1.py line 3, in <module>");
    EXPECT_EQ(errorPlaceOf("Exception in thread \"main\" java.lang.NullPointerException\r\n\tat Main.search(Main.java:42)\r\n"
                           "\tat Main.main(Main.java:9)\r\n"),
              "at Main.search(Main.java:42)");
    EXPECT_EQ(errorPlaceOf("Segmentation fault\n"), "");
}

// The file and line alone: Python 2 and 3 stopping at one statement share it, whatever their source lines show.
TEST(ErrorOutput, TheFileAndLineOfTheError) {
    const std::string python2 = "Traceback (most recent call last):\n  File \"/tmp/run-1/work/hw.py\", line 2, in <module>\n"
                                "    data = open('./input9.txt').read()\nIOError: [Errno 2] No such file or directory: './input9.txt'\n";
    const std::string python3 = "Traceback (most recent call last):\n  File \"/tmp/run-2/work/hw.py\", line 2, in <module>\n"
                                "    data = open('./input9.txt').read()\n           ^^^^^^^^^^^^^^^^^^^^\n"
                                "FileNotFoundError: [Errno 2] No such file or directory: './input9.txt'\n";
    EXPECT_EQ(errorFileLineOf(python2), "hw.py line 2");
    EXPECT_EQ(errorFileLineOf(python3), "hw.py line 2");
    EXPECT_EQ(errorFileLineOf("Exception in thread \"main\" java.lang.Error\n\tat Main.main(Main.java:9)\n"), "at Main.main(Main.java:9)");
    EXPECT_EQ(errorFileLineOf("Segmentation fault\n"), "");
}

TEST(ErrorOutput, TheTextsAnErrorLineQuotes) {
    EXPECT_EQ(quotedTexts("ValueError: invalid literal for int() with base 10: 'import operator'"),
              std::vector<std::string>{"import operator"});
    EXPECT_EQ(quotedTexts("IOError: [Errno 2] No such file or directory: \"input1.txt\" and 'ab' and 'next_state.txt'"),
              (std::vector<std::string>{"input1.txt", "next_state.txt"}));
    EXPECT_TRUE(quotedTexts("KeyError: 'x").empty());
}

CaseResult crashed(const std::string& stderrHead) {
    CaseResult r;
    r.verdict = Verdict::RuntimeError;
    r.stderrHead = stderrHead;
    return r;
}

TEST(ErrorOutput, TwoCrashesWithTheSameErrorLineAreExplainedByItAndNoOtherCase) {
    const std::string importError = "Traceback (most recent call last):\nImportError: No module named scipy\n";
    StudentResults s;
    s.outcomes = {crashed(importError), crashed(importError), crashed("ZeroDivisionError: division by zero\n"),
                  crashed(importError), CaseResult{}};
    s.outcomes[3].explanation = Explanation{"lf-line-ends", true, 0, "CRLF", {}, ExplanationKind::Experiment};
    s.outcomes[4].verdict = Verdict::Ok;
    RunResults run;
    run.students = {s};
    explainByErrorOutput(run);
    const auto& o = run.students[0].outcomes;
    for (int i : {0, 1}) {
        ASSERT_TRUE(o[i].explanation) << i;
        EXPECT_EQ(o[i].explanation->kind, ExplanationKind::ErrorOutput);
        EXPECT_FALSE(o[i].explanation->exact);
        EXPECT_EQ(o[i].explanation->line(),
                  "its own error output: 2 of your 4 failed runs end with the same error: ImportError: No module named scipy");
    }
    EXPECT_FALSE(o[2].explanation);                       // alone with its error: its detail says as much
    EXPECT_EQ(o[3].explanation->fault, "lf-line-ends");  // an explanation already found stays
    EXPECT_FALSE(o[4].explanation);
}

// ruhigit's squirrel program (docs/real-programs.md): its stubs crash with one error, its greedy with another.
// Two errors are two findings with their own cases; before, both were one "error-output" of all the crashes
// quoting only the first error.
TEST(ErrorOutput, TwoErrorsAreTwoFindingsEachWithItsCases) {
    const std::string unpack = "TypeError: cannot unpack non-iterable NoneType object\n";
    const std::string unbound = "UnboundLocalError: cannot access local variable 'curr_value'\n";
    RunResults run;
    run.students.emplace_back().outcomes = {crashed(unpack), crashed(unbound), crashed(unpack), crashed(unbound), crashed(unpack)};
    for (std::size_t i = 0; i < 5; ++i) run.cases.push_back({"published", "c" + std::to_string(i + 1), 1, Visibility::Published, "", "", {}});
    explainByErrorOutput(run);
    const auto& o = run.students[0].outcomes;
    EXPECT_NE(o[0].explanation->fault, o[1].explanation->fault);
    EXPECT_EQ(o[0].explanation->fault, o[2].explanation->fault);
    const auto main = mainExplanationOf(run, run.students[0]);
    ASSERT_TRUE(main);
    EXPECT_EQ(main->explained, 3);
    EXPECT_NE(main->line().find("3 of your 5 failed runs end with the same error: TypeError"), std::string::npos) << main->line();
    ASSERT_TRUE(main->also);
    EXPECT_EQ(main->also->cases, 2);
}

// ruhigit again: the same error raised at two calls, one per search stub. The sentence says where, most common first,
// so that the reader sees which functions return nothing; one place for every case is said once.
TEST(ErrorOutput, TheSentenceSaysWhereTheErrorWasRaised) {
    const auto at = [](int line, const std::string& call) {
        return crashed("Traceback (most recent call last):\n  File \"/tmp/r/work/hw1.py\", line " + std::to_string(line) +
                       ", in main\n    row, col = " + call + "\nTypeError: cannot unpack non-iterable NoneType object\n");
    };
    RunResults run;
    run.students.emplace_back().outcomes = {at(211, "alpha_beta(b)"), at(208, "minimax(b)"), at(211, "alpha_beta(b)")};
    explainByErrorOutput(run);
    EXPECT_EQ(run.students[0].outcomes[0].explanation->sentence,
              "3 of your 3 failed runs end with the same error: TypeError: cannot unpack non-iterable NoneType object, raised at "
              "hw1.py line 211, in main: row, col = alpha_beta(b) (2 of them) and at hw1.py line 208, in main: row, col = "
              "minimax(b) (1)");
    RunResults one;
    one.students.emplace_back().outcomes = {at(208, "minimax(b)"), at(208, "minimax(b)")};
    explainByErrorOutput(one);
    EXPECT_EQ(one.students[0].outcomes[1].explanation->sentence,
              "2 of your 2 failed runs end with the same error: TypeError: cannot unpack non-iterable NoneType object, raised at "
              "hw1.py line 208, in main: row, col = minimax(b)");
}

}  // namespace
}  // namespace plyjudge::grader
