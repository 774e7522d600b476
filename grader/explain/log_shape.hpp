// Explaining a wrong traverse log by its shape: the program's log is aligned with the expected one as a tree of
// node visits (an entry line, a leaf's line, a line after each child returns; log_visits.hpp), and patterns
// that hold across the whole log are named with where they start and how often they hold: inner nodes logged
// only on return, a missing root line, leaves logged twice, other bounds on leaves, nothing below some depth,
// entry lines showing the inherited bound. A single wrong value, a log cut short or garbage is not a shape:
// nothing is said. Bounded: each log is read up to `maxRows` rows (the rest is not looked at) into one compact
// record per row, and the alignment looks a bounded distance ahead.
#pragma once

#include <cstdint>
#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "grader/results/run_results.hpp"

namespace plyjudge::grader {

struct LogShapeOptions {
    std::size_t maxRows = 2'000'000;  // per log: ~28 bytes a row, so at most ~56 MB each
};

// The patterns' names, as Explanation::fault joins them ("inner-nodes-on-return + leaf-logged-twice").
namespace log_shape {
inline constexpr std::string_view kInnerNodesOnReturn = "inner-nodes-on-return";
inline constexpr std::string_view kMissingRootLine = "missing-root-line";
inline constexpr std::string_view kLeafLoggedTwice = "leaf-logged-twice";
inline constexpr std::string_view kBoundsOnLeaves = "bounds-on-leaves";
inline constexpr std::string_view kNothingBelowDepth = "nothing-below-depth";
inline constexpr std::string_view kInheritedBoundOnEntry = "inherited-bound-on-entry";
}  // namespace log_shape

// One named pattern, e.g. inner-nodes-on-return from expected line 2 on, 41 of 41 inner nodes.
struct LogShapePattern {
    std::string name;        // one of log_shape::k...
    std::uint64_t line = 0;  // the expected log's line (1-based, in its file) where it is first seen
    std::uint64_t count = 0, total = 0;
    std::string sentence;    // to the student, with the line and the counts
};

struct LogShape {
    std::vector<LogShapePattern> patterns;  // in the order of the names above
    std::uint64_t agreesLines = 0;          // program rows equal to the expected row they are aligned with
    std::uint64_t unexplained = 0;          // differing rows no named pattern accounts for
    bool reproduced = false;                // re-applying the patterns to the expected log gave the program's log
};

// The shape of `actual` against `expected` (both whole output files: lines before the log's header are
// skipped, and compared only by the replay). Both streams are read from their current position; the replay
// seeks them back to where they started. nullopt when either is not a log or the two logs are not
// comparable (no header, garbage).
std::optional<LogShape> findLogShape(std::istream& expected, std::istream& actual, const LogShapeOptions& options = {});

// The shape as an Explanation (kind LogShape); nullopt when no pattern is named. `exact` only when the named
// patterns account for every difference and replaying them on the expected log wrote the program's log.
std::optional<Explanation> explainByLogShape(std::istream& expected, std::istream& actual, const LogShapeOptions& options = {});

// One case's explanation, of its log shape and its reproduction (exact or closest): an exact reproduction, else the
// shape, which says more than a closest fault, unless that fault's output agrees with more of the program's lines
// than the shape's alignment does (a move listed twice shifts a log, so its shape aligns few lines: humayoun7).
std::optional<Explanation> shapeOrReproduction(const std::optional<Explanation>& shape, const std::optional<Explanation>& reproduced);

}  // namespace plyjudge::grader
