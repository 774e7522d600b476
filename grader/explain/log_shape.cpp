#include "grader/explain/log_shape.hpp"

#include <fmt/format.h>

#include "grader/explain/log_alignment.hpp"
#include "grader/explain/log_shape_replay.hpp"
#include "grader/explain/log_visits.hpp"

namespace plyjudge::grader {

namespace {

// A pattern holds across the log when it holds everywhere it could, or at least twice and for half of the
// places: one odd row is a slip, not a shape.
bool holds(std::uint64_t count, std::uint64_t total) {
    return count > 0 && (count == total || (count >= 2 && 2 * count >= total));
}

// "every inner node's entry line is missing (41 of 41 inner nodes)" or "the entry line of 30 of 41 inner nodes
// is missing": `all` and `some` take the counts in that order.
std::string howOften(std::uint64_t count, std::uint64_t total, std::string_view all, std::string_view some) {
    return count == total ? fmt::format(fmt::runtime(all), count, total) : fmt::format(fmt::runtime(some), count, total);
}

// The nodes at the depth above a truncation lost their lines after children too: they were logged as leaves.
bool loggedAsLeavesAbove(const LogAlignment& a, long long truncatedAt) {
    const DepthTally& above = a.depths[static_cast<std::size_t>(truncatedAt - 1)];
    return above.returns > 0 && above.returnsMissing == above.returns;
}

// The depth below which the program's log has nothing: the smallest d where every expected row at depth d or
// deeper is missing, the program has no row that deep, and most rows above d are there. -1: none.
long long truncationDepth(const LogAlignment& a) {
    std::uint64_t rowsAbove = 0, missingAbove = 0;
    for (std::size_t d = 0; d < a.depths.size(); ++d) {
        bool allMissingBelow = true;
        std::uint64_t rowsBelow = 0;
        for (std::size_t k = d; k < a.depths.size(); ++k) {
            rowsBelow += a.depths[k].rows();
            allMissingBelow = allMissingBelow && a.depths[k].missing() == a.depths[k].rows();
        }
        if (d > 0 && allMissingBelow && rowsBelow > 0 && a.actualMaxDepth < static_cast<long long>(d) &&
            2 * missingAbove <= rowsAbove) {
            return static_cast<long long>(d);
        }
        rowsAbove += a.depths[d].rows();
        missingAbove += a.depths[d].missing();
    }
    return -1;
}

// What the patterns found so far leave unexplained, and what a replay would do (log_shape_replay.hpp).
struct Naming {
    LogShape shape;
    ReplayPlan plan;
    bool replayable = true;  // every named pattern holds everywhere and says exactly what the program writes
    std::uint64_t unexplained = 0;

