// Each diagnosis provoked by one precise corruption of an official expected file.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "common/report_text.hpp"
#include "grader/compare/diagnosis.hpp"
#include "reference/variant.hpp"
#include "testsupport/golden.hpp"
#include "testsupport/temp_dir.hpp"

using namespace plyjudge::grader;
using plyjudge::testing::casesDir;
using plyjudge::testing::readFile;
using plyjudge::testing::TempDir;
using plyjudge::testing::writeFile;

namespace {

std::vector<std::string> linesOf(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(plyjudge::testing::normalized(text));
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    return lines;
}

std::string join(const std::vector<std::string>& lines) {
    std::string s;
    for (const auto& l : lines) s += l + "\n";
    return s;
}

Diagnosis diagnoseEdit(std::string_view variant, const std::string& file, const std::string& expected,
                       const std::vector<std::string>& actualLines, bool searchMatches = false) {
    TempDir dir;
    writeFile(dir / "expected", expected);
    writeFile(dir / "actual", join(actualLines));
    const auto c = compareFiles(dir / "expected", dir / "actual");
    EXPECT_FALSE(c.equal);
    return diagnose(variant, file, c, searchMatches);
}

// reversi case3: lines 13-15 are "b2,3,6,..", "c3,2,6,6,Infinity", "d3,3,20,6,Infinity"; line 22
// "e3,2,24,-Infinity,20" is a cut-off line (MAX at depth 2, 24 >= beta 20, right after its child d2).
class ReversiLog : public ::testing::Test {
protected:
    std::string expected = readFile(casesDir() / "reversi" / "published" / "case3" / "output.txt");
    std::vector<std::string> lines = linesOf(expected);
    Diagnosis run() { return diagnoseEdit("reversi", "output.txt", expected, lines); }
    std::string& line(int n) { return lines.at(static_cast<std::size_t>(n - 1)); }
};

}  // namespace

TEST_F(ReversiLog, TheFixtureIsWhatTheCommentsSay) {
    ASSERT_EQ(line(12), "c3,2,-Infinity,-Infinity,Infinity");
    ASSERT_EQ(line(13), "b2,3,6,-Infinity,Infinity");
    ASSERT_EQ(line(15), "d3,3,20,6,Infinity");
    ASSERT_EQ(line(21), "d2,3,24,-Infinity,20");
    ASSERT_EQ(line(22), "e3,2,24,-Infinity,20");
    ASSERT_EQ(line(23), "pass,1,20,-Infinity,20");
    ASSERT_EQ(line(24), "g3,2,-Infinity,-Infinity,20");
}

TEST_F(ReversiLog, ASiblingOutOfOrderIsNamedWithWhereTheExpectedLogHasIt) {
    std::swap(line(13), line(15));
    const Diagnosis d = run();
    EXPECT_EQ(d.kind, DiagnosisKind::ExpansionOrder) << d.text;
    EXPECT_EQ(d.text, "line 13: expected b2 at depth 3, got its sibling d3: b2 comes before d3 in the expected log (d3 on line 15)");
}

TEST_F(ReversiLog, ALeafValueSaysItIsALeaf) {
    line(13) = "b2,3,7,-Infinity,Infinity";
    const Diagnosis d = run();
    EXPECT_EQ(d.kind, DiagnosisKind::LeafValue) << d.text;
    EXPECT_EQ(d.text, "line 13: the value of b2 at depth 3 (a leaf in the expected log): expected 6, got 7");
}

TEST_F(ReversiLog, AnInnerValueSaysWhichChildItFollows) {
    line(14) = "c3,2,7,6,Infinity";
    const Diagnosis d = run();
    EXPECT_EQ(d.kind, DiagnosisKind::InnerValue) << d.text;
    EXPECT_EQ(d.text, "line 14: the value of c3 at depth 2 (an inner node: this line follows its child b2): expected 6, got 7");
}

TEST_F(ReversiLog, BoundsSayExpectedAndGotAndThatTheLineIsACutoff) {
    line(22) = "e3,2,24,24,20";  // bound updated before the cut test (the PDF's dialect)
    const Diagnosis d = run();
    EXPECT_EQ(d.kind, DiagnosisKind::Bounds) << d.text;
    EXPECT_EQ(d.text, "line 22: the alpha,beta of e3 at depth 2: expected -Infinity,20, got 24,20; in the expected log this line "
                      "is a cut-off (its value 24 reaches beta 20)");
}

