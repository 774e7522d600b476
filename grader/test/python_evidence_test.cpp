// What decides between Python 2 and 3 for a file both compile (grader/run/python_trial_decision.hpp and
// python2_constructs.hpp), without running anything: a case both fail the same way or both pass decides nothing,
// a hidden case is never described, and when no case decides the program's own constructs do.
#include <gtest/gtest.h>

#include "grader/run/python2_constructs.hpp"
#include "grader/run/python_trial_decision.hpp"

using namespace plyjudge::grader;

namespace {

TrialRun passing() {
    TrialRun t;
    t.ran = t.passes = t.exitedCleanly = true;
    t.linesRight = t.linesExpected = 20;
    t.outcome = "passes it";
    return t;
}

TrialRun failing(const std::string& errorLine, const std::string& place, std::uint64_t linesRight = 0) {
    TrialRun t;
    t.ran = true;
    t.errorLine = errorLine;
    t.place = place;
    t.linesRight = linesRight;
    t.linesExpected = 20;
    t.outcome = "fails: " + errorLine + " (" + place + ")";
    return t;
}

TrialRun missingInput9(const std::string& errorName) {
    TrialRun t = failing(errorName + ": [Errno 2] No such file or directory: './input9.txt'", "hw.py line 2");
    t.missingFile = "./input9.txt";
    return t;
}

const std::string kXrange = "NameError: name 'xrange' is not defined";

}  // namespace

TEST(Python2Constructs, FindsPython2OnlyNamesAndImportsInCode) {
    const std::string source = "import os, Queue\n"
                               "for i in xrange(3):\n"
                               "    if d.has_key(i): print(raw_input())\n"
                               "big = sys.maxint\n";
    EXPECT_EQ(python2OnlyConstructs(source), (std::vector<std::string>{"xrange", "raw_input", "has_key", "sys.maxint", "import Queue"}));
}

TEST(Python2Constructs, CommentsStringsOtherNamesAndShimsDoNotCount) {
    const std::string source = "# for i in xrange(3): d.has_key(i)\n"
                               "s = 'raw_input(' + \"it's unicode(x)\" + r'\\'xrange(1)'\n"
                               "doc = \"\"\"\nimport Queue\nd.iteritems()\n\"\"\"\n"
                               "myxrange(1); self.unicode(x); d.has_key_of(2)\n"
                               "try:\n    xrange\nexcept NameError:\n    xrange = range\n"
                               "for i in xrange(2): pass\n"
                               "try:\n    import Queue\nexcept ImportError:\n    import queue\n";
    EXPECT_EQ(python2OnlyConstructs(source), std::vector<std::string>{});
}

TEST(Python2Constructs, CodeOnlyKeepsLinesAndEmptiesStrings) {
    EXPECT_EQ(codeOnly("a = 'x#y'  # note\nb = \"\"\"1\n2\"\"\"\n"), "a = ''  \nb = \"\"\"\n\"\"\"\n");
}

TEST(PythonTrialEvidence, BothMissingTheSameFileDecidesNothing) {
    // Python 2 says IOError, Python 3 FileNotFoundError: the file is the same, and so is the reason they stop.
    TrialRun two = missingInput9("IOError");
    two.linesRight = 3;  // what it wrote before stopping does not make it the better one
    const CaseEvidence e = weighTrialCase("published/case1", missingInput9("FileNotFoundError"), two, true);
    EXPECT_FALSE(e.python2.has_value());
    EXPECT_EQ(e.what, "both fail the same way: FileNotFoundError ./input9.txt");
}

TEST(PythonTrialEvidence, TheSameExceptionAtTheSamePlaceDecidesNothing) {
    const TrialRun three = failing("ValueError: invalid literal for int() with base 10: 'x'", "hw.py line 7");
    const TrialRun two = failing("ValueError: invalid literal for int() with base 10: 'x'", "hw.py line 7", 5);
    const CaseEvidence same = weighTrialCase("published/case1", three, two, true);
    EXPECT_FALSE(same.python2.has_value());
    EXPECT_EQ(same.what, "both fail the same way: ValueError: invalid literal for int() with base 10: 'x' (hw.py line 7)");
    // Elsewhere in the program it is not the same failure: the lines right decide.
    const CaseEvidence elsewhere = weighTrialCase("published/case1", three, failing(two.errorLine, "hw.py line 30", 5), true);
    EXPECT_EQ(elsewhere.python2, std::optional<bool>(true));
}

TEST(PythonTrialEvidence, BothPassingDecidesNothing) {
    const CaseEvidence e = weighTrialCase("published/case1", passing(), passing(), true);
    EXPECT_FALSE(e.python2.has_value());
    EXPECT_EQ(e.what, "both pass it");
}

