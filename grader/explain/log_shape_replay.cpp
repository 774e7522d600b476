#include "grader/explain/log_shape_replay.hpp"

#include <fmt/format.h>

#include <optional>
#include <string>
#include <string_view>

#include "grader/explain/log_visits.hpp"

namespace plyjudge::grader {

namespace {

// The program's lines, each compared with what the replay writes next.
class ActualLines {
public:
    explicit ActualLines(std::istream& in) : reader_(in) {}
    bool nextIs(std::string_view expected) {
        const auto line = reader_.next();
        return line && !reader_.lastWasCut() && *line == expected;
    }
    // Only blank lines are left (final newlines are not a difference).
    bool atEnd() {
        while (const auto line = reader_.next()) {
            if (!line->empty()) return false;
        }
        return true;
    }

private:
    BoundedLineReader reader_;
};

// The lines the replay writes for one expected row, given the row after it (nullptr at the end).
bool replayRow(const ReplayPlan& plan, std::string_view text, const LogRow& row, VisitRole role, bool firstRow,
               const std::optional<LogRow>& next, ActualLines& actual, std::string& scratch) {
    if (plan.dropFromDepth >= 0 && row.depth >= plan.dropFromDepth) return true;
    if (role == VisitRole::Entry && plan.dropInnerEntries) return true;
    if (firstRow && plan.dropRootLine) return true;
    std::string_view value = row.value, alpha = row.alpha, beta = row.beta;
    bool rewritten = false;
    if (role == VisitRole::Entry && plan.inheritedEntryValue && row.hasBounds) {
        value = row.depth % 2 == 0 ? row.alpha : row.beta;
        rewritten = true;
    }
    if (role == VisitRole::Leaf && row.hasBounds && plan.leafBounds != LeafBoundsReplay::AsExpected) {
        if (plan.leafBounds == LeafBoundsReplay::FullWindow) {
            alpha = "-Infinity";
            beta = "Infinity";
        } else {
            if (!next || next->depth != row.depth - 1 || !next->hasBounds) return false;
            alpha = next->alpha;
            beta = next->beta;
        }
        rewritten = true;
    }
    if (rewritten) {
        scratch.clear();
        fmt::format_to(std::back_inserter(scratch), "{},{},{},{},{}", row.name, row.depth, value, alpha, beta);
        text = scratch;
    }
    if (!actual.nextIs(text)) return false;
    return !(role == VisitRole::Leaf && plan.duplicateLeaves) || actual.nextIs(text);
}

}  // namespace

bool replayReproduces(std::istream& expected, std::istream& actualStream, const ReplayPlan& plan, std::size_t maxRows) {
    BoundedLineReader reader(expected);
    ActualLines actual(actualStream);
    // Up to the header, the files must be the same (reversi's board comes first).
    for (bool header = false; !header;) {
        const auto line = reader.next();
        if (!line || reader.lastWasCut() || reader.lineNumber() > kMaxPreambleLines) return false;
        header = isAnyLogHeader(*line);
        if (!actual.nextIs(*line)) return false;
    }
    std::string current, following, scratch;  // reused: nothing allocated per row once they have grown
    auto readRow = [&](std::string& into) {
        const auto line = reader.next();
        if (!line || line->empty()) return false;
        into.assign(*line);
        return true;
    };
    bool haveCurrent = readRow(current);
    long long previousDepth = -1;
    for (std::size_t rows = 0; haveCurrent; ++rows) {
        if (rows == maxRows || reader.lastWasCut()) return false;
        const bool haveNext = readRow(following);
        const auto row = parseLogRow(current);
        if (!row) return false;
        const auto next = haveNext ? parseLogRow(following) : std::nullopt;
        const VisitRole role = roleOf(previousDepth, row->depth, next ? next->depth : -1);
        if (!replayRow(plan, current, *row, role, rows == 0, next, actual, scratch)) return false;
        previousDepth = row->depth;
        std::swap(current, following);
        haveCurrent = haveNext;
    }
    return actual.atEnd() && !reader.next();
}

}  // namespace plyjudge::grader
