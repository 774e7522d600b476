// The experiment behind an exact log-shape explanation: the named patterns are re-applied to the expected output
// file (entry lines dropped, leaves written twice, other bounds on leaves, ...) and the result is compared with the
// program's file line by line, as the comparison does (modulo line ends, trailing blanks, final newlines). Only
// when every line comes out equal may the explanation say `exact`. Streams both files with one row of lookahead.
#pragma once

#include <cstddef>
#include <istream>

namespace plyjudge::grader {

enum class LeafBoundsReplay { AsExpected, ParentsNext, FullWindow };

// What to do to the expected log's rows. Rows at or below `dropFromDepth` (when >= 0) are dropped first.
struct ReplayPlan {
    bool dropInnerEntries = false;   // every inner node's entry line
    bool dropRootLine = false;       // the log's first row only
    bool duplicateLeaves = false;    // each leaf's line written twice
    LeafBoundsReplay leafBounds = LeafBoundsReplay::AsExpected;  // the parent's next alpha,beta, or -Infinity,Infinity
    bool inheritedEntryValue = false;  // an entry line's value: its alpha (MAX) or beta (MIN)
    long long dropFromDepth = -1;
};

// Whether the expected file, with `plan` applied to its log's rows, is the program's file. Both streams are
// read from their current position to the end; false as well when the expected log has more than `maxRows` rows
// or a row the reference would not write.
bool replayReproduces(std::istream& expected, std::istream& actual, const ReplayPlan& plan, std::size_t maxRows);

}  // namespace plyjudge::grader