TEST_F(ReversiLog, AMissingCutoffLineIsNamedAsTheExpectedLogsCutoff) {
    lines.erase(lines.begin() + 21);
    const Diagnosis d = run();
    EXPECT_EQ(d.kind, DiagnosisKind::Cutoff) << d.text;
    EXPECT_EQ(d.text, "line 22: the expected log's cut-off line \"e3,2,24,-Infinity,20\" (e3: its value 24 reaches beta 20) is "
                      "missing; the program's log goes on with \"pass,1,20,-Infinity,20\"");
}

TEST_F(ReversiLog, AnExtraLineAfterACutoffSaysWhereTheCutoffIs) {
    lines.insert(lines.begin() + 22, "f2,3,30,-Infinity,20");
    const Diagnosis d = run();
    EXPECT_EQ(d.kind, DiagnosisKind::Cutoff) << d.text;
    EXPECT_EQ(d.text, "line 23: an extra line \"f2,3,30,-Infinity,20\", right after the cut-off on line 22 (e3 at depth 2); the "
                      "expected log goes on with \"pass,1,20,-Infinity,20\"");
}

TEST_F(ReversiLog, AMissingLineIsABlockOfOne) {
    lines.erase(lines.begin() + 23);  // "g3,2,-Infinity,..." entering a node
    const Diagnosis d = run();
    EXPECT_EQ(d.kind, DiagnosisKind::MissingLine) << d.text;
    EXPECT_EQ(d.text, "1 line missing from line 24, starting \"g3,2,-Infinity,-Infinity,20\"; then both logs read alike again");
}

TEST_F(ReversiLog, ABlockOfExtraLinesSaysHowManyAndWhere) {
    lines.insert(lines.begin() + 15, {line(13), line(14), line(15)});  // lines 13-15 written twice
    const Diagnosis d = run();
    EXPECT_EQ(d.kind, DiagnosisKind::ExtraLine) << d.text;
    EXPECT_EQ(d.text, "3 extra lines from line 16, starting \"b2,3,6,-Infinity,Infinity\"; then both logs read alike again");
}

TEST_F(ReversiLog, ALeafExpandedIsABlockBelowIt) {
    line(13) = "b2,3,-Infinity,-Infinity,Infinity";
    lines.insert(lines.begin() + 13, {"a1,4,6,-Infinity,Infinity", "b2,3,6,-Infinity,Infinity"});
    const Diagnosis d = run();
    EXPECT_EQ(d.kind, DiagnosisKind::ExtraLine) << d.text;
    EXPECT_EQ(d.text, "line 13: the expected log has a leaf here, b2 at depth 3; the program's log expands it: 2 extra lines from "
                      "line 13, starting \"b2,3,-Infinity,-Infinity,Infinity\"");
}

TEST_F(ReversiLog, ADepthSaysExpectedAndGot) {
    line(13) = "b2,4,6,-Infinity,Infinity";
    const Diagnosis d = run();
    EXPECT_EQ(d.kind, DiagnosisKind::Depth) << d.text;
    EXPECT_EQ(d.text, "line 13: b2 at depth 4, expected at depth 3");
}

TEST_F(ReversiLog, TruncatedAndExtendedEndsCountTheLines) {
    auto full = lines;
    const std::string firstDropped = lines[lines.size() - 5];
    lines.resize(lines.size() - 5);
    Diagnosis d = run();
    EXPECT_EQ(d.kind, DiagnosisKind::MissingAtEnd) << d.text;
    EXPECT_EQ(d.text, fmt::format("the program's output ends after line {}; the expected log goes on for 5 more lines, starting "
                                  "\"{}\"", lines.size(), firstDropped));
    lines = full;
    lines.push_back("root,0,20,20,Infinity");
    d = run();
    EXPECT_EQ(d.kind, DiagnosisKind::ExtraAtEnd) << d.text;
    EXPECT_EQ(d.text, fmt::format("the expected log ends at line {}; the program's goes on for 1 more line, starting "
                                  "\"root,0,20,20,Infinity\"", full.size()));
}

TEST_F(ReversiLog, OnlyTheBoardDiffersIsATieBreak) {
    line(4) = "***XXXX*";
    const Diagnosis d = run();
    EXPECT_EQ(d.kind, DiagnosisKind::TieBreak);
    EXPECT_EQ(d.text, "the next state differs at line 4 while the traverse log matches");
}

TEST_F(ReversiLog, BoardAndLogDifferIsNotATieBreak) {
    line(4) = "***XXXX*";
    line(13) = "b2,3,7,-Infinity,Infinity";
    const Diagnosis d = run();
    EXPECT_EQ(d.kind, DiagnosisKind::NextState);
    EXPECT_EQ(d.text, "the next state differs at line 4");
}

