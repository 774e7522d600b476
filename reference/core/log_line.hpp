// The one spelling of a traverse log's lines: `name,depth,value` for minimax, `name,depth,value,alpha,beta` for
// alpha-beta, after a header such as `Node,Depth,Value,Alpha,Beta`. The writer (TraverseLog, traverse_log.hpp), the
// matcher (MatchingLog, agreement.hpp) and the reader (parseLogRow and isLogHeader, traverse_log_reader.hpp) all
// spell or read lines through this file; TraverseLog's fast paths preformat the same fields and are checked against
// a plain spelling (log_rhythm_test), the reader against formatLogLine (traverse_log_reader_test).
#pragma once

#include <string>
#include <string_view>

#include "reference/core/value.hpp"

namespace plyjudge {

// Which columns a log has: minimax logs print name,depth,value; alpha-beta logs add alpha,beta.
enum class LogColumns { NameDepthValue, WithBounds };

inline constexpr char kLogSeparator = ',';
// The header's columns after the first one (whose name the variant chooses: "Node", "Move").
inline constexpr std::string_view kLogHeaderColumns = ",Depth,Value";
inline constexpr std::string_view kLogHeaderBoundsColumns = ",Alpha,Beta";

inline std::string logHeader(std::string_view firstColumn, LogColumns columns) {
    std::string header(firstColumn);
    header += kLogHeaderColumns;
    if (columns == LogColumns::WithBounds) header += kLogHeaderBoundsColumns;
    return header;
}

// Room formatLogTail and formatLogBounds need (a depth is an int, spelled like a value).
inline constexpr std::size_t kMaxLogTail = 2 * (1 + kMaxValueChars);
inline constexpr std::size_t kMaxLogBounds = 2 * (1 + kMaxValueChars);

// ",depth,value" at p; returns one past its end.
inline char* formatLogTail(char* p, int depth, Value value) {
    *p++ = kLogSeparator;
    p = formatValue(p, depth);
    *p++ = kLogSeparator;
    return formatValue(p, value);
}

// ",alpha,beta" at p; returns one past its end.
inline char* formatLogBounds(char* p, Value alpha, Value beta) {
    *p++ = kLogSeparator;
    p = formatValue(p, alpha);
    *p++ = kLogSeparator;
    return formatValue(p, beta);
}

// A whole line (no line separator) at p, which has room for name.size() + kMaxLogTail + kMaxLogBounds; returns one
// past its end.
inline char* formatLogLine(char* p, std::string_view name, int depth, Value value, Value alpha, Value beta, LogColumns columns) {
    for (char c : name) *p++ = c;
    p = formatLogTail(p, depth, value);
    return columns == LogColumns::WithBounds ? formatLogBounds(p, alpha, beta) : p;
}

}  // namespace plyjudge
