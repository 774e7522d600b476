// Log-shape explanations on real logs: the reference's log for a committed case, transformed the way students'
// logs differ (entry lines dropped, the root line dropped, leaves twice, the parent's bounds on leaves, nothing
// below a depth, the inherited bound on entry lines), is named with that pattern, its count and where it
// starts; one wrong value, an unchanged log and garbage are not a shape; a random position's log with every
// entry line dropped is always named.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <functional>
#include <sstream>

#include "grader/explain/log_shape.hpp"
#include "reference/input_generator.hpp"
#include "reference/variant.hpp"
#include "testsupport/golden.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::grader {
namespace {

// The reference's output file holding the log (`file`) for an input text.
std::string referenceLog(const std::string& variant, const std::string& inputText, const std::string& file) {
    testing::TempDir dir;
    findVariant(variant)->solve(InputText(inputText, "input.txt"), Dialect{}, dir.path());
    return std::filesystem::exists(dir / file) ? testing::readFile(dir / file) : std::string();
}

std::string committedInput(const std::string& variant, const std::string& caseName) {
    return testing::readFile(testing::casesDir() / variant / caseName / "input.txt");
}

// A log file as the tests change it: the lines up to the header, then the rows, each with its role worked out
// here from the depths (docs/variants: a node's line on entry and after each child; a leaf has one line).
struct Row {
    std::string name, value, alpha, beta;
    int depth = 0;
    bool bounds = false;
    enum Role { Entry, Leaf, Return } role = Leaf;
    std::string text() const {
        return name + "," + std::to_string(depth) + "," + value + (bounds ? "," + alpha + "," + beta : "");
    }
};

struct LogFile {
    std::vector<std::string> preamble;  // the header last
    std::vector<Row> rows;

    std::uint64_t firstRowLine() const { return preamble.size() + 1; }
    std::uint64_t lineOf(std::size_t row) const { return firstRowLine() + row; }
    std::string text() const {
        std::string out;
        for (const auto& l : preamble) out += l + "\n";
        for (const auto& r : rows) out += r.text() + "\n";
        out.pop_back();  // like the reference: no newline after the last line
        return out;
    }
    std::size_t count(Row::Role role) const {
        return static_cast<std::size_t>(std::count_if(rows.begin(), rows.end(), [&](const Row& r) { return r.role == role; }));
    }
};

LogFile splitLog(const std::string& text) {
    LogFile log;
    std::istringstream in(text);
    bool header = false;
    for (std::string line; std::getline(in, line);) {
        if (!header) {
            log.preamble.push_back(line);
            header = line.starts_with("Node,") || line.starts_with("Move,");
            continue;
        }
        std::vector<std::string> f;
        std::stringstream fields(line);
        for (std::string field; std::getline(fields, field, ',');) f.push_back(field);
        Row r{f.at(0), f.at(2), f.size() == 5 ? f[3] : "", f.size() == 5 ? f[4] : "", std::stoi(f.at(1)), f.size() == 5};
        log.rows.push_back(r);
    }
    for (std::size_t i = 0; i < log.rows.size(); ++i) {
        const int d = log.rows[i].depth;
        if (i > 0 && log.rows[i - 1].depth == d + 1) log.rows[i].role = Row::Return;
        else if (i + 1 < log.rows.size() && log.rows[i + 1].depth == d + 1) log.rows[i].role = Row::Entry;
    }
    return log;
}

// The log with each row replaced by what `change` makes of it (none, one or more rows).
LogFile transformed(const LogFile& log, const std::function<std::vector<Row>(const LogFile&, std::size_t)>& change) {
    LogFile out{log.preamble, {}};
    for (std::size_t i = 0; i < log.rows.size(); ++i) {
        for (const Row& r : change(log, i)) out.rows.push_back(r);
    }
    return out;
}

std::optional<LogShape> shapeOf(const std::string& expected, const std::string& actual, LogShapeOptions options = {}) {
    std::istringstream e(expected), a(actual);
    return findLogShape(e, a, options);
}
std::optional<Explanation> explanationOf(const std::string& expected, const std::string& actual) {
    std::istringstream e(expected), a(actual);
    return explainByLogShape(e, a);
}

// Named, and shown to be exactly what the program does by replaying it (log_shape_replay.hpp).
bool explainedExactly(const std::string& expected, const std::string& actual) {
    const auto e = explanationOf(expected, actual);
    return e && e->kind == ExplanationKind::LogShape && e->exact;
}

// The one pattern named, with its count, total and line.
void expectOnePattern(const std::string& expected, const std::string& actual, std::string_view name, std::uint64_t count,
                      std::uint64_t total, std::uint64_t line) {
    const auto shape = shapeOf(expected, actual);
    ASSERT_TRUE(shape);
    ASSERT_EQ(shape->patterns.size(), 1u) << (shape->patterns.empty() ? "none" : shape->patterns[1].name);
    const LogShapePattern& p = shape->patterns[0];
    EXPECT_EQ(p.name, name);
    EXPECT_EQ(p.count, count);
    EXPECT_EQ(p.total, total);
    EXPECT_EQ(p.line, line);
    EXPECT_NE(p.sentence.find("line " + std::to_string(line) + (name == log_shape::kMissingRootLine ? ", " : " on, ")), std::string::npos) << p.sentence;
}

struct Sample {
    std::string variant, caseName, file;
};
const Sample kReversiCase4{"reversi", "published/case4", "output.txt"};       // alpha-beta, depth 3, board first
const Sample kReversiWorked{"reversi", "pdf_example/worked_example", "output.txt"};
const Sample kSquirrelAlphaBeta{"squirrel", "published/sample4", "traverse_log.txt"};
const Sample kSquirrelMinimax{"squirrel", "published/sample3", "traverse_log.txt"};

void PrintTo(const Sample& s, std::ostream* os) { *os << s.variant << " " << s.caseName; }

std::string expectedLogOf(const Sample& s) { return referenceLog(s.variant, committedInput(s.variant, s.caseName), s.file); }

class LogShapeOnCommittedCases : public ::testing::TestWithParam<Sample> {};

TEST_P(LogShapeOnCommittedCases, InnerNodesLoggedOnlyOnReturnAreNamedAndReproducedExactly) {
    const std::string expected = expectedLogOf(GetParam());
    const LogFile log = splitLog(expected);
    const LogFile program = transformed(log, [](const LogFile& l, std::size_t i) {
        return l.rows[i].role == Row::Entry ? std::vector<Row>{} : std::vector<Row>{l.rows[i]};
    });
    expectOnePattern(expected, program.text(), log_shape::kInnerNodesOnReturn, log.count(Row::Entry), log.count(Row::Entry),
                     log.firstRowLine());
    const auto e = explanationOf(expected, program.text());
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, ExplanationKind::LogShape);
    EXPECT_TRUE(e->exact) << e->sentence;
    EXPECT_NE(e->sentence.find("every inner node's entry line is missing"), std::string::npos) << e->sentence;
}

