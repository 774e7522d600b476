#include "grader/compare/diagnosis.hpp"

#include <fmt/format.h>

#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "reference/core/traverse_log_reader.hpp"
#include "reference/variant.hpp"

namespace plyjudge::grader {

namespace {

// The variant's presentation; the generic one for an unknown variant or one that does not describe its files.
const Presentation& presentationOf(std::string_view variant) {
    static const Presentation generic;
    const Variant* v = findVariant(variant);
    return v && v->presentation ? *v->presentation : generic;
}

// "four" in "after the four expected ones".
std::string countInWords(std::size_t n) {
    static const char* const words[] = {"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"};
    return n < std::size(words) ? words[n] : std::to_string(n);
}

std::string quoted(const std::optional<std::string>& s) { return s ? "\"" + *s + "\"" : "(end of file)"; }

Diagnosis logDiagnosis(const Difference& d, std::uint64_t headerLine, std::string_view logFirstColumn) {
    const std::optional<std::string> previous = d.before.empty() ? std::nullopt : std::optional(d.before.back());
    const auto prevRow = previous ? parseLogRow(*previous) : std::nullopt;
    if (!d.actual) {
        return {DiagnosisKind::MissingAtEnd,
                fmt::format("the output stops at line {}: {} more line(s) expected (the search ended early, or the "
                            "file was not completely written)", d.line, d.expectedAfter.size() + 1)};
    }
    if (!d.expected) {
        return {DiagnosisKind::ExtraAtEnd,
                fmt::format("{} extra line(s) after the expected end at line {}", d.actualAfter.size() + 1, d.line - 1)};
    }
    if (d.line == headerLine || isLogHeader(*d.expected, logFirstColumn)) {
        return {DiagnosisKind::Header, fmt::format("the log header should be \"{}\"", *d.expected)};
    }
    const auto e = parseLogRow(*d.expected);
    const auto a = parseLogRow(*d.actual);
    if (!a) return {DiagnosisKind::Format, "this line is not a log row Node,Depth,Value[,Alpha,Beta]"};
    if (!e) return {DiagnosisKind::Other, "the lines differ"};
    // A cut shows on a node's line written right after a child returned (the line before is one deeper).
    auto cutAfterChild = [](const std::optional<LogRow>& row, const std::optional<LogRow>& before) {
        return row && isCutoffRow(*row, before ? &*before : nullptr);
    };
    const auto prevPrevRow = d.before.size() >= 2 ? parseLogRow(d.before[d.before.size() - 2]) : std::nullopt;
    const bool atCutoff = cutAfterChild(prevRow, prevPrevRow);

    // One line missing or one extra line, then the rest aligns again.
    const bool missing = !d.expectedAfter.empty() && *d.actual == d.expectedAfter[0] &&
                         (d.expectedAfter.size() < 2 || d.actualAfter.empty() || d.actualAfter[0] == d.expectedAfter[1]);
    const bool extra = !d.actualAfter.empty() && d.actualAfter[0] == *d.expected &&
                       (d.actualAfter.size() < 2 || d.expectedAfter.empty() || d.actualAfter[1] == d.expectedAfter[0]);
    if (missing) {
        if (atCutoff || cutAfterChild(e, prevRow)) {
            return {DiagnosisKind::Cutoff,
                    fmt::format("the line \"{}\" at a cut-off is missing: check the pruning condition (v >= beta at MAX, "
                                "v <= alpha at MIN) and that a line is written after the cutting child", *d.expected)};
        }
        return {DiagnosisKind::MissingLine, fmt::format("the line \"{}\" is missing (a node not expanded or not logged)", *d.expected)};
    }
    if (extra) {
        if (atCutoff || cutAfterChild(a, prevRow)) {
            return {DiagnosisKind::Cutoff,
                    fmt::format("an extra line \"{}\" at a cut-off: check the pruning condition and the cut-off log rhythm "
                                "(one line with the new value and unchanged bounds, then return)", *d.actual)};
        }
        return {DiagnosisKind::ExtraLine, fmt::format("an extra line \"{}\" (a node expanded or logged twice)", *d.actual)};
    }
    if (e->name == a->name && e->depth == a->depth) {
        if (e->value != a->value) {
            const auto nextRow = d.expectedAfter.empty() ? std::nullopt : parseLogRow(d.expectedAfter[0]);
            const bool enteredNow = prevRow && prevRow->depth == e->depth - 1;
            const bool leavesNow = !nextRow || nextRow->depth <= e->depth - 1 || nextRow->depth == e->depth;
            if (enteredNow && leavesNow && e->value != "Infinity" && e->value != "-Infinity") {
                return {DiagnosisKind::LeafValue,
                        fmt::format("wrong leaf value for {} at depth {}: expected {}, got {} (the evaluation function)",
                                    e->name, e->depth, e->value, a->value)};
            }
            return {DiagnosisKind::InnerValue,
                    fmt::format("wrong value for {} at depth {}: expected {}, got {} (how values are backed up: max at "
                                "MAX nodes, min at MIN nodes, strict improvement only)", e->name, e->depth, e->value, a->value)};
        }
        return {DiagnosisKind::Bounds,
                fmt::format("wrong alpha/beta for {} at depth {}: expected {},{} got {},{} (when and how the bounds are "
                            "updated{})", e->name, e->depth, e->alpha, e->beta, a->alpha, a->beta,
                            reachesBound(*e) ? "; after a cutting child the bounds stay unchanged" : "")};
    }
    if (e->name == a->name) {
        return {DiagnosisKind::Depth,
                fmt::format("wrong depth for {}: expected {}, got {} (cut-off depth or pass handling)", e->name, e->depth, a->depth)};
    }
    if (e->depth == a->depth) {
        // Is the actual node a later sibling of the expected one? Siblings are separated by their parent's
        // own lines (depth d-1, the parent's name) and by their subtrees (depth > d).
        std::string_view parentName;
        for (auto it = d.before.rbegin(); it != d.before.rend(); ++it) {
            const auto r = parseLogRow(*it);
            if (r && r->depth == e->depth - 1) {
                parentName = r->name;
                break;
            }
        }
        for (const std::string& line : d.expectedAfter) {
            const auto r = parseLogRow(line);
            if (!r || r->depth < e->depth - 1) break;
            if (r->depth == e->depth - 1 && !parentName.empty() && r->name != parentName) break;
            if (r->depth == e->depth && r->name == a->name) {
                return {DiagnosisKind::ExpansionOrder,
                        fmt::format("wrong expansion order at depth {}: {} should come before {} (a sibling out of order; "
                                    "moves are expanded in the positional order)", e->depth, e->name, a->name)};
            }
        }
        if (atCutoff) {
            return {DiagnosisKind::Cutoff,
                    fmt::format("after the cut-off on the line before, expected {} but got {} (pruning condition)", e->name, a->name)};
        }
        return {DiagnosisKind::Other, fmt::format("expected node {} at depth {}, got {}", e->name, e->depth, a->name)};
    }
    if (atCutoff || reachesBound(*e) || reachesBound(*a)) {
        return {DiagnosisKind::Cutoff,
                std::string(a->depth > e->depth ? "the search goes on below a node that should be cut off (pruning condition)"
                                                : "the search stops where the expected log goes on (pruning condition)")};
    }
    return {DiagnosisKind::Depth,
            fmt::format("expected {} at depth {}, got {} at depth {}: {} (cut-off depth, game end or pass handling)",
                        e->name, e->depth, a->name, a->depth,
                        a->depth > e->depth ? "the program expands a node the expected log treats as a leaf"
                                            : "the program treats a node as a leaf that the expected log expands")};
}

// A file of fixed answer lines (the variant's FixedAnswer): which lines differ, and what the first one means.
Diagnosis fixedAnswerDiagnosis(const FixedAnswer& answer, const FileComparison& c) {
    const Difference& d = *c.first;
    const std::size_t n = answer.lines.size();
    // Rebuild the answer lines of each side from the context and the lookahead.
    std::vector<std::optional<std::string>> expected(n), actual(n);
    const std::uint64_t first = d.line;
    for (std::size_t i = 0; i < d.before.size(); ++i) {
        const std::uint64_t line = first - d.before.size() + i;
        if (line >= 1 && line <= n) expected[line - 1] = actual[line - 1] = d.before[i];
    }
    auto put = [&](std::vector<std::optional<std::string>>& side, const std::optional<std::string>& atDiff,
                   const std::vector<std::string>& after) {
        if (first <= n) side[first - 1] = atDiff;
        for (std::size_t i = 0; i < after.size() && first + 1 + i <= n; ++i) side[first + i] = after[i];
    };
    put(expected, d.expected, d.expectedAfter);
    put(actual, d.actual, d.actualAfter);
    std::vector<std::size_t> differing;
    for (std::size_t i = 0; i < n; ++i) {
        if (expected[i] != actual[i]) differing.push_back(i);
    }
    if (differing.empty()) {
        return {DiagnosisKind::ExtraAtEnd, fmt::format("extra lines after the {} expected ones", countInWords(n))};
    }
    std::string text;
    for (std::size_t i : differing) {
        if (!text.empty()) text += "; ";
        text += fmt::format("{} differs (expected {}, got {})", answer.lines[i].name, quoted(expected[i]), quoted(actual[i]));
    }
    const AnswerLine& line = answer.lines[differing.front()];
    const auto isLine = [&](int index) { return index >= 0 && static_cast<std::size_t>(index) < n; };
    if (isLine(answer.moveLine) && isLine(answer.valueLine) && differing.front() == static_cast<std::size_t>(answer.moveLine) &&
        expected[static_cast<std::size_t>(answer.valueLine)] == actual[static_cast<std::size_t>(answer.valueLine)]) {
        return {DiagnosisKind::TieBreak, text + ": " + std::string(answer.tieBreakHint)};
    }
    if (!line.hint.empty()) text += ": " + std::string(line.hint);
    return {DiagnosisKind(line.kind), text};
}

}  // namespace

FileLayout layoutOf(std::string_view variant, std::string_view fileName) {
    if (const OutputLayout* layout = presentationOf(variant).layoutOf(fileName)) return *layout;
    if (fileName == "traverse_log.txt") return {.file = fileName, .kind = FileLayout::Kind::StateThenLog};
    return {.file = fileName, .kind = FileLayout::Kind::StateOnly};
}

Diagnosis diagnose(std::string_view variant, std::string_view fileName, const FileComparison& c, bool searchMatches) {
    if (c.equal || !c.first) return {};
    const Difference& d = *c.first;
    const FileLayout layout = layoutOf(variant, fileName);
    if (layout.kind == FileLayout::Kind::FixedAnswer && layout.answer) return fixedAnswerDiagnosis(*layout.answer, c);
    const bool inState = layout.kind == FileLayout::Kind::StateOnly || d.line <= static_cast<std::uint64_t>(layout.stateLines);
    if (inState) {
        if (!d.actual || !d.expected) {
            return {d.actual ? DiagnosisKind::ExtraAtEnd : DiagnosisKind::MissingAtEnd,
                    d.actual ? "the state has extra lines" : "the state is incomplete"};
        }
        // With the search itself right (the log region or the other files match), a different next state is
        // a different choice among equal values or a wrong move application.
        const bool logMatches = layout.kind == FileLayout::Kind::StateThenLog
                                    ? c.lastDifferingLine <= static_cast<std::uint64_t>(layout.stateLines)
                                    : searchMatches;
        if (logMatches) {
            return {DiagnosisKind::TieBreak,
                    fmt::format("the next state differs at line {} while the traverse log matches: most likely the "
                                "tie-break (same value, different move chosen: the first in expansion order wins) or how the "
                                "move is applied", d.line)};
        }
        return {DiagnosisKind::NextState,
                fmt::format("the next state differs at line {}: the move chosen or how it is applied (flips, captures)", d.line)};
    }
    return logDiagnosis(d, static_cast<std::uint64_t>(layout.stateLines) + 1, presentationOf(variant).logFirstColumn);
}

}  // namespace plyjudge::grader