    void name(std::string_view pattern, const Occurrences& o, std::string sentence) {
        shape.patterns.push_back({std::string(pattern), o.firstLine, o.count, o.total, std::move(sentence)});
        replayable = replayable && o.count == o.total;
    }
};

// Nothing below depth d: "one ply less" when the nodes at depth d-1 lost their lines after children too.
void nameTruncation(const LogAlignment& a, long long depth, Naming& n) {
    Occurrences o;
    for (std::size_t d = static_cast<std::size_t>(depth); d < a.depths.size(); ++d) {
        o.count += a.depths[d].missing();
        if (o.firstLine == 0 || (a.depths[d].firstMissingLine && a.depths[d].firstMissingLine < o.firstLine)) {
            o.firstLine = a.depths[d].firstMissingLine;
        }
    }
    o.total = o.count;
    const bool onePlyLess = loggedAsLeavesAbove(a, depth);
    n.name(log_shape::kNothingBelowDepth, o,
           fmt::format("from line {} on, your log has no line deeper than depth {}: all {} lines of the expected log at "
                       "depth {} and deeper are missing{}",
                       o.firstLine, depth - 1, o.count, depth,
                       onePlyLess ? fmt::format(", and the nodes at depth {} have one line each, as leaves: as if your "
                                                "program searched one ply less than the given depth", depth - 1)
                                  : fmt::format(", while the nodes at depth {} still show their children's returns: "
                                                "your program logs nothing below depth {}", depth - 1, depth - 1)));
    // One ply less: the values at depth d-1 are the program's own evaluation, which a replay cannot know.
    if (onePlyLess) n.replayable = false;
    n.plan.dropFromDepth = depth;
}

void nameEntryLines(const LogAlignment& a, Naming& n) {
    const Occurrences& o = a.innerEntryMissing;
    if (holds(o.count, o.total)) {
        n.name(log_shape::kInnerNodesOnReturn, o,
               fmt::format("from line {} on, {}: your log shows inner nodes only when a child returns, not when they "
                           "are entered (an inner node writes a line before its first child, with -Infinity at MAX "
                           "and Infinity at MIN)",
                           o.firstLine, howOften(o.count, o.total, "every inner node's entry line is missing ({} of {} inner nodes)",
                                                 "the entry line of {} of {} inner nodes is missing")));
        n.plan.dropInnerEntries = true;
        return;
    }
    if (a.rootLineMissing) {
        n.name(log_shape::kMissingRootLine, Occurrences{1, 1, a.rootLine},
               fmt::format("line {}, the root's first line, is missing: your log starts below the root (the root "
                           "writes a line before its first child, like every inner node)", a.rootLine));
        n.plan.dropRootLine = true;
        n.unexplained += o.count > 0 ? o.count - 1 : 0;  // the root's own line, when it is an inner node
        return;
    }
    n.unexplained += o.count;
}

// Leaves with other bounds and the right value. Showing the parent's updated bounds (or no bounds) changes only
// the leaves where those differ from the received ones: that is what such a pattern is counted against, and it
// must be seen twice at least (a leaf of its own is a slip).
void nameLeafBounds(const LogAlignment& a, Naming& n) {
    const Occurrences& b = a.leafBoundsChanged;
    const std::string_view rule = " (a leaf's line shows the alpha and beta it received)";
    if (b.count >= 2 && a.leafBoundsOfParent == b.count && holds(b.count, a.leavesParentDiffers)) {
        n.name(log_shape::kBoundsOnLeaves, Occurrences{b.count, a.leavesParentDiffers, b.firstLine},
               fmt::format("from line {} on, {}, with the right value{}", b.firstLine,
                           howOften(b.count, a.leavesParentDiffers,
                                    "every leaf after which its parent's bounds change shows the changed bounds, the "
                                    "ones its parent has after it ({} of {} such leaves)",
                                    "{} of {} leaves after which their parent's bounds change show the changed bounds"),
                           rule));
        n.plan.leafBounds = LeafBoundsReplay::ParentsNext;
    } else if (b.count >= 2 && a.leafBoundsFullWindow == b.count && holds(b.count, a.leavesWindowDiffers)) {
        n.name(log_shape::kBoundsOnLeaves, Occurrences{b.count, a.leavesWindowDiffers, b.firstLine},
               fmt::format("from line {} on, {}, as if no bounds were passed down{}", b.firstLine,
                           howOften(b.count, a.leavesWindowDiffers,
                                    "every leaf that received a finite bound shows -Infinity,Infinity ({} of {} such leaves)",
                                    "{} of {} leaves that received a finite bound show -Infinity,Infinity"),
                           rule));
        n.plan.leafBounds = LeafBoundsReplay::FullWindow;
    } else if (holds(b.count, b.total)) {
        n.name(log_shape::kBoundsOnLeaves, b,
               fmt::format("from line {} on, {}, with the right value: {} of them show the bounds their parent has "
                           "after them, {} show -Infinity,Infinity, the others other bounds{}",
                           b.firstLine, howOften(b.count, b.total, "every leaf shows other alpha,beta than expected ({} of {} leaves)",
                                                 "{} of {} leaves show other alpha,beta than expected"),
                           a.leafBoundsOfParent, a.leafBoundsFullWindow, rule));
        n.replayable = false;
    } else {
        n.unexplained += b.count;
    }
}

void nameLeafLines(const LogAlignment& a, Naming& n) {
    if (holds(a.leafTwice.count, a.leafTwice.total)) {
        n.name(log_shape::kLeafLoggedTwice, a.leafTwice,
               fmt::format("from line {} on, {}: a leaf writes one line only", a.leafTwice.firstLine,
                           howOften(a.leafTwice.count, a.leafTwice.total, "every leaf is logged twice ({} of {} leaves)",
                                    "{} of {} leaves are logged twice")));
        n.plan.duplicateLeaves = true;
    } else {
        n.unexplained += a.leafTwice.count;
    }
    nameLeafBounds(a, n);
}

void nameInheritedBounds(const LogAlignment& a, Naming& n) {
    const Occurrences& o = a.entryInherited;
    if (o.count < 2 || !holds(o.count, o.total)) {  // counted where it makes a difference only: twice at least
        n.unexplained += o.count;
        return;
    }
    n.name(log_shape::kInheritedBoundOnEntry, o,
           fmt::format("from line {} on, {}: their value is the bound they received (alpha at MAX, beta at MIN) "
                       "instead of -Infinity (MAX) / Infinity (MIN)",
                       o.firstLine, howOften(o.count, o.total, "every inner node that received a finite bound shows it on its entry line ({} of {})",
                                             "{} of {} inner nodes that received a finite bound show it on their entry line")));
    n.plan.inheritedEntryValue = true;
}

// The rows the named patterns do not account for, depth by depth (rows at or below a truncation depth are).
std::uint64_t unexplainedRows(const LogAlignment& a, long long truncatedAt) {
    std::uint64_t rows = a.replaced + a.extra + a.tailMissing;
    for (std::size_t d = 0; d < a.depths.size(); ++d) {
        const DepthTally& t = a.depths[d];
        if (truncatedAt >= 0 && static_cast<long long>(d) >= truncatedAt) continue;  // the truncation's own
        if (truncatedAt >= 0 && static_cast<long long>(d) == truncatedAt - 1 && loggedAsLeavesAbove(a, truncatedAt)) {
            rows += t.leavesMissing;  // their returns and values are the truncation's (one ply less)
            continue;
        }
        rows += t.changed + t.leavesMissing + t.returnsMissing;
    }
    return rows;
}

Naming nameShape(const LogAlignment& a) {
    Naming n;
    const long long truncatedAt = truncationDepth(a);
    LogAlignment above = a;  // the entry-line tallies without the truncated depths
    if (truncatedAt >= 0) {
        for (std::size_t d = static_cast<std::size_t>(truncatedAt); d < a.depths.size(); ++d) {
            above.innerEntryMissing.count -= a.depths[d].entriesMissing;
            above.innerEntryMissing.total -= a.depths[d].entries;
        }
        if (above.innerEntryMissing.count == 0) above.innerEntryMissing.firstLine = 0;
    }
    nameEntryLines(above, n);
    nameLeafLines(a, n);
    if (truncatedAt >= 0) nameTruncation(a, truncatedAt, n);
    nameInheritedBounds(a, n);
    n.unexplained += unexplainedRows(a, truncatedAt);
    return n;
}

}  // namespace

std::optional<LogShape> findLogShape(std::istream& expected, std::istream& actual, const LogShapeOptions& options) {
    const auto expectedStart = expected.tellg();
    const auto actualStart = actual.tellg();
    const LogVisits want = readLogVisits(expected, options.maxRows);
    const LogVisits got = readLogVisits(actual, options.maxRows);
    if (want.headerLine == 0 || got.headerLine == 0 || want.visits.empty() || want.malformed > 0) return std::nullopt;
    const LogAlignment alignment = alignLogs(want, got);
    // Logs with less than half of the program's rows in common are not two shapes of one tree.
    if (alignment.abandoned || 2 * alignment.sameNode < got.visits.size()) return std::nullopt;
    Naming n = nameShape(alignment);
    n.shape.agreesLines = alignment.agrees;
    n.shape.unexplained = n.unexplained;
    if (!n.shape.patterns.empty() && n.unexplained == 0 && n.replayable && !want.capped && !got.capped &&
        expectedStart != std::streampos(-1) && actualStart != std::streampos(-1)) {
        expected.clear();
        actual.clear();
        expected.seekg(expectedStart);
        actual.seekg(actualStart);
        n.shape.reproduced = replayReproduces(expected, actual, n.plan, options.maxRows);
    }
    return n.shape;
}

std::optional<Explanation> explainByLogShape(std::istream& expected, std::istream& actual, const LogShapeOptions& options) {
    const auto shape = findLogShape(expected, actual, options);
    if (!shape || shape->patterns.empty()) return std::nullopt;
    Explanation e;
    e.kind = ExplanationKind::LogShape;
    e.agreesLines = shape->agreesLines;
    // Exact only on the experiment's word: the patterns, replayed on the expected log, wrote the program's file.
    e.exact = shape->reproduced;
    for (const LogShapePattern& p : shape->patterns) {
        e.fault += (e.fault.empty() ? "" : " + ") + p.name;
        e.sentence += (e.sentence.empty() ? "" : "; ") + p.sentence;
    }
    if (shape->unexplained > 0) {
        e.sentence += fmt::format(" ({} other line{} of your log differ in ways this does not explain)", shape->unexplained,
                                  shape->unexplained == 1 ? "" : "s");
    } else if (!e.exact) {
        e.sentence += " (every line of your log that differs is one of these; replaying them on the expected log was "
                      "not possible, so this is not confirmed to be the whole story)";
    }
    return e;
}

std::optional<Explanation> shapeOrReproduction(const std::optional<Explanation>& shape, const std::optional<Explanation>& reproduced) {
    if (reproduced && reproduced->exact) return reproduced;
    if (!shape) return reproduced;
    if (shape->exact || !reproduced || shape->agreesLines >= reproduced->agreesLines) return shape;
    return reproduced;
}

}  // namespace plyjudge::grader