TEST_P(LogShapeOnCommittedCases, AMissingRootLineIsNamed) {
    const std::string expected = expectedLogOf(GetParam());
    const LogFile log = splitLog(expected);
    const LogFile program = transformed(log, [](const LogFile& l, std::size_t i) {
        return i == 0 ? std::vector<Row>{} : std::vector<Row>{l.rows[i]};
    });
    expectOnePattern(expected, program.text(), log_shape::kMissingRootLine, 1, 1, log.firstRowLine());
    EXPECT_TRUE(explainedExactly(expected, program.text()));
}

TEST_P(LogShapeOnCommittedCases, LeavesLoggedTwiceAreNamed) {
    const std::string expected = expectedLogOf(GetParam());
    const LogFile log = splitLog(expected);
    const LogFile program = transformed(log, [](const LogFile& l, std::size_t i) {
        const Row& r = l.rows[i];
        return r.role == Row::Leaf ? std::vector<Row>{r, r} : std::vector<Row>{r};
    });
    std::size_t firstLeaf = 0;
    while (log.rows[firstLeaf].role != Row::Leaf) ++firstLeaf;
    expectOnePattern(expected, program.text(), log_shape::kLeafLoggedTwice, log.count(Row::Leaf), log.count(Row::Leaf),
                     log.lineOf(firstLeaf));
    EXPECT_TRUE(explainedExactly(expected, program.text()));
}

TEST_P(LogShapeOnCommittedCases, OneWrongValueIsNotAShapeAndAnUnchangedLogHasNone) {
    const std::string expected = expectedLogOf(GetParam());
    LogFile program = splitLog(expected);
    Row& leaf = *std::find_if(program.rows.begin() + static_cast<long>(program.rows.size() / 2), program.rows.end(),
                              [](const Row& r) { return r.role == Row::Leaf; });
    leaf.value = std::to_string(std::stoi(leaf.value) + 1000);
    const auto shape = shapeOf(expected, program.text());
    ASSERT_TRUE(shape);  // the logs are comparable...
    EXPECT_TRUE(shape->patterns.empty()) << shape->patterns[0].sentence;  // ...and differ by no shape
    EXPECT_FALSE(explanationOf(expected, program.text()));
    EXPECT_FALSE(explanationOf(expected, expected));
}