TEST(PythonTrialEvidence, PassingAndExitingCleanlyBeatsPassingThenCrashing) {
    TrialRun three = passing();
    three.exitedCleanly = false;
    three.outcome = "passes it, then fails: KeyError: 0 (hw.py line 8)";
    const CaseEvidence e = weighTrialCase("published/case1", three, passing(), true);
    EXPECT_EQ(e.python2, std::optional<bool>(true));
    EXPECT_EQ(e.what, "python2 passes it, python3 passes it, then fails: KeyError: 0 (hw.py line 8)");
    TrialRun two = three;
    EXPECT_EQ(weighTrialCase("published/case1", three, two, true).what,
              "neither does better: python3 passes it, then fails: KeyError: 0 (hw.py line 8), python2 passes it, then fails: "
              "KeyError: 0 (hw.py line 8)");
}

TEST(PythonTrialEvidence, Python3StoppedByXrangeAndPython2PassingDecidesForPython2) {
    TrialRun three = failing(kXrange, "hw.py line 12");
    three.stoppedOnPython2Construct = true;
    const CaseEvidence e = weighTrialCase("published/case3", three, passing(), true);
    EXPECT_EQ(e.python2, std::optional<bool>(true));
    EXPECT_EQ(e.what, "python2 passes it, python3 fails: NameError: name 'xrange' is not defined (hw.py line 12)");
}

TEST(PythonTrialEvidence, WhenBothFailTheReasonSaysWhatMadeOneBetter) {
    TrialRun three = failing("AttributeError: 'dict' object has no attribute 'has_key'", "hw.py line 152");
    three.stoppedOnPython2Construct = true;
    const TrialRun two = failing("IndexError: list index out of range", "hw.py line 129");
    EXPECT_EQ(weighTrialCase("published/case1", three, two, true).what,
              "python2 fails: IndexError: list index out of range (hw.py line 129), python3 fails: AttributeError: 'dict' object "
              "has no attribute 'has_key' (hw.py line 152): a Python 2 construct stops python3");
    const CaseEvidence byLines = weighTrialCase("published/case1", failing("KeyError: 3", "hw.py line 9", 4),
                                                failing("KeyError: 5", "hw.py line 9", 2), true);
    EXPECT_EQ(byLines.python2, std::optional<bool>(false));
    EXPECT_EQ(byLines.what, "python3 fails: KeyError: 3 (hw.py line 9), python2 fails: KeyError: 5 (hw.py line 9): 4 of 20 lines right "
                            "against 2");
}

TEST(PythonTrialEvidence, AHiddenCaseSaysOnlyWhichPythonDidBetter) {
    TrialRun three;
    three.ran = true;
    three.exitedCleanly = true;
    three.linesRight = 3;
    three.linesExpected = 40;
    three.outcome = "writes 3 of 40 lines right";
    const CaseEvidence lines = weighTrialCase("hidden/case1", three, passing(), false);
    EXPECT_EQ(lines.python2, std::optional<bool>(true));
    EXPECT_EQ(lines.what, "python2 does better than python3 (a case students do not see: its runs are not described)");
    const CaseEvidence same = weighTrialCase("hidden/case1", missingInput9("FileNotFoundError"), missingInput9("IOError"), false);
    EXPECT_EQ(same.what, "neither does better");
}

TEST(PythonTrialEvidence, ALaterCaseDecidesAfterOnesThatDidNot) {
    TrialRun three = failing(kXrange, "hw.py line 12");
    three.stoppedOnPython2Construct = true;
    const PythonVerdict v = decideByEvidence({weighTrialCase("published/case1", passing(), passing(), true),
                                              weighTrialCase("published/case2", three, passing(), true)},
                                             {});
    EXPECT_TRUE(v.python2);
    EXPECT_EQ(v.reason, "published/case1: both pass it; published/case2: python2 passes it, python3 fails: NameError: name "
                        "'xrange' is not defined (hw.py line 12)");
}

TEST(PythonTrialEvidence, WhenNoCaseDecidesTheSourceDoes) {
    std::vector<CaseEvidence> cases;
    for (const char* name : {"published/case1", "published/case2", "published/case3"}) {
        cases.push_back(weighTrialCase(name, missingInput9("FileNotFoundError"), missingInput9("IOError"), true));
    }
    const PythonVerdict two = decideByEvidence(cases, {"xrange", "raw_input"});
    EXPECT_TRUE(two.python2);
    EXPECT_EQ(two.reason, "no case decided (published/case1, published/case2, published/case3: both fail the same way: "
                          "FileNotFoundError ./input9.txt); the source uses xrange, raw_input: python2");
    const PythonVerdict three = decideByEvidence(cases, {});
    EXPECT_FALSE(three.python2);
    EXPECT_NE(three.reason.find("; nothing in the source is Python 2 only: python3"), std::string::npos) << three.reason;
    EXPECT_EQ(decideByEvidence({}, {"has_key"}).reason, "no case to try; the source uses has_key: python2");
}
