// A traverse log read back as the sequence of its visits, for the log-shape explanation (log_shape.hpp): each
// row becomes one compact record saying which node (by name and depth) it is and whether it is the node's entry
// line (an inner node before its first child), a leaf's only line, or the line written after a child returned.
// The role comes from the depths around the row alone (docs/variants/*.md: a node's line is written on entry and
// after each child), so a program's malformed log gets roles too. Reading is bounded: lines are read into a
// fixed buffer (a longer line is one malformed row), at most `maxLines` rows are kept, nothing else is
// allocated per line.
#pragma once

#include <cstddef>
#include <cstdint>
#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "reference/core/traverse_log_reader.hpp"

namespace plyjudge::grader {

enum class VisitRole : std::uint8_t { Entry, Leaf, Return, Malformed };

// A log value kept in 32 bits: the infinities and "not a value" as reserved extremes, larger numbers saturated
// (a difference they hide is still caught by the byte-for-byte replay, log_shape_replay.hpp).
using CompactValue = std::int32_t;
inline constexpr CompactValue kNoValue = INT32_MIN;
CompactValue compactValue(std::string_view text);

struct LogVisit {
    std::uint32_t line = 0;      // 1-based line of the file
    std::uint32_t nameHash = 0;  // the node's name, hashed: visits are matched on (name, depth)
    std::int32_t depth = -1;
    CompactValue value = kNoValue, alpha = kNoValue, beta = kNoValue;
    VisitRole role = VisitRole::Malformed;
    bool hasBounds = false;

    bool sameNode(const LogVisit& o) const { return role != VisitRole::Malformed && o.role != VisitRole::Malformed && nameHash == o.nameHash && depth == o.depth; }
    bool sameBounds(const LogVisit& o) const { return alpha == o.alpha && beta == o.beta && hasBounds == o.hasBounds; }
};

// Reads a stream line by line into a fixed buffer; a line longer than the buffer is cut and flagged. Lines end
// at LF; a trailing CR and trailing blanks are dropped (the comparison ignores them too).
class BoundedLineReader {
public:
    static constexpr std::size_t kMaxLineBytes = 1024;  // a log row is a few dozen bytes

    explicit BoundedLineReader(std::istream& in) : in_(in) {}
    // The next line (valid until the next call), or nullopt at the end of the stream.
    std::optional<std::string_view> next();
    bool lastWasCut() const { return cut_; }
    std::uint64_t lineNumber() const { return line_; }

private:
    std::istream& in_;
    char buffer_[kMaxLineBytes + 1];
    bool cut_ = false;
    std::uint64_t line_ = 0;
};

// Whether a line is a log header, and its first column ("Node" or "Move").
bool isAnyLogHeader(std::string_view line);

// The role of the row at `depth` from the depths of the rows before and after it (-1: none).
VisitRole roleOf(long long previousDepth, long long depth, long long nextDepth);

struct LogVisits {
    std::uint64_t headerLine = 0;  // 0: no header within the first kMaxPreambleLines lines (not a log)
    std::vector<LogVisit> visits;
    bool capped = false;           // the log has more rows than were read
    std::uint64_t malformed = 0;   // rows that are not `name,depth,value[,alpha,beta]` (or too long)
};

inline constexpr std::size_t kMaxPreambleLines = 64;  // reversi's board comes before its log

// The log in `in`: the lines before its header are skipped, then at most `maxRows` rows are read.
LogVisits readLogVisits(std::istream& in, std::size_t maxRows);

}  // namespace plyjudge::grader