TEST_F(ReversiLog, WrongHeader) {
    line(9) = "Node,Depth,Value";
    const Diagnosis d = run();
    EXPECT_EQ(d.kind, DiagnosisKind::Header);
    EXPECT_EQ(d.text, "line 9: the log header should be \"Node,Depth,Value,Alpha,Beta\", got \"Node,Depth,Value\"");
}

TEST_F(ReversiLog, ALineThatIsNotARow) {
    line(13) = "b2;3;6";
    const Diagnosis d = run();
    EXPECT_EQ(d.kind, DiagnosisKind::Format);
    EXPECT_EQ(d.text, "line 13 is not a log row Node,Depth,Value[,Alpha,Beta]: got \"b2;3;6\", expected \"b2,3,6,-Infinity,Infinity\"");
}

TEST_F(ReversiLog, AMissingRootLineIsNamed) {
    lines.erase(lines.begin() + 9);  // "root,0,-Infinity,-Infinity,Infinity", right after the header
    const Diagnosis d = run();
    EXPECT_EQ(d.kind, DiagnosisKind::MissingLine) << d.text;
    EXPECT_EQ(d.text, "line 10: the expected log's line 10, the root's entry \"root,0,-Infinity,-Infinity,Infinity\", is missing; the "
                      "program's log goes on with the expected next line \"pass,1,Infinity,-Infinity,Infinity\"");
}

// A log with no root line at all does not realign after one missing line; its first row still says the root's
// line is missing, not that a node is expanded below a leaf.
TEST(LogDiagnosis, ALogWithoutAnyRootLineSaysTheRootLineIsMissing) {
    const std::string expected = "Node,Depth,Value,Alpha,Beta\nroot,0,-Infinity,-Infinity,Infinity\na1,1,3,-Infinity,Infinity\n"
                                 "root,0,3,3,Infinity\nb1,1,5,3,Infinity\nroot,0,5,5,Infinity\n";
    const Diagnosis d = diagnoseEdit("reversi", "traverse_log.txt", expected,
                                     {"Node,Depth,Value,Alpha,Beta", "a1,1,3,-Infinity,Infinity", "b1,1,5,3,Infinity"});
    EXPECT_EQ(d.kind, DiagnosisKind::MissingLine) << d.text;
    EXPECT_EQ(d.text, "line 2: the expected log's line 2, the root's entry \"root,0,-Infinity,-Infinity,Infinity\", is missing; the "
                      "program's log goes on with the expected next line \"a1,1,3,-Infinity,Infinity\"");
    // Nor when the program's first row is not even the expected next one.
    const Diagnosis other = diagnoseEdit("reversi", "traverse_log.txt", expected,
                                         {"Node,Depth,Value,Alpha,Beta", "b1,1,5,-Infinity,Infinity", "a1,1,3,-Infinity,Infinity"});
    EXPECT_EQ(other.text, "line 2: the expected log's line 2, the root's entry \"root,0,-Infinity,-Infinity,Infinity\", is missing: the "
                          "program's log starts with \"b1,1,5,-Infinity,Infinity\" (b1 at depth 1)");
}

// A program that never writes the root's line again after a child: the first one it leaves out is named as the
// root's missing entry, not as another node at another depth.
TEST(LogDiagnosis, TheRootsMissingEntryAfterAChildIsNamed) {
    const std::string expected = "Node,Depth,Value\nroot,0,-Infinity\na1,1,3\nroot,0,3\nb1,1,5\nroot,0,5\nc1,1,4\nroot,0,5\n";
    const Diagnosis d = diagnoseEdit("reversi", "traverse_log.txt", expected,
                                     {"Node,Depth,Value", "root,0,-Infinity", "a1,1,3", "b1,1,5", "c1,1,4"});
    EXPECT_EQ(d.kind, DiagnosisKind::MissingLine) << d.text;
    EXPECT_EQ(d.text, "line 4: the expected log's line 4, the root's entry \"root,0,3\", is missing; the program's log goes on with the "
                      "expected next line \"b1,1,5\"");
}

