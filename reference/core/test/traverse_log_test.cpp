// The traverse log's text: values spelled as std::to_chars does (and the infinities), every field
// through the fast paths and the field-by-field fallback alike.
#include <gtest/gtest.h>

#include <charconv>
#include <functional>
#include <string>

#include "reference/core/output_file.hpp"
#include "reference/core/traverse_log.hpp"
#include "reference/core/value.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge {
namespace {

std::string expectedText(Value v) {
    if (v == kPlusInfinity) return "Infinity";
    if (v == kMinusInfinity) return "-Infinity";
    char buffer[32];
    return std::string(buffer, std::to_chars(buffer, buffer + sizeof buffer, v).ptr);
}

std::string formatted(Value v) {
    char buffer[kMaxValueChars];
    return std::string(buffer, formatValue(buffer, v));
}

TEST(FormatValue, EveryLengthAndSignAsToChars) {
    for (Value v = -100000; v <= 100000; ++v) ASSERT_EQ(formatted(v), expectedText(v)) << v;
    Value power = 1;
    for (int digits = 1; digits <= 19; ++digits, power *= 10) {
        for (Value v : {power - 1, power, power + 1, 2 * power - 1, 9 * power + power - 1}) {
            if (v < power / 10) continue;
            EXPECT_EQ(formatted(v), expectedText(v));
            EXPECT_EQ(formatted(-v), expectedText(-v));
        }
    }
    for (Value v : {kPlusInfinity, kMinusInfinity, kPlusInfinity - 1, kMinusInfinity + 1}) EXPECT_EQ(formatted(v), expectedText(v));
}

std::string logOf(LogColumns columns, const std::function<void(TraverseLog&)>& write, bool withHeader = true) {
    testing::TempDir dir;
    OutputFile out(dir / "log.txt");
    TraverseLog log(out, columns);
    if (withHeader) log.header("Node");
    write(log);
    out.commit();
    return testing::readFile(dir / "log.txt");
}

TEST(TraverseLog, LongNamesAndDeepNodesGoFieldByField) {
    const std::string longName(70, 'n');
    const std::string log = logOf(LogColumns::WithBounds, [&](TraverseLog& l) {
        l.node(longName, 150, 7, kMinusInfinity, kPlusInfinity);
        l.node("a", 99, -1234567, 5, 6);
        l.node("abcdefgh", 100, 0, 5, 6);
        l.node("abcdefghi", 3, 12, 5, 7);
    });
    EXPECT_EQ(log, "Node,Depth,Value,Alpha,Beta\n" + longName + ",150,7,-Infinity,Infinity\na,99,-1234567,5,6\n"
                   "abcdefgh,100,0,5,6\nabcdefghi,3,12,5,7");
}

TEST(TraverseLog, TheFastPathEndsAtSixtyThreeCharsAndDepthSixtyThree) {
    const std::string fast(63, 'f'), slow(64, 's');
    const std::string log = logOf(LogColumns::NameDepthValue, [&](TraverseLog& l) {
        l.node(fast, 63, -5, 0, 0);
        l.node(slow, 63, -5, 0, 0);
        l.node(fast, 64, -5, 0, 0);
        l.node("", 0, 1, 0, 0);
    });
    EXPECT_EQ(log, "Node,Depth,Value\n" + fast + ",63,-5\n" + slow + ",63,-5\n" + fast + ",64,-5\n,0,1");
}

TEST(TraverseLog, ALogWithoutItsHeaderStartsWithoutAnEmptyLine) {
    const std::string log = logOf(LogColumns::WithBounds, [](TraverseLog& l) {
        l.node("root", 0, kMinusInfinity, kMinusInfinity, kPlusInfinity);
        l.node("a1", 1, 3, kMinusInfinity, kPlusInfinity);
    }, false);
    EXPECT_EQ(log, "root,0,-Infinity,-Infinity,Infinity\na1,1,3,-Infinity,Infinity");
}

TEST(TraverseLog, BoundsAreRewrittenWheneverEitherChanges) {
    const std::string log = logOf(LogColumns::WithBounds, [](TraverseLog& l) {
        l.node("x", 1, 0, 0, 0);  // the same bounds as the log starts with
        l.node("x", 1, 1, 0, 1);
        l.node("x", 1, 2, 1, 1);
        l.node("x", 1, 3, 1, 1);
        l.node("x", 1, 4, kMinusInfinity, 1);
    });
    EXPECT_EQ(log, "Node,Depth,Value,Alpha,Beta\nx,1,0,0,0\nx,1,1,0,1\nx,1,2,1,1\nx,1,3,1,1\nx,1,4,-Infinity,1");
}

// A node's lines prepared once (nodeLines, then line()) read exactly as node() writes them: every name
// length on both sides of what the prepared text holds, deep nodes, both column sets.
TEST(TraverseLog, PreparedNodeLinesReadAsNodeWritesThem) {
    for (LogColumns columns : {LogColumns::WithBounds, LogColumns::NameDepthValue}) {
        for (std::size_t length = 0; length <= 70; ++length) {
            for (int depth : {0, 9, 10, 63, 64, 150}) {
                const std::string name(length, 'n');
                const auto write = [&](TraverseLog& l, bool prepared) {
                    const TraverseLog::NodeLines lines = l.nodeLines(name, depth);
                    for (Value v : {kMinusInfinity, Value{-7}, Value{123456}}) {
                        if (prepared) {
                            l.line(lines, v, -3, kPlusInfinity);
                        } else {
                            l.node(name, depth, v, -3, kPlusInfinity);
                        }
                    }
                };
                const std::string viaNode = logOf(columns, [&](TraverseLog& l) { write(l, false); });
                ASSERT_EQ(logOf(columns, [&](TraverseLog& l) { write(l, true); }), viaNode) << length << " " << depth;
                ASSERT_NE(viaNode.find("\n" + name + "," + std::to_string(depth) + ",-7"), std::string::npos);
            }
        }
    }
}

TEST(TraverseLog, APreparedFirstLineWithoutHeaderStartsWithoutAnEmptyLine) {
    const std::string log = logOf(LogColumns::NameDepthValue, [](TraverseLog& l) {
        const TraverseLog::NodeLines root = l.nodeLines("root", 0);
        l.line(root, kMinusInfinity, 0, 0);
        l.line(root, 5, 0, 0);
    }, false);
    EXPECT_EQ(log, "root,0,-Infinity\nroot,0,5");
}

TEST(TraverseLog, ThreeColumnsLeaveTheBoundsOut) {
    const std::string log = logOf(LogColumns::NameDepthValue, [](TraverseLog& l) {
        l.node("root", 0, kMinusInfinity, 1, 2);
        l.node("A10", 1, 50001, 1, 2);
    });
    EXPECT_EQ(log, "Node,Depth,Value\nroot,0,-Infinity\nA10,1,50001");
}

}  // namespace
}  // namespace plyjudge
