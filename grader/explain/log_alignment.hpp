// Aligning a program's traverse log with the expected one, visit by visit (log_visits.hpp), and tallying each
// difference by what it is in the expected tree: an inner node's entry line missing, a leaf's line repeated,
// a leaf's bounds changed, a row missing at some depth... The log-shape explanation (log_shape.cpp) names the
// patterns these tallies show. Greedy and bounded: rows are matched on (name, depth); at a mismatch the nearer
// of "expected rows missing" (looking up to kLookaheadExpected rows ahead) and "program rows extra" (up to
// kLookaheadActual) is taken, else both rows count as replaced.
#pragma once

#include <cstdint>
#include <vector>

#include "grader/explain/log_visits.hpp"

namespace plyjudge::grader {

inline constexpr std::size_t kLookaheadExpected = 4096;  // a subtree the program left out may be this long
inline constexpr std::size_t kLookaheadActual = 256;

// Rows of the expected log at one depth: how many there are by role, how many the program's log lacks.
struct DepthTally {
    std::uint64_t entries = 0, entriesMissing = 0;
    std::uint64_t leaves = 0, leavesMissing = 0;
    std::uint64_t returns = 0, returnsMissing = 0;
    std::uint64_t changed = 0;           // aligned with a program row of other values, in no class below
    std::uint64_t firstMissingLine = 0;  // 0: none missing

    std::uint64_t rows() const { return entries + leaves + returns; }
    std::uint64_t missing() const { return entriesMissing + leavesMissing + returnsMissing; }
};

// A count of rows where something holds, of how many it could hold for, and the first line where it does.
struct Occurrences {
    std::uint64_t count = 0, total = 0, firstLine = 0;
    void seen(std::uint64_t line) {
        if (count++ == 0) firstLine = line;
    }
};

struct LogAlignment {
    std::vector<DepthTally> depths;  // indexed by the expected row's depth
    Occurrences innerEntryMissing;   // of the inner nodes (their entry line)
    bool rootLineMissing = false;    // the expected log's first row (the root's first line) has no match
    std::uint64_t rootLine = 0;
    Occurrences leafTwice;           // of the leaves aligned with a program row
    Occurrences leafBoundsChanged;   // of the aligned leaves with bounds: same value, other alpha,beta
    std::uint64_t leafBoundsOfParent = 0;    // ... and those bounds are the parent's on its next line
    std::uint64_t leafBoundsFullWindow = 0;  // ... and those bounds are -Infinity,Infinity
    // Of the aligned leaves with bounds, those whose expected bounds are not the parent's next ones (resp. not
    // -Infinity,Infinity): where showing the parent's updated bounds (resp. no bounds) makes a difference.
    std::uint64_t leavesParentDiffers = 0, leavesWindowDiffers = 0;
    Occurrences entryInherited;      // of the aligned entry lines with a finite bound: value = alpha (MAX) / beta (MIN)
    std::uint64_t agrees = 0;        // program rows equal to the expected row they are aligned with
    std::uint64_t sameNode = 0;      // program rows aligned with an expected row of the same name and depth
    std::uint64_t replaced = 0;      // rows with no counterpart nearby, on both sides
    std::uint64_t extra = 0;         // program rows not in the expected log (other than repeated leaves)
    std::uint64_t tailMissing = 0;   // expected rows after the program's log ended
    long long actualMaxDepth = -1;   // the deepest row of the program's log
    bool abandoned = false;          // no alignment worth the name (garbage): stopped early
};

LogAlignment alignLogs(const LogVisits& expected, const LogVisits& actual);

}  // namespace plyjudge::grader
