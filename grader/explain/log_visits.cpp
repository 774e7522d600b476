#include "grader/explain/log_visits.hpp"

#include <algorithm>
#include <limits>

namespace plyjudge::grader {

CompactValue compactValue(std::string_view text) {
    const auto v = parseLogValue(text);
    if (!v) return kNoValue;
    if (*v == kPlusInfinity) return INT32_MAX;
    if (*v == kMinusInfinity) return INT32_MIN + 1;
    // Finite values saturate one short of the infinities' codes.
    return static_cast<CompactValue>(std::clamp<Value>(*v, INT32_MIN + 2, INT32_MAX - 1));
}

std::optional<std::string_view> BoundedLineReader::next() {
    if (!in_.getline(buffer_, sizeof buffer_)) {
        if (in_.eof() && in_.gcount() == 0) return std::nullopt;
        if (in_.bad()) return std::nullopt;
        if (in_.fail() && !in_.eof()) {
            // The line did not fit: keep its start, skip the rest of it.
            cut_ = true;
            in_.clear();
            in_.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
            ++line_;
            return std::string_view(buffer_, kMaxLineBytes);
        }
        // The last line, without a final newline: getline set eofbit (and failbit when it read nothing).
        if (in_.gcount() == 0) return std::nullopt;
    }
    cut_ = false;
    ++line_;
    std::string_view line(buffer_);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
    return line;
}

bool isAnyLogHeader(std::string_view line) { return isLogHeader(line, "Node") || isLogHeader(line, "Move"); }

VisitRole roleOf(long long previousDepth, long long depth, long long nextDepth) {
    if (followsChild(depth, previousDepth)) return VisitRole::Return;
    if (nextDepth == depth + 1) return VisitRole::Entry;
    return VisitRole::Leaf;
}

namespace {

std::uint32_t hashName(std::string_view name) {
    std::uint32_t h = 2166136261u;  // FNV-1a
    for (const char c : name) h = (h ^ static_cast<unsigned char>(c)) * 16777619u;
    return h;
}

LogVisit visitOf(std::string_view line, std::uint64_t lineNumber, bool cut) {
    LogVisit v;
    v.line = static_cast<std::uint32_t>(std::min<std::uint64_t>(lineNumber, UINT32_MAX));
    const auto row = cut ? std::nullopt : parseLogRow(line);
    if (!row || row->depth < 0 || row->depth > INT32_MAX / 2) return v;  // Malformed, depth -1
    v.nameHash = hashName(row->name);
    v.depth = static_cast<std::int32_t>(row->depth);
    v.value = compactValue(row->value);
    v.hasBounds = row->hasBounds;
    if (row->hasBounds) {
        v.alpha = compactValue(row->alpha);
        v.beta = compactValue(row->beta);
    }
    v.role = VisitRole::Leaf;  // made precise once the next row is known
    return v;
}

void pushVisit(LogVisits& log, const LogVisit& visit, std::size_t maxRows) {
    if (log.visits.size() >= maxRows) {
        log.capped = true;
        return;
    }
    log.visits.push_back(visit);
    if (visit.role == VisitRole::Malformed) ++log.malformed;
}

}  // namespace

LogVisits readLogVisits(std::istream& in, std::size_t maxRows) {
    LogVisits log;
    BoundedLineReader reader(in);
    while (log.headerLine == 0) {
        const auto line = reader.next();
        if (!line || reader.lineNumber() > kMaxPreambleLines) return log;
        if (!reader.lastWasCut() && isAnyLogHeader(*line)) log.headerLine = reader.lineNumber();
    }
    std::uint64_t blankLines = 0;  // blank lines are rows only when a row follows (final newlines are ignored)
    while (const auto line = reader.next()) {
        if (line->empty() && !reader.lastWasCut()) {
            ++blankLines;
            continue;
        }
        for (; blankLines > 0; --blankLines) pushVisit(log, LogVisit{}, maxRows);
        pushVisit(log, visitOf(*line, reader.lineNumber(), reader.lastWasCut()), maxRows);
        if (log.capped) break;
    }
    for (std::size_t i = 0; i < log.visits.size(); ++i) {
        LogVisit& v = log.visits[i];
        if (v.role == VisitRole::Malformed) continue;
        const long long previous = i > 0 ? log.visits[i - 1].depth : -1;
        const long long next = i + 1 < log.visits.size() ? log.visits[i + 1].depth : -1;
        v.role = roleOf(previous, v.depth, next);
    }
    return log;
}

}  // namespace plyjudge::grader