// The root's return line alone missing (the logs realign after it), and the root's last line missing at the end.
TEST(LogDiagnosis, TheRootsEntryMissingOnceOrAtTheEndIsNamed) {
    const std::string expected = "Node,Depth,Value\nroot,0,-Infinity\na1,1,3\nroot,0,3\nb1,1,5\nroot,0,5\nc1,1,4\nroot,0,5\n";
    const Diagnosis once = diagnoseEdit("reversi", "traverse_log.txt", expected,
                                        {"Node,Depth,Value", "root,0,-Infinity", "a1,1,3", "b1,1,5", "root,0,5", "c1,1,4", "root,0,5"});
    EXPECT_EQ(once.text, "line 4: the expected log's line 4, the root's entry \"root,0,3\", is missing; the program's log goes on with the "
                         "expected next line \"b1,1,5\"");
    const Diagnosis end = diagnoseEdit("reversi", "traverse_log.txt", expected,
                                       {"Node,Depth,Value", "root,0,-Infinity", "a1,1,3", "root,0,3", "b1,1,5", "root,0,5", "c1,1,4"});
    EXPECT_EQ(end.kind, DiagnosisKind::MissingAtEnd);
    EXPECT_EQ(end.text, "the program's output ends after line 7; the expected log's last line 8, the root's entry \"root,0,5\", is missing");
}

// Where the logs part in depth after a common row: the expected log's leaf, expanded by the program.
TEST(LogDiagnosis, AProgramGoingBelowAnExpectedLeafSaysSo) {
    const std::string expected = "Node,Depth,Value\nroot,0,-Infinity\na1,1,3\nroot,0,3\nb1,1,5\nroot,0,5\n";
    const Diagnosis d = diagnoseEdit("reversi", "traverse_log.txt", expected,
                                     {"Node,Depth,Value", "root,0,-Infinity", "a1,1,3", "x2,2,4", "a1,1,4", "c1,1,5", "root,0,5"});
    EXPECT_EQ(d.kind, DiagnosisKind::Depth) << d.text;
    EXPECT_EQ(d.text, "line 4: expected root at depth 0, got x2 at depth 2; the expected log has a1 at depth 1 (line 3) as a leaf, the "
                      "program's log expands it (its line is one deeper)");
}

TEST(StarcircleDiagnosis, SaysWhichLineDiffers) {
    const std::string expected = "F4-H2\n160\n160\n5";
    auto kind = [&](std::vector<std::string> actual) { return diagnoseEdit("starcircle", "output.txt", expected, actual).kind; };
    EXPECT_EQ(kind({"F4-G5", "150", "160", "5"}), DiagnosisKind::TieBreak);
    EXPECT_EQ(kind({"F4-G5", "150", "150", "5"}), DiagnosisKind("move"));
    EXPECT_EQ(kind({"F4-H2", "161", "160", "5"}), DiagnosisKind("myopic"));
    EXPECT_EQ(kind({"F4-H2", "160", "170", "5"}), DiagnosisKind("farsighted"));
    EXPECT_EQ(kind({"F4-H2", "160", "160", "6"}), DiagnosisKind("node-count"));
    const Diagnosis d = diagnoseEdit("starcircle", "output.txt", expected, {"F4-H2", "160", "160", "6"});
    EXPECT_NE(d.text.find("node count differs (expected \"5\", got \"6\")"), std::string::npos) << d.text;
    const Diagnosis tie = diagnoseEdit("starcircle", "output.txt", expected, {"F4-G5", "150", "160", "5"});
    EXPECT_EQ(tie.text, "move differs (expected \"F4-H2\", got \"F4-G5\"); myopic utility differs (expected \"160\", got \"150\"): "
                        "the same farsighted value with a different move");
}

TEST(StarcircleDiagnosis, AQuotedValueIsCut) {
    // A 1 MiB "move": the diagnosis quotes the start of it, not all of it.
    const Diagnosis d = diagnoseEdit("starcircle", "output.txt", "F4-H2\n160\n160\n5", {std::string(1u << 20, 'Q'), "160", "160", "5"});
    EXPECT_LT(d.text.size(), 2 * plyjudge::kReportLineBytes) << d.text.substr(0, 400);
    EXPECT_NE(d.text.find("more bytes]"), std::string::npos) << d.text.substr(0, 400);
}

TEST(NextStateDiagnosis, TieBreakOnlyWhenTheLogMatched) {
    const std::string expected = "*X*\n***\n***";
    EXPECT_EQ(diagnoseEdit("squirrel", "next_state.txt", expected, {"**X", "***", "***"}, true).kind, DiagnosisKind::TieBreak);
    EXPECT_EQ(diagnoseEdit("squirrel", "next_state.txt", expected, {"**X", "***", "***"}, false).kind, DiagnosisKind::NextState);
    const Diagnosis shorter = diagnoseEdit("squirrel", "next_state.txt", expected, {"*X*", "***"});
    EXPECT_EQ(shorter.kind, DiagnosisKind::MissingAtEnd);
    EXPECT_EQ(shorter.text, "the state is incomplete: it ends after line 2");
}

