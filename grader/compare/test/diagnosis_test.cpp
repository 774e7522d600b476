// Each diagnosis provoked by one precise corruption of an official expected file.
#include <gtest/gtest.h>

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
    ASSERT_EQ(line(13), "b2,3,6,-Infinity,Infinity");
    ASSERT_EQ(line(15), "d3,3,20,6,Infinity");
    ASSERT_EQ(line(21), "d2,3,24,-Infinity,20");
    ASSERT_EQ(line(22), "e3,2,24,-Infinity,20");
    ASSERT_EQ(line(24), "g3,2,-Infinity,-Infinity,20");
}

TEST_F(ReversiLog, SwappedSiblingsAreAnExpansionOrderError) {
    std::swap(line(13), line(15));
    const Diagnosis d = run();
    EXPECT_EQ(d.kind, DiagnosisKind::ExpansionOrder) << d.text;
    EXPECT_NE(d.text.find("b2 should come before d3"), std::string::npos) << d.text;
}

TEST_F(ReversiLog, ChangedLeafValueIsTheEvaluation) {
    line(13) = "b2,3,7,-Infinity,Infinity";
    const Diagnosis d = run();
    EXPECT_EQ(d.kind, DiagnosisKind::LeafValue) << d.text;
}

TEST_F(ReversiLog, ChangedInnerValueIsPropagation) {
    line(14) = "c3,2,7,6,Infinity";
    EXPECT_EQ(run().kind, DiagnosisKind::InnerValue);
}

TEST_F(ReversiLog, ChangedBoundsAreBounds) {
    line(22) = "e3,2,24,24,20";  // bound updated before the cut test (the PDF's dialect)
    EXPECT_EQ(run().kind, DiagnosisKind::Bounds);
}

TEST_F(ReversiLog, DroppedCutoffLineIsACutoffError) {
    lines.erase(lines.begin() + 21);
    const Diagnosis d = run();
    EXPECT_EQ(d.kind, DiagnosisKind::Cutoff) << d.text;
}

TEST_F(ReversiLog, ExpandingPastACutoffIsACutoffError) {
    lines.insert(lines.begin() + 22, "f2,3,30,-Infinity,20");
    const Diagnosis d = run();
    EXPECT_EQ(d.kind, DiagnosisKind::Cutoff) << d.text;
}

TEST_F(ReversiLog, DroppedOrdinaryLineIsAMissingLine) {
    lines.erase(lines.begin() + 23);  // "g3,2,-Infinity,..." entering a node
    EXPECT_EQ(run().kind, DiagnosisKind::MissingLine);
}

TEST_F(ReversiLog, ShiftedDepthIsADepthError) {
    line(13) = "b2,4,6,-Infinity,Infinity";
    EXPECT_EQ(run().kind, DiagnosisKind::Depth);
}

TEST_F(ReversiLog, TruncatedAndExtendedEnds) {
    auto full = lines;
    lines.resize(lines.size() - 5);
    EXPECT_EQ(run().kind, DiagnosisKind::MissingAtEnd);
    lines = full;
    lines.push_back("root,0,20,20,Infinity");
    EXPECT_EQ(run().kind, DiagnosisKind::ExtraAtEnd);
}

TEST_F(ReversiLog, OnlyTheBoardDiffersIsATieBreak) {
    line(4) = "***XXXX*";
    EXPECT_EQ(run().kind, DiagnosisKind::TieBreak);
}

TEST_F(ReversiLog, BoardAndLogDifferIsNotATieBreak) {
    line(4) = "***XXXX*";
    line(13) = "b2,3,7,-Infinity,Infinity";
    EXPECT_EQ(run().kind, DiagnosisKind::NextState);
}

TEST_F(ReversiLog, WrongHeader) {
    line(9) = "Node,Depth,Value";
    EXPECT_EQ(run().kind, DiagnosisKind::Header);
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

TEST_F(FaultyReversiLog, AMissingPassNodeIsAMissingLine) {
    const Diagnosis d = withFault("case1", "pass-node-missing");
    EXPECT_EQ(d.kind, DiagnosisKind::MissingLine) << d.text;
    EXPECT_NE(d.text.find("a pass node is missing"), std::string::npos) << d.text;
}

TEST_F(FaultyReversiLog, AnExpandedPassAtTheCutoffIsNotTheEvaluation) {
    const Diagnosis d = withFault("case3", "pass-expanded-at-cutoff");
    EXPECT_EQ(d.kind, DiagnosisKind::Depth) << d.text;
    EXPECT_NE(d.text.find("where the expected log has a leaf worth 6: it writes a pass below it"), std::string::npos) << d.text;
}

TEST_F(FaultyReversiLog, NoPassNodesAtTheEndIsALeafTooEarly) {
    const Diagnosis d = withFault("case1", "no-pass-nodes-at-end");
    EXPECT_EQ(d.kind, DiagnosisKind::Depth) << d.text;
    EXPECT_NE(d.text.find("treats c4 at depth 1 as a leaf"), std::string::npos) << d.text;
}

TEST_F(FaultyReversiLog, OtherNodeNamesAreNotAnExpansionOrder) {
    const Diagnosis d = withFault("case3", "transposed-names");
    EXPECT_EQ(d.kind, DiagnosisKind::NodeName) << d.text;
}

TEST_F(ReversiLog, AMissingRootLineIsNamed) {
    lines.erase(lines.begin() + 9);  // "root,0,-Infinity,-Infinity,Infinity", right after the header
    const Diagnosis d = run();
    EXPECT_EQ(d.kind, DiagnosisKind::MissingLine) << d.text;
    EXPECT_NE(d.text.find("the root's own line"), std::string::npos) << d.text;
}
