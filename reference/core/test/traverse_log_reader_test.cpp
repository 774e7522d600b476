// Reading log rows back: fields, infinities, the header and the cut-off rule.
#include <gtest/gtest.h>

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