// Alpha-beta logs only: bounds.
TEST(LogShape, LeavesShowingTheirParentsUpdatedBoundsAreNamed) {
    for (const Sample& sample : {kReversiWorked, kSquirrelAlphaBeta}) {  // 6 and 30 leaves where the parent's bounds change
        const std::string expected = expectedLogOf(sample);
        const LogFile log = splitLog(expected);
        std::size_t changed = 0, first = 0;
        const LogFile program = transformed(log, [&](const LogFile& l, std::size_t i) {
            Row r = l.rows[i];
            if (r.role == Row::Leaf && (r.alpha != l.rows[i + 1].alpha || r.beta != l.rows[i + 1].beta)) {
                if (changed++ == 0) first = i;
                r.alpha = l.rows[i + 1].alpha;
                r.beta = l.rows[i + 1].beta;
            }
            return std::vector<Row>{r};
        });
        ASSERT_GE(changed, 2u) << sample.caseName;
        expectOnePattern(expected, program.text(), log_shape::kBoundsOnLeaves, changed, changed, log.lineOf(first));
        EXPECT_TRUE(explainedExactly(expected, program.text())) << sample.caseName;
    }
}

TEST(LogShape, OneLeafWithItsParentsBoundsIsASlipNotAShape) {
    // case4 has one leaf after which its parent's bounds change: showing them there is one odd row.
    const std::string expected = expectedLogOf(kReversiCase4);
    const LogFile log = splitLog(expected);
    std::size_t changed = 0;
    const LogFile program = transformed(log, [&](const LogFile& l, std::size_t i) {
        Row r = l.rows[i];
        if (r.role == Row::Leaf && (r.alpha != l.rows[i + 1].alpha || r.beta != l.rows[i + 1].beta)) {
            ++changed;
            r.alpha = l.rows[i + 1].alpha;
            r.beta = l.rows[i + 1].beta;
        }
        return std::vector<Row>{r};
    });
    ASSERT_EQ(changed, 1u);
    EXPECT_FALSE(explanationOf(expected, program.text()));
}

TEST(LogShape, EntryLinesShowingTheInheritedBoundAreNamed) {
    const std::string expected = expectedLogOf(kReversiCase4);
    const LogFile log = splitLog(expected);
    std::size_t changed = 0, first = 0;
    const LogFile program = transformed(log, [&](const LogFile& l, std::size_t i) {
        Row r = l.rows[i];
        const std::string& inherited = r.depth % 2 == 0 ? r.alpha : r.beta;
        if (r.role == Row::Entry && inherited != "-Infinity" && inherited != "Infinity") {
            if (changed++ == 0) first = i;
            r.value = inherited;
        }
        return std::vector<Row>{r};
    });
    ASSERT_GE(changed, 2u);
    expectOnePattern(expected, program.text(), log_shape::kInheritedBoundOnEntry, changed, changed, log.lineOf(first));
    EXPECT_TRUE(explainedExactly(expected, program.text()));
}

TEST(LogShape, NothingLoggedBelowADepthIsNamedAndReproduced) {
    const std::string expected = expectedLogOf(kReversiCase4);  // depth 3
    const LogFile log = splitLog(expected);
    std::size_t dropped = 0, first = 0;
    const LogFile program = transformed(log, [&](const LogFile& l, std::size_t i) {
        if (l.rows[i].depth < 3) return std::vector<Row>{l.rows[i]};
        if (dropped++ == 0) first = i;
        return std::vector<Row>{};
    });
    expectOnePattern(expected, program.text(), log_shape::kNothingBelowDepth, dropped, dropped, log.lineOf(first));
    const auto e = explanationOf(expected, program.text());
    ASSERT_TRUE(e);
    EXPECT_TRUE(e->exact);
    EXPECT_NE(e->sentence.find("logs nothing below depth 2"), std::string::npos) << e->sentence;
}

TEST(LogShape, ALogOnePlyShallowerIsNamedButNotExact) {
    // What the reference writes searching depth 2 on case4 (depth 3): the depth-2 nodes become leaves.
    std::string shallower = committedInput("reversi", "published/case4");
    shallower.replace(shallower.find("\n3") + 1, 1, "2");
    const std::string expected = expectedLogOf(kReversiCase4);
    const std::string program = referenceLog("reversi", shallower, "output.txt");
    const LogFile log = splitLog(expected);
    const auto deepRows = static_cast<std::uint64_t>(std::count_if(log.rows.begin(), log.rows.end(), [](const Row& r) { return r.depth == 3; }));
    std::size_t first = 0;
    while (log.rows[first].depth != 3) ++first;
    expectOnePattern(expected, program, log_shape::kNothingBelowDepth, deepRows, deepRows, log.lineOf(first));
    const auto e = explanationOf(expected, program);
    ASSERT_TRUE(e);
    EXPECT_FALSE(e->exact);  // the values at depth 2 are the program's own: nothing replays them
    EXPECT_NE(e->sentence.find("one ply less"), std::string::npos) << e->sentence;
}