// Missing and extra lines are named as such before any value is compared (the outputs of faulty references).
class FaultyReversiLog : public ::testing::Test {
protected:
    Diagnosis withFault(const std::string& caseName, const std::string& fault) {
        const auto dir = casesDir() / "reversi" / "published" / caseName;
        const plyjudge::Variant& v = *plyjudge::findVariant("reversi");
        TempDir out;
        v.solve(plyjudge::InputText::readFile(dir / "input.txt"), plyjudge::Dialect{}.withFault(fault), out.path());
        return diagnoseEdit("reversi", "output.txt", readFile(dir / "output.txt"), linesOf(readFile(out / "output.txt")));
    }
};

// A missing pass node is a missing line; a pass expanded at the cut-off, or no pass nodes at the end, is a leaf
// against an expanded node; other node names are not an expansion order.
TEST_F(FaultyReversiLog, EachFaultIsDiagnosedWhereAndWhat) {
    struct Expected {
        const char* caseName;
        const char* fault;
        DiagnosisKind kind;
        const char* text;
    };
    const Expected expected[] = {
        {"case1", "pass-node-missing", DiagnosisKind::MissingLine,
         "3 lines missing from line 12, starting \"pass,2,-Infinity,-Infinity,Infinity\": among them a pass node at depth 2 (line "
         "12 of the expected log)"},
        {"case3", "pass-expanded-at-cutoff", DiagnosisKind::Depth,
         "line 13: the expected log has a leaf here, b2 at depth 3 worth 6; the program's log expands it (its next line is one "
         "deeper, a pass node)"},
        {"case1", "no-pass-nodes-at-end", DiagnosisKind::Depth,
         "line 11: the expected log expands c4 at depth 1 (its next line is one deeper, a pass node); the program's log has it as "
         "a leaf worth 4"},
        {"case3", "transposed-names", DiagnosisKind::NodeName,
         "line 15: expected d3 at depth 3, got c4: the 20 rows from here have the expected depths, values and bounds under other "
         "node names"},
    };
    for (const Expected& e : expected) {
        const Diagnosis d = withFault(e.caseName, e.fault);
        EXPECT_EQ(d.kind, e.kind) << e.fault << ": " << d.text;
        EXPECT_EQ(d.text, e.text) << e.fault;
    }
}

// Every catalogued fault on every published case: the diagnosis of the first differing file names the line
// (or the answer line) and what differs, and guesses no cause (that is the reproduction explainer's).
TEST(EveryFault, IsDiagnosedWithoutGuessingACause) {
    const std::vector<std::string_view> causeGuesses = {"check the", "pruning condition", "evaluation function", "backed up",
                                                        "positional order", "most likely", "cut-off depth or", "pass handling",
                                                        "how moves are named", "how the bounds", "treats a node as a leaf",
                                                        "expected log treats"};
    int diagnosed = 0;
    for (const plyjudge::Variant* v : plyjudge::allVariants()) {
        const auto published = casesDir() / v->name / "published";
        if (!v->solve || !std::filesystem::is_directory(published)) continue;
        for (const auto& entry : std::filesystem::directory_iterator(published)) {
            if (!std::filesystem::exists(entry.path() / "input.txt")) continue;
            const auto input = plyjudge::InputText::readFile(entry.path() / "input.txt");
            for (const plyjudge::Fault& fault : v->faults) {
                TempDir out;
                const auto files = v->solve(input, plyjudge::Dialect{}.withFault(std::string(fault.name)), out.path());
                for (const std::string& file : files) {
                    const auto c = compareFiles(entry.path() / file, out / file);
                    if (c.equal) continue;
                    const Diagnosis d = diagnose(v->name, file, c, false);
                    const std::string where = fmt::format("{} {} {}: {}", v->name, entry.path().filename().string(), fault.name, d.text);
                    EXPECT_NE(d.kind, DiagnosisKind::None) << where;
                    for (std::string_view guess : causeGuesses) EXPECT_EQ(d.text.find(guess), std::string::npos) << where;
                    if (layoutOf(v->name, file).kind != FileLayout::Kind::FixedAnswer) {
                        EXPECT_NE(d.text.find("line"), std::string::npos) << where;
                    } else {
                        EXPECT_TRUE(d.text.find("differs (expected ") != std::string::npos || d.kind == DiagnosisKind::ExtraAtEnd) << where;
                    }
                    ++diagnosed;
                }
            }
        }
    }
    EXPECT_GT(diagnosed, 100);
}
