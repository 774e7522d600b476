#include "grader/compare/diagnosis.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "common/report_text.hpp"
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

// A line's value as the diagnosis quotes it: a bounded copy (already so when it comes from the comparison).
std::string quoted(const std::optional<std::string>& s) {
    return s ? "\"" + cutForReport(*s, kReportLineBytes) + "\"" : "(end of file)";
}

// `first` followed by `after`: the lines of one file from the difference on.
std::vector<std::string> fromDifference(const std::string& first, const std::vector<std::string>& after) {
    std::vector<std::string> lines{first};
    lines.insert(lines.end(), after.begin(), after.end());
    return lines;
}

// How many lines at the start of `longer` are a block the other file lacks: after them both files read the same
// again (the next 4 lines, or both to their end). 0 when no block of up to 32 lines realigns them.
std::size_t blockBeforeRealigning(const std::vector<std::string>& longer, const std::vector<std::string>& shorter) {
    constexpr std::size_t kMaxBlock = 32, kRealign = 4;
    for (std::size_t k = 1; k <= kMaxBlock && k < longer.size(); ++k) {
        const std::size_t n = std::min({kRealign, longer.size() - k, shorter.size()});
        if (n < kRealign && longer.size() - k != shorter.size()) continue;  // near the end both must end together
        bool same = n > 0;
        for (std::size_t j = 0; j < n && same; ++j) same = longer[k + j] == shorter[j];
        if (same) return k;
    }
    return 0;
}

bool isPassRow(const std::optional<LogRow>& row) { return row && (row->name == "pass" || row->name == "Pass" || row->name == "PASS"); }

// k lines of the actual log that the expected one lacks, from line `line`.
Diagnosis extraBlock(const std::vector<std::string>& actual, std::size_t k, std::uint64_t line, const std::optional<LogRow>& expected) {
    const auto first = parseLogRow(actual[0]);
    const std::string what = fmt::format("{} extra line{} from line {}, starting \"{}\"", k, k == 1 ? "" : "s", line, actual[0]);
    for (std::size_t i = 0; i < k; ++i) {
        if (isPassRow(parseLogRow(actual[i]))) {
            return {DiagnosisKind::ExtraLine,
                    what + ": an extra pass node the expected log does not have (a pass expanded at the cut-off depth, or "
                           "a game that should already have ended)"};
        }
    }
    if (first && expected && first->name == expected->name && first->depth == expected->depth) {
        return {DiagnosisKind::ExtraLine,
                fmt::format("{}: the program expands {} at depth {} where the expected log has a leaf (cut-off depth, game end "
                            "or pass handling)", what, first->name, first->depth)};
    }
    return {DiagnosisKind::ExtraLine, what + ": nodes the expected log does not visit, or lines written twice"};
}

// k lines of the expected log missing from the actual one, from line `line`.
Diagnosis missingBlock(const std::vector<std::string>& expected, std::size_t k, std::uint64_t line,
                       const std::optional<LogRow>& previous) {
    const std::string what = fmt::format("{} line{} missing from line {}, starting \"{}\"", k, k == 1 ? "" : "s", line, expected[0]);
    for (std::size_t i = 0; i < k; ++i) {
        const auto row = parseLogRow(expected[i]);
        if (row && row->depth == 0 && row->name == "root" && i == 0 && !previous) {
            return {DiagnosisKind::MissingLine, what + ": the root's own line (the root is written when entered, before its first child)"};
        }
        if (isPassRow(row)) {
            return {DiagnosisKind::MissingLine,
                    what + ": a pass node is missing (a side that cannot move passes, and the pass is a node with its own lines)"};
        }
    }
    const auto first = parseLogRow(expected[0]);
    if (first && previous && first->depth == previous->depth + 1 && k > 1) {
        return {DiagnosisKind::MissingLine,
                fmt::format("{}: the program does not expand {} at depth {}, which the expected log expands (cut-off depth, "
                            "game end or pass handling)", what, previous->name, previous->depth)};
    }
    return {DiagnosisKind::MissingLine, what + ": a node not expanded or not logged"};
}

