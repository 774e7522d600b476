// Structural checks of a traverse log, shared by every variant's property tests.
#pragma once

#include <string>

#include "reference/core/value.hpp"

namespace plyjudge::testing {

// Checks that `log` (header line included) is a well-formed depth-first traverse log: the first line
// after the header is `root,0,-Infinity…` (or the root as a leaf); every inner node's first line is
// -Infinity at even depths (MAX) and Infinity at odd depths (MIN); each child is followed by a line of
// its parent with the parent's name and depth; consecutive depths differ by exactly one; leaves have
// finite values; with bounds, alpha <= beta on entering lines; the last line is the root with
// `rootValue`. Returns "" when well formed, else a description naming the line.
std::string checkTraverseLog(const std::string& log, bool withBounds, Value rootValue);

}  // namespace plyjudge::testing
