// What `check` and `grade` print: a student's folder name or a program's output never drives the terminal.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <sstream>

#include "reports/terminal_report.hpp"
#include "reports/test/report_test_support.hpp"

namespace plyjudge::reports {
namespace {

// A folder name that would clear the screen, retitle the terminal and print a fake line of its own.
const std::string kHostileName = "eve\x1b[2J\x1b]0;pwned\x07\rbob   3 3 all passed\nmallory";

void expectNoControlCharacters(const std::string& text) {
    for (char c : text) {
        const auto u = static_cast<unsigned char>(c);
        EXPECT_TRUE(c == '\n' || (u >= 0x20 && u != 0x7F)) << "control character " << static_cast<int>(u) << " in:\n" << text;
    }
}

TEST(TerminalReport, AClassSummaryPrintsAHostileNameOnOneEscapedLine) {
    RunResults run = testing::sampleRun();
    run.students[1].name = kHostileName;
    std::ostringstream out;
    printClassSummary(out, run);
    const std::string text = out.str();
    expectNoControlCharacters(text);
    // A header, one line per student, bob's main explanation, the totals, the judge error's cause: the name made no
    // line of its own.
    EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 7) << text;
    EXPECT_NE(text.find("\n  1 case(s): could not run the program: no space left\n"), std::string::npos) << "the TA reads the cause: " << text;
    EXPECT_NE(text.find("eve\\x1b[2J\\x1b]0;pwned\\x07\\rbob   3 3 all passed\\nmallory"), std::string::npos) << text;
}

TEST(TerminalReport, ACaseReportEscapesMessagesAndDetails) {
    RunResults run = testing::sampleRun();
    StudentResults& bob = run.students[2];
    bob.outcomes[0].message = "output.txt: got \"\x1b[31mred\x1b[0m\"";
    bob.outcomes[0].difference->actual = "X\r\x1b[1A\x1b[2Kpublished/case1   OK";
    bob.outcomes[1].verdict = Verdict::RuntimeError;
    bob.outcomes[1].difference.reset();
    bob.outcomes[1].stderrHead = "Traceback\n  \x9b\xC2\x9b" "31m\x7f";
    std::ostringstream out;
    printCaseReport(out, run, bob, true);
    expectNoControlCharacters(out.str());
    EXPECT_NE(out.str().find("got \"\\x1b[31mred\\x1b[0m\""), std::string::npos) << out.str();
    EXPECT_NE(out.str().find("    Traceback\n      \xEF\xBF\xBD\\u009b31m\\x7f"), std::string::npos) << out.str();
}

// A warning a program's exit status raised on every case: one line for all of them, then the end of its error output,
// bounded whatever it printed (3 lines of at most 200 bytes each, escaped).
TEST(TerminalReport, AnExitStatusWarningIsPrintedOnceWithABoundedTailOfItsErrorOutput) {
    RunResults run = testing::sampleRun();
    StudentResults& s = run.students[0];
    std::string flood;
    for (int i = 0; i < 1000; ++i) flood += std::string(10000, 'x') + "\n";
    for (CaseResult& r : s.outcomes) {
        r.verdict = Verdict::Ok;
        r.judgeFault.reset();
        r.difference.reset();
        r.message = "warning: exited with status 1 (the outputs decide: exit_status: outputs)";
        r.stderrHead = flood + "Error: \x1b[2Jthe last line\n";
    }
    std::ostringstream out;
    printCaseReport(out, run, s, true);
    const std::string text = out.str();
    expectNoControlCharacters(text);
    EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), static_cast<long>(s.outcomes.size()) + 1 + 3 + 1) << text;
    EXPECT_NE(text.find(fmt::format("exit_status: outputs) on {} cases; first on {}, its error output ends:\n", s.outcomes.size(),
                                    run.cases[0].id())), std::string::npos) << text;
    EXPECT_NE(text.find("    Error: \\x1b[2Jthe last line\n"), std::string::npos) << text;
    EXPECT_LT(text.size(), 2000u + 100 * s.outcomes.size()) << text.substr(0, 3000);
}

// The same compile error on every case: printed under the first, named by the others.
TEST(TerminalReport, AFailureRepeatedOnEveryCaseIsPrintedOnce) {
    RunResults run = testing::sampleRun();
    StudentResults& s = run.students[0];
    for (CaseResult& r : s.outcomes) {
        r = CaseResult{};
        r.verdict = Verdict::CompileError;
        r.message = "hw.cpp:3:13: error: 'undefined_name' was not declared in this scope";
    }
    std::ostringstream out;
    printCaseReport(out, run, s, true);
    const std::string text = out.str();
    std::size_t printed = 0;
    for (std::size_t at = text.find("hw.cpp:3:13"); at != std::string::npos; at = text.find("hw.cpp:3:13", at + 1)) ++printed;
    EXPECT_EQ(printed, 1u) << text;
    EXPECT_NE(text.find("(as " + run.cases[0].id() + ")"), std::string::npos) << text;
}

}  // namespace
}  // namespace plyjudge::reports
