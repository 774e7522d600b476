// Reading traverse logs back (the spelling of log_line.hpp): one row `name,depth,value[,alpha,beta]`, the header, and the rule that tells
// a cut-off row. Shared by the grader's diagnosis, the tests' log checks and the search probe, so that the
// cut-off rhythm of search.hpp is read back one way only. Nothing here allocates: rows are views into the line.
#pragma once

#include <optional>
#include <string_view>

#include "reference/core/log_line.hpp"
#include "reference/core/value.hpp"

namespace plyjudge {

// One log row. The fields are views into the line it was parsed from, trimmed of surrounding white space;
// value, alpha and beta stay text (a diagnosis compares them as written), parseLogValue reads them.
struct LogRow {
    std::string_view name;
    long long depth = 0;
    std::string_view value, alpha, beta;
    bool hasBounds = false;  // five columns rather than three
};

// The row in `line`, or nullopt when it is not three or five comma-separated fields with a whole depth.
std::optional<LogRow> parseLogRow(std::string_view line);

// A log value: a whole number, `Infinity` or `-Infinity` (kPlusInfinity / kMinusInfinity).
std::optional<Value> parseLogValue(std::string_view text);

// Whether `line` is a header of a log whose first column is `firstColumn` ("Node" -> `Node,Depth,Value`,
// with or without `,Alpha,Beta`).
bool isLogHeader(std::string_view line, std::string_view firstColumn);

// The cut-off rule (search.hpp): a node's row after a child returned shows a cut-off when its finite value
// reaches beta at a MAX node (even depth) or alpha at a MIN node (odd depth). In the official rhythm
// exactly such a row is written after the cutting child, and the node returns.
constexpr bool reachesBound(long long depth, Value value, Value alpha, Value beta) {
    if (value == kPlusInfinity || value == kMinusInfinity) return false;
    return depth % 2 == 0 ? value >= beta : value <= alpha;
}

// A row follows one of its node's children when the row before it is one level deeper.
constexpr bool followsChild(long long depth, long long previousDepth) { return previousDepth == depth + 1; }

// The rule on a written row: bounds present, numbers readable, the bound reached.
bool reachesBound(const LogRow& row);

// A cut-off row: it reaches its bound and follows a child (or is the first row, `previous` nullptr).
bool isCutoffRow(const LogRow& row, const LogRow* previous);

}  // namespace plyjudge