// Whether the next rows of both files are the same tree (depths, values, bounds) with other node names.
bool sameTreeOtherNames(const std::vector<std::string>& expected, const std::vector<std::string>& actual) {
    const std::size_t n = std::min<std::size_t>({20, expected.size(), actual.size()});
    bool otherName = false;
    for (std::size_t i = 0; i < n; ++i) {
        const auto e = parseLogRow(expected[i]), a = parseLogRow(actual[i]);
        if (!e || !a || e->depth != a->depth || e->value != a->value || e->alpha != a->alpha || e->beta != a->beta) return false;
        otherName = otherName || e->name != a->name;
    }
    return otherName && n >= std::min<std::size_t>(3, expected.size());
}

bool isInfinite(std::string_view value) { return value == "Infinity" || value == "-Infinity"; }

// The same node written as a leaf in one file and entered (then expanded) in the other.
std::optional<Diagnosis> leafOrExpanded(const LogRow& e, const LogRow& a, const Difference& d) {
    const auto nextExpected = d.expectedAfter.empty() ? std::nullopt : parseLogRow(d.expectedAfter[0]);
    const auto nextActual = d.actualAfter.empty() ? std::nullopt : parseLogRow(d.actualAfter[0]);
    if (!isInfinite(e.value) && isInfinite(a.value) && nextActual && nextActual->depth == a.depth + 1) {
        return Diagnosis{DiagnosisKind::Depth,
                         fmt::format("the program expands {} at depth {} where the expected log has a leaf worth {}{}", a.name,
                                     a.depth, e.value,
                                     isPassRow(nextActual) ? ": it writes a pass below it (a pass expanded at the cut-off depth, or "
                                                             "after the game ended)"
                                                           : " (cut-off depth or game end)")};
    }
    if (isInfinite(e.value) && !isInfinite(a.value) && nextExpected && nextExpected->depth == e.depth + 1) {
        return Diagnosis{DiagnosisKind::Depth,
                         fmt::format("the program treats {} at depth {} as a leaf (worth {}) where the expected log expands it{}",
                                     e.name, e.depth, a.value,
                                     isPassRow(nextExpected) ? ": the side to move passes there, and only two passes in a row "
                                                               "end the game"
                                                             : " (cut-off depth or game end)")};
    }
    return std::nullopt;
}

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
    if (missing && (atCutoff || cutAfterChild(e, prevRow))) {
        return {DiagnosisKind::Cutoff,
                fmt::format("the line \"{}\" at a cut-off is missing: check the pruning condition (v >= beta at MAX, "
                            "v <= alpha at MIN) and that a line is written after the cutting child", *d.expected)};
    }
    if (extra && (atCutoff || cutAfterChild(a, prevRow))) {
        return {DiagnosisKind::Cutoff,
                fmt::format("an extra line \"{}\" at a cut-off: check the pruning condition and the cut-off log rhythm "
                            "(one line with the new value and unchanged bounds, then return)", *d.actual)};
    }
    // A block of missing or extra lines (a missing root or pass line, a node expanded below a leaf) is named as
    // such before any value is compared.
    const std::vector<std::string> expectedLines = fromDifference(*d.expected, d.expectedAfter);
    const std::vector<std::string> actualLines = fromDifference(*d.actual, d.actualAfter);
    const std::size_t extraLines = blockBeforeRealigning(actualLines, expectedLines);
    const std::size_t missingLines = blockBeforeRealigning(expectedLines, actualLines);
    if (extraLines > 0 && (missingLines == 0 || extraLines <= missingLines)) {
        if (atCutoff) {
            return {DiagnosisKind::Cutoff, fmt::format("{} extra line(s) after the cut-off on the line before, starting \"{}\": the "
                                                       "search goes on below a node that should be cut off (pruning condition)",
                                                       extraLines, *d.actual)};
        }
        return extraBlock(actualLines, extraLines, d.line, e);
    }
    if (missingLines > 0) return missingBlock(expectedLines, missingLines, d.line, prevRow);
    if (sameTreeOtherNames(expectedLines, actualLines)) {
        return {DiagnosisKind::NodeName,
                fmt::format("the log has the expected tree and values, but other node names: expected {} at depth {}, got {} "
                            "(how moves are named)", e->name, e->depth, a->name)};
    }
    if (e->name == a->name && e->depth == a->depth) {
        if (auto structural = leafOrExpanded(*e, *a, d)) return *structural;
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