TEST(LogShape, GarbageIsNoShapeAndDoesNotCrash) {
    const std::string expected = expectedLogOf(kSquirrelAlphaBeta);
    std::string binary;
    for (int i = 0; i < 100000; ++i) binary += static_cast<char>((i * 7919) % 256);
    const std::string hugeLine(20u << 20, 'x');
    const std::string headerOnly = "Node,Depth,Value,Alpha,Beta";
    std::string headerThenNoise = headerOnly;
    for (int i = 0; i < 5000; ++i) headerThenNoise += "\nnode" + std::to_string(i) + "," + std::to_string(i % 7) + ",1,2,3";
    for (const std::string& garbage : {std::string(), binary, hugeLine, headerOnly + "\n" + hugeLine, headerThenNoise,
                                       expected.substr(expected.find('\n') + 1) /* no header */}) {
        EXPECT_FALSE(explanationOf(expected, garbage));
        EXPECT_FALSE(explanationOf(garbage, expected));  // an expected file that is no log
    }
}

TEST(LogShape, ReadingStopsAtTheCapAndThenClaimsNothingExact) {
    const std::string expected = expectedLogOf(kSquirrelMinimax);  // 579 rows
    const LogFile log = splitLog(expected);
    const LogFile program = transformed(log, [](const LogFile& l, std::size_t i) {
        return l.rows[i].role == Row::Entry ? std::vector<Row>{} : std::vector<Row>{l.rows[i]};
    });
    LogShapeOptions capped;
    capped.maxRows = 60;
    const auto shape = shapeOf(expected, program.text(), capped);
    ASSERT_TRUE(shape);
    ASSERT_EQ(shape->patterns.size(), 1u);
    EXPECT_EQ(shape->patterns[0].name, log_shape::kInnerNodesOnReturn);
    EXPECT_LT(shape->patterns[0].total, log.count(Row::Entry));  // only the rows read were counted
    EXPECT_FALSE(shape->reproduced);
}

// Random positions: an unchanged log has no shape; with every entry line dropped it is always named.
RC_GTEST_PROP(LogShapeProperties, EntryLinesDroppedAreAlwaysNamedAndAnUnchangedLogNever, ()) {
    const std::string variant = *rc::gen::element<std::string>("reversi", "squirrel");
    const std::string input = *findInputGenerator(variant)->inputs(InputPurpose::Suite);
    const std::string expected = referenceLog(variant, input, variant == "reversi" ? "output.txt" : "traverse_log.txt");
    if (expected.empty()) RC_SUCCEED("no traverse log (greedy)");
    RC_ASSERT(!explanationOf(expected, expected));
    const LogFile log = splitLog(expected);
    if (log.count(Row::Entry) == 0) RC_SUCCEED("the root is a leaf: no entry line to drop");
    const LogFile program = transformed(log, [](const LogFile& l, std::size_t i) {
        return l.rows[i].role == Row::Entry ? std::vector<Row>{} : std::vector<Row>{l.rows[i]};
    });
    const auto e = explanationOf(expected, program.text());
    RC_ASSERT(e.has_value());
    RC_ASSERT(e->fault == std::string(log_shape::kInnerNodesOnReturn));
    RC_ASSERT(e->exact);
}

INSTANTIATE_TEST_SUITE_P(Logs, LogShapeOnCommittedCases, ::testing::Values(kReversiCase4, kSquirrelAlphaBeta, kSquirrelMinimax),
                         [](const auto& info) { return info.param.variant + std::to_string(info.index); });

// A closest fault that agrees with more of the program's lines than a shape's alignment is kept; an exact finding
// of either kind wins; a shape that aligns as many lines or more wins over a closest fault.
TEST(LogShape, AClosestFaultAgreeingOnMoreLinesThanTheShapeAlignsIsKept) {
    auto finding = [](const char* name, bool exact, std::uint64_t agrees) {
        Explanation e;
        e.fault = name;
        e.exact = exact;
        e.agreesLines = agrees;
        return std::optional<Explanation>(e);
    };
    const auto shape13 = finding("inner-nodes-on-return", false, 13);
    EXPECT_EQ(shapeOrReproduction(shape13, finding("move-per-direction", false, 26))->fault, "move-per-direction");
    EXPECT_EQ(shapeOrReproduction(shape13, finding("move-per-direction", false, 13))->fault, "inner-nodes-on-return");
    EXPECT_EQ(shapeOrReproduction(finding("inner-nodes-on-return", true, 13), finding("x", false, 26))->fault, "inner-nodes-on-return");
    EXPECT_EQ(shapeOrReproduction(shape13, finding("strict-pruning", true, 40))->fault, "strict-pruning");
    EXPECT_EQ(shapeOrReproduction(shape13, std::nullopt)->fault, "inner-nodes-on-return");
    EXPECT_FALSE(shapeOrReproduction(std::nullopt, std::nullopt));
}

}  // namespace
}  // namespace plyjudge::grader
