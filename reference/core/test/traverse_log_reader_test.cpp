// Reading log rows back: fields, infinities, the header and the cut-off rule.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "reference/core/traverse_log_reader.hpp"

namespace plyjudge {
namespace {

TEST(TraverseLogReader, RowsWithAndWithoutBounds) {
    const auto r = parseLogRow("d3, 3 ,20,6,Infinity");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->name, "d3");
    EXPECT_EQ(r->depth, 3);
    EXPECT_EQ(r->value, "20");
    EXPECT_TRUE(r->hasBounds);
    EXPECT_EQ(parseLogValue(r->beta), kPlusInfinity);
    const auto plain = parseLogRow("root,0,-Infinity");
    ASSERT_TRUE(plain);
    EXPECT_FALSE(plain->hasBounds);
    EXPECT_EQ(parseLogValue(plain->value), kMinusInfinity);
    EXPECT_FALSE(parseLogRow("a,1"));
    EXPECT_FALSE(parseLogRow("a,1,2,3"));
    EXPECT_FALSE(parseLogRow("a,1,2,3,4,5"));
    EXPECT_FALSE(parseLogRow("a,one,2"));
    EXPECT_FALSE(parseLogValue("7x"));
}

// The reader reads back what the one spelling writes (log_line.hpp), whatever the fields.
RC_GTEST_PROP(TraverseLogReader, ReadsBackEveryFormattedLine, ()) {
    const std::string name = *rc::gen::container<std::string>(rc::gen::elementOf(std::string("abcdefghABCH0123456789-_")));
    RC_PRE(!name.empty());
    const int depth = *rc::gen::inRange(0, 1000);
    const auto value = [] { return *rc::gen::oneOf(rc::gen::element(kPlusInfinity, kMinusInfinity), rc::gen::inRange<Value>(-1000000, 1000000)); };
    const Value v = value(), a = value(), b = value();
    const LogColumns columns = *rc::gen::element(LogColumns::NameDepthValue, LogColumns::WithBounds);
    char buffer[64 + kMaxLogTail + kMaxLogBounds];
    RC_PRE(name.size() <= 64);
    const std::string_view line(buffer, static_cast<std::size_t>(formatLogLine(buffer, name, depth, v, a, b, columns) - buffer));
    const auto row = parseLogRow(line);
    RC_ASSERT(row.has_value());
    RC_ASSERT(row->name == name);
    RC_ASSERT(row->depth == depth);
    RC_ASSERT(parseLogValue(row->value) == v);
    RC_ASSERT(row->hasBounds == (columns == LogColumns::WithBounds));
    if (row->hasBounds) {
        RC_ASSERT(parseLogValue(row->alpha) == a);
        RC_ASSERT(parseLogValue(row->beta) == b);
    }
    RC_ASSERT(isLogHeader(logHeader("Node", columns), "Node"));
}

TEST(TraverseLogReader, Headers) {
    EXPECT_TRUE(isLogHeader("Node,Depth,Value", "Node"));
    EXPECT_TRUE(isLogHeader("Move,Depth,Value,Alpha,Beta", "Move"));
    EXPECT_FALSE(isLogHeader("Move,Depth,Value", "Node"));
    EXPECT_FALSE(isLogHeader("root,0,-Infinity", "Node"));
}

TEST(TraverseLogReader, CutoffRowsFollowAChildAndReachTheBound) {
    const auto child = parseLogRow("d2,3,24,-Infinity,20");
    const auto cut = parseLogRow("e3,2,24,-Infinity,20");      // MAX at depth 2: 24 >= beta 20
    const auto entering = parseLogRow("g3,2,-Infinity,-Infinity,20");
    const auto minCut = parseLogRow("c3,1,5,6,Infinity");      // MIN at depth 1: 5 <= alpha 6
    ASSERT_TRUE(child && cut && entering && minCut);
    EXPECT_TRUE(isCutoffRow(*cut, &*child));
    EXPECT_FALSE(isCutoffRow(*cut, &*entering));  // not right after a child
    EXPECT_FALSE(isCutoffRow(*entering, nullptr));  // an infinite value never cuts
    EXPECT_TRUE(reachesBound(*minCut));
    EXPECT_FALSE(reachesBound(*parseLogRow("e3,2,24")));  // no bounds
    EXPECT_TRUE(followsChild(2, 3));
    EXPECT_FALSE(followsChild(2, 1));
}

}  // namespace
}  // namespace plyjudge
