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

// "s" in "3 lines", nothing in "1 line".
std::string_view pluralS(std::uint64_t n) { return n == 1 ? "" : "s"; }

// "c3 at depth 2": how every log diagnosis names a node.
std::string nodeAt(const LogRow& row) { return fmt::format("{} at depth {}", row.name, row.depth); }

std::optional<LogRow> rowAt(const std::vector<std::string>& lines, std::size_t i) {
    return i < lines.size() ? parseLogRow(lines[i]) : std::nullopt;
}

bool isPassRow(const std::optional<LogRow>& row) { return row && (row->name == "pass" || row->name == "Pass" || row->name == "PASS"); }

bool isInfinite(std::string_view value) { return value == "Infinity" || value == "-Infinity"; }

// "its value 24 reaches beta 20": the cut-off rule (traverse_log_reader.hpp) read on a row that meets it.
std::string boundReached(const LogRow& row) {
    const bool max = row.depth % 2 == 0;
    return fmt::format("its value {} reaches {} {}", row.value, max ? "beta" : "alpha", max ? row.beta : row.alpha);
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

// One file stops while the other goes on. `lastLine`, the last differing line, is then the longer file's last
// line: the count is exact even past the comparison's lookahead.
Diagnosis endsEarly(const Difference& d, std::uint64_t lastLine) {
    const std::uint64_t more = lastLine - d.line + 1;
    const std::string stop =
        d.line == 1 ? "the program's output is empty" : fmt::format("the program's output ends after line {}", d.line - 1);
    if (const auto row = parseLogRow(*d.expected); more == 1 && row && row->depth == 0) {
        return {DiagnosisKind::MissingAtEnd, fmt::format("{}; the expected log's last line {}, the root's entry \"{}\", is missing", stop,
                                                         d.line, *d.expected)};
    }
    return {DiagnosisKind::MissingAtEnd, fmt::format("{}; the expected log goes on for {} more line{}, starting \"{}\"", stop, more,
                                                     pluralS(more), *d.expected)};
}

Diagnosis goesOnAfterEnd(const Difference& d, std::uint64_t lastLine) {
    const std::uint64_t more = lastLine - d.line + 1;
    return {DiagnosisKind::ExtraAtEnd, fmt::format("the expected log ends at line {}; the program's goes on for {} more line{}, "
                                                   "starting \"{}\"", d.line - 1, more, pluralS(more), *d.actual)};
}

Diagnosis headerDiffers(const Difference& d) {
    return {DiagnosisKind::Header, fmt::format("line {}: the log header should be \"{}\", got \"{}\"", d.line, *d.expected, *d.actual)};
}

Diagnosis notARow(const Difference& d, std::string_view firstColumn) {
    return {DiagnosisKind::Format, fmt::format("line {} is not a log row {},Depth,Value[,Alpha,Beta]: got \"{}\", expected \"{}\"",
                                               d.line, firstColumn, *d.actual, *d.expected)};
}

// The first difference of a traverse log where both lines are rows: the two rows and their neighbours
// (views into the Difference's lines), and each file from the difference on.
struct LogDifference {
    const Difference& d;
    LogRow expected, actual;
    std::optional<LogRow> previous, beforePrevious;  // the common rows just before; nullopt: none, or the header
    std::optional<LogRow> nextExpected, nextActual;  // the rows right after the differing ones
    std::vector<std::string> expectedLines, actualLines;
    bool firstRow = false;  // the line right after the header

    // A cut-off on the common line just before: the expected log returns from that node there.
    bool previousIsCutoff() const { return previous && isCutoffRow(*previous, beforePrevious ? &*beforePrevious : nullptr); }
    bool isCutoff(const LogRow& row) const { return isCutoffRow(row, previous ? &*previous : nullptr); }
    // "right after the cut-off on line 22 (e3 at depth 2)"; only when previousIsCutoff().
    std::string afterCutoff() const { return fmt::format("right after the cut-off on line {} ({})", d.line - 1, nodeAt(*previous)); }
    // The expected row is its node's first line: its parent's line is just before (or it is the log's first row).
    bool enteredHere() const { return previous ? previous->depth == expected.depth - 1 : firstRow; }
    // A leaf of the expected log: entered here, and the expected log does not go below it.
    bool expectedIsLeaf() const { return enteredHere() && (!nextExpected || nextExpected->depth <= expected.depth); }
};

LogDifference logDifference(const Difference& d, std::uint64_t headerLine) {
    const std::size_t n = d.before.size();
    return {.d = d,
            .expected = *parseLogRow(*d.expected),
            .actual = *parseLogRow(*d.actual),
            .previous = n >= 1 ? parseLogRow(d.before[n - 1]) : std::nullopt,
            .beforePrevious = n >= 2 ? parseLogRow(d.before[n - 2]) : std::nullopt,
            .nextExpected = rowAt(d.expectedAfter, 0),
            .nextActual = rowAt(d.actualAfter, 0),
            .expectedLines = fromDifference(*d.expected, d.expectedAfter),
            .actualLines = fromDifference(*d.actual, d.actualAfter),
            .firstRow = d.line == headerLine + 1};
}

// One line missing or extra where the expected log cuts off (on the line before, or on this line), after which
// both logs read alike again.
std::optional<Diagnosis> lineAtCutoff(const LogDifference& v) {
    const Difference& d = v.d;
    const bool missing = !d.expectedAfter.empty() && *d.actual == d.expectedAfter[0] &&
                         (d.expectedAfter.size() < 2 || d.actualAfter.empty() || d.actualAfter[0] == d.expectedAfter[1]);
    const bool extra = !d.actualAfter.empty() && d.actualAfter[0] == *d.expected &&
                       (d.actualAfter.size() < 2 || d.expectedAfter.empty() || d.actualAfter[1] == d.expectedAfter[0]);
    const auto cutoff = [&](std::string text) { return std::optional(Diagnosis{DiagnosisKind::Cutoff, std::move(text)}); };
    if (missing && v.previousIsCutoff()) {
        return cutoff(fmt::format("line {}: the expected line \"{}\", {}, is missing; the program's log goes on with \"{}\"",
                                  d.line, *d.expected, v.afterCutoff(), *d.actual));
    }
    if (missing && v.isCutoff(v.expected)) {
        return cutoff(fmt::format("line {}: the expected log's cut-off line \"{}\" ({}: {}) is missing; the program's log goes on "
                                  "with \"{}\"", d.line, *d.expected, v.expected.name, boundReached(v.expected), *d.actual));
    }
    if (extra && v.previousIsCutoff()) {
        return cutoff(fmt::format("line {}: an extra line \"{}\", {}; the expected log goes on with \"{}\"", d.line, *d.actual,
                                  v.afterCutoff(), *d.expected));
    }
    if (extra && v.isCutoff(v.actual)) {
        return cutoff(fmt::format("line {}: an extra cut-off line \"{}\" ({}: {}); the expected log goes on with \"{}\"", d.line,
                                  *d.actual, v.actual.name, boundReached(v.actual), *d.expected));
    }
    return std::nullopt;
}

// k lines of the program's log that the expected one lacks, from the difference on.
Diagnosis extraBlock(const LogDifference& v, std::size_t k) {
    const std::string what = fmt::format("{} extra line{} from line {}, starting \"{}\"", k, pluralS(k), v.d.line, *v.d.actual);
    if (v.previousIsCutoff()) {
        return {DiagnosisKind::Cutoff, fmt::format("{}, {}; the expected log goes on with \"{}\"", what, v.afterCutoff(), *v.d.expected)};
    }
    for (std::size_t i = 0; i < k; ++i) {
        if (const auto row = rowAt(v.actualLines, i); isPassRow(row)) {
            return {DiagnosisKind::ExtraLine, fmt::format("{}: among them a pass node at depth {} (line {}), which the expected log "
                                                          "does not have here", what, row->depth, v.d.line + i)};
        }
    }
    const auto second = rowAt(v.actualLines, 1);
    const bool expands = v.actual.name == v.expected.name && v.actual.depth == v.expected.depth && second &&
                         second->depth == v.actual.depth + 1;
    if (expands && v.expectedIsLeaf()) {
        return {DiagnosisKind::ExtraLine, fmt::format("line {}: the expected log has a leaf here, {}; the program's log expands it: {}",
                                                      v.d.line, nodeAt(v.expected), what)};
    }
    if (expands) {
        return {DiagnosisKind::ExtraLine, fmt::format("line {}: the program's log goes below {} where the expected log does not: {}",
                                                      v.d.line, nodeAt(v.expected), what)};
    }
    return {DiagnosisKind::ExtraLine, what + "; then both logs read alike again"};
}

std::optional<Diagnosis> missingEntry(const LogDifference& v);

// k lines of the expected log missing from the program's, from the difference on.
Diagnosis missingBlock(const LogDifference& v, std::size_t k) {
    const std::string what = fmt::format("{} line{} missing from line {}, starting \"{}\"", k, pluralS(k), v.d.line, *v.d.expected);
    for (std::size_t i = 0; i < k; ++i) {
        if (const auto row = rowAt(v.expectedLines, i); isPassRow(row)) {
            return {DiagnosisKind::MissingLine, fmt::format("{}: among them a pass node at depth {} (line {} of the expected log)",
                                                            what, row->depth, v.d.line + i)};
        }
    }
    if (k == 1 && v.expected.depth == 0) {
        if (auto entry = missingEntry(v)) return *entry;  // the root's entry, named as such (not as any block)
    }
    if (v.previous && v.expected.depth == v.previous->depth + 1 && k > 1) {
        return {DiagnosisKind::MissingLine, fmt::format("{}: the expected log goes below {} (line {}) here, the program's log does not",
                                                        what, nodeAt(*v.previous), v.d.line - 1)};
    }
    return {DiagnosisKind::MissingLine, what + "; then both logs read alike again"};
}

// A block of missing or extra lines (a missing root or pass line, a node expanded below a leaf) is named as
// such before any value is compared.
std::optional<Diagnosis> lineBlock(const LogDifference& v) {
    const std::size_t extra = blockBeforeRealigning(v.actualLines, v.expectedLines);
    const std::size_t missing = blockBeforeRealigning(v.expectedLines, v.actualLines);
    if (extra > 0 && (missing == 0 || extra <= missing)) return extraBlock(v, extra);
    if (missing > 0) return missingBlock(v, missing);
    return std::nullopt;
}

// The expected line is missing and the program's log goes on with the expected next line, but the logs do not
// read alike for long after (the program misses more such lines): named as the missing entry it is.
std::optional<Diagnosis> missingEntry(const LogDifference& v) {
    if (v.d.expectedAfter.empty() || *v.d.actual != v.d.expectedAfter[0]) return std::nullopt;
    const std::string whose = v.expected.depth == 0 ? "the root's entry" : fmt::format("the entry of {}", nodeAt(v.expected));
    return Diagnosis{DiagnosisKind::MissingLine, fmt::format("line {}: the expected log's line {}, {} \"{}\", is missing; the program's "
                                                             "log goes on with the expected next line \"{}\"", v.d.line, v.d.line,
                                                             whose, *v.d.expected, *v.d.actual)};
}

// How many rows from the difference on are the same tree (depths, values, bounds) under other node names;
// 0 when they are not.
std::size_t sameTreeOtherNames(const std::vector<std::string>& expected, const std::vector<std::string>& actual) {
    const std::size_t n = std::min<std::size_t>({20, expected.size(), actual.size()});
    bool otherName = false;
    for (std::size_t i = 0; i < n; ++i) {
        const auto e = parseLogRow(expected[i]), a = parseLogRow(actual[i]);
        if (!e || !a || e->depth != a->depth || e->value != a->value || e->alpha != a->alpha || e->beta != a->beta) return 0;
        otherName = otherName || e->name != a->name;
    }
    return otherName && n >= std::min<std::size_t>(3, expected.size()) ? n : 0;
}

Diagnosis otherNames(const LogDifference& v, std::size_t rows) {
    return {DiagnosisKind::NodeName,
            fmt::format("line {}: expected {}, got {}: the {} rows from here have the expected depths, values and bounds under "
                        "other node names", v.d.line, nodeAt(v.expected), v.actual.name, rows)};
}

// The same node written as a leaf in one log and entered, then expanded, in the other.
std::optional<Diagnosis> leafOrExpanded(const LogDifference& v) {
    const LogRow &e = v.expected, &a = v.actual;
    const bool programExpands = v.nextActual && v.nextActual->depth == a.depth + 1;
    const bool expectedExpands = v.nextExpected && v.nextExpected->depth == e.depth + 1;
    if (!isInfinite(e.value) && isInfinite(a.value) && programExpands && !expectedExpands) {
        return Diagnosis{DiagnosisKind::Depth,
                         fmt::format("line {}: the expected log has a leaf here, {} worth {}; the program's log expands it (its next "
                                     "line is one deeper{})", v.d.line, nodeAt(e), e.value,
                                     isPassRow(v.nextActual) ? ", a pass node" : "")};
    }
    if (isInfinite(e.value) && !isInfinite(a.value) && expectedExpands) {
        return Diagnosis{DiagnosisKind::Depth,
                         fmt::format("line {}: the expected log expands {} (its next line is one deeper{}); the program's log {} {}",
                                     v.d.line, nodeAt(e), isPassRow(v.nextExpected) ? ", a pass node" : "",
                                     programExpands ? "writes it with the value" : "has it as a leaf worth", a.value)};
    }
    return std::nullopt;
}

// What the expected row is to its node, as far as the log shows it: "a leaf in the expected log", ...
std::string roleOf(const LogDifference& v) {
    if (v.expectedIsLeaf()) return " (a leaf in the expected log)";
    if (v.previous && v.previous->depth == v.expected.depth + 1) {
        return fmt::format(" (an inner node: this line follows its child {})", v.previous->name);
    }
    if (v.enteredHere()) return " (an inner node: its first line; the expected log goes below it next)";
    return "";
}

Diagnosis valueDiffers(const LogDifference& v) {
    const LogRow& e = v.expected;
    const bool leaf = v.expectedIsLeaf() && !isInfinite(e.value);
    return {leaf ? DiagnosisKind::LeafValue : DiagnosisKind::InnerValue,
            fmt::format("line {}: the value of {}{}: expected {}, got {}", v.d.line, nodeAt(e), roleOf(v), e.value, v.actual.value)};
}

Diagnosis boundsDiffer(const LogDifference& v) {
    const LogRow &e = v.expected, &a = v.actual;
    if (e.hasBounds != a.hasBounds) {
        return {DiagnosisKind::Bounds, fmt::format("line {}: the row of {} has {}", v.d.line, nodeAt(e),
                                                   a.hasBounds ? "alpha,beta columns, the expected one has none"
                                                               : "no alpha,beta columns, the expected one has them")};
    }
    if (e.alpha == a.alpha && e.beta == a.beta) {
        return {DiagnosisKind::Format, fmt::format("line {}: {} has the expected value and bounds but is written otherwise: expected "
                                                   "\"{}\", got \"{}\"", v.d.line, nodeAt(e), *v.d.expected, *v.d.actual)};
    }
    const std::string cutoff = v.isCutoff(e) ? fmt::format("; in the expected log this line is a cut-off ({})", boundReached(e)) : "";
    return {DiagnosisKind::Bounds, fmt::format("line {}: the alpha,beta of {}: expected {},{}, got {},{}{}", v.d.line, nodeAt(e),
                                               e.alpha, e.beta, a.alpha, a.beta, cutoff)};
}

// The expected node on the expected line: its value or bounds differ, or one log expands it and the other not.
Diagnosis sameNodeDiffers(const LogDifference& v) {
    if (auto structural = leafOrExpanded(v)) return *structural;
    if (v.expected.value != v.actual.value) return valueDiffers(v);
    return boundsDiffer(v);
}

Diagnosis depthDiffers(const LogDifference& v) {
    return {DiagnosisKind::Depth, fmt::format("line {}: {} at depth {}, expected at depth {}", v.d.line, v.actual.name,
                                              v.actual.depth, v.expected.depth)};
}

// The name of the expected node's parent: the nearest common line one level up.
std::string_view parentName(const LogDifference& v) {
    for (auto it = v.d.before.rbegin(); it != v.d.before.rend(); ++it) {
        const auto r = parseLogRow(*it);
        if (r && r->depth == v.expected.depth - 1) return r->name;
    }
    return {};
}

// The expected log's line where the program's node comes as a later sibling of the expected one (same depth;
// between them only the parent's own lines and subtrees), within the lines the comparison kept.
std::optional<std::uint64_t> laterSiblingLine(const LogDifference& v) {
    const std::string_view parent = parentName(v);
    const long long depth = v.expected.depth;
    for (std::size_t i = 0; i < v.d.expectedAfter.size(); ++i) {
        const auto r = parseLogRow(v.d.expectedAfter[i]);
        if (!r || r->depth < depth - 1) break;
        if (r->depth == depth - 1 && !parent.empty() && r->name != parent) break;
        if (r->depth == depth && r->name == v.actual.name) return v.d.line + 1 + i;
    }
    return std::nullopt;
}

// Another node at the expected depth: a sibling out of order, another node after a cut-off, or just another node.
Diagnosis otherNodeAtDepth(const LogDifference& v) {
    const LogRow &e = v.expected, &a = v.actual;
    if (const auto sibling = laterSiblingLine(v)) {
        return {DiagnosisKind::ExpansionOrder, fmt::format("line {}: expected {}, got its sibling {}: {} comes before {} in the "
                                                           "expected log ({} on line {})", v.d.line, nodeAt(e), a.name, e.name,
                                                           a.name, a.name, *sibling)};
    }
    if (v.previousIsCutoff()) {
        return {DiagnosisKind::Cutoff, fmt::format("line {}, {}: expected {}, got {}", v.d.line, v.afterCutoff(), nodeAt(e), a.name)};
    }
    return {DiagnosisKind::Other, fmt::format("line {}: expected {}, got {} at the same depth", v.d.line, nodeAt(e), a.name)};
}

// Where the logs part in depth after the common row P: one goes below P, the other does not. Empty when the
// rows do not show it.
std::string depthShift(const LogDifference& v) {
    if (!v.previous) return "";
    const LogRow& p = *v.previous;
    if (v.actual.depth == p.depth + 1 && v.expected.depth <= p.depth) {
        const bool leaf = v.beforePrevious ? v.beforePrevious->depth == p.depth - 1 : p.depth == 0;
        return leaf ? fmt::format("; the expected log has {} (line {}) as a leaf, the program's log expands it (its line is one deeper)",
                                  nodeAt(p), v.d.line - 1)
                    : fmt::format("; after {} (line {}) the program's log goes one deeper, the expected log does not", nodeAt(p),
                                  v.d.line - 1);
    }
    if (v.expected.depth == p.depth + 1 && v.actual.depth <= p.depth) {
        return fmt::format("; the expected log goes below {} (line {}), the program's log does not", nodeAt(p), v.d.line - 1);
    }
    return "";
}

// What of a cut-off the rows show: one on the line before, or a row whose value reaches its bound. Empty if none.
std::string cutoffFacts(const LogDifference& v) {
    if (v.previousIsCutoff()) return ", " + v.afterCutoff();
    std::string facts;
    if (reachesBound(v.expected)) facts += fmt::format("; in the expected log {}: {}", v.expected.name, boundReached(v.expected));
    if (reachesBound(v.actual)) facts += fmt::format("; in the program's log {}: {}", v.actual.name, boundReached(v.actual));
    return facts;
}

// Another node at another depth. The log's first row is the root's own line.
Diagnosis otherNodeAndDepth(const LogDifference& v) {
    const LogRow &e = v.expected, &a = v.actual;
    if (v.firstRow && e.depth == 0) {
        return {DiagnosisKind::MissingLine, fmt::format("line {}: the expected log's line {}, the root's entry \"{}\", is missing: the "
                                                        "program's log starts with \"{}\" ({})", v.d.line, v.d.line, *v.d.expected,
                                                        *v.d.actual, nodeAt(a))};
    }
    const std::string what = fmt::format("line {}: expected {}, got {}", v.d.line, nodeAt(e), nodeAt(a));
    const std::string cutoff = cutoffFacts(v);
    return {cutoff.empty() ? DiagnosisKind::Depth : DiagnosisKind::Cutoff, what + cutoff + depthShift(v)};
}

// Where the first difference of a traverse log is and what differs there; why is the reproduction
// explainer's (grader/explain), which says it only when a catalogued mistake writes the program's output.
Diagnosis logDiagnosis(const FileComparison& c, std::uint64_t headerLine, std::string_view logFirstColumn) {
    const Difference& d = *c.first;
    if (!d.actual) return endsEarly(d, c.lastDifferingLine);
    if (!d.expected) return goesOnAfterEnd(d, c.lastDifferingLine);
    if (d.line == headerLine || isLogHeader(*d.expected, logFirstColumn)) return headerDiffers(d);
    if (!parseLogRow(*d.actual)) return notARow(d, logFirstColumn);
    if (!parseLogRow(*d.expected)) {
        return {DiagnosisKind::Other, fmt::format("line {} differs: expected \"{}\", got \"{}\"", d.line, *d.expected, *d.actual)};
    }
    const LogDifference v = logDifference(d, headerLine);
    if (auto atCutoff = lineAtCutoff(v)) return *atCutoff;
    if (auto block = lineBlock(v)) return *block;
    if (auto entry = missingEntry(v)) return *entry;
    if (const std::size_t rows = sameTreeOtherNames(v.expectedLines, v.actualLines)) return otherNames(v, rows);
    if (v.expected.name == v.actual.name) return v.expected.depth == v.actual.depth ? sameNodeDiffers(v) : depthDiffers(v);
    if (v.expected.depth == v.actual.depth) return otherNodeAtDepth(v);
    return otherNodeAndDepth(v);
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

// A next state (a board) that differs: where, and whether the search matched (then the kind is a tie-break:
// the same search chose or applied another move).
Diagnosis stateDiagnosis(const FileLayout& layout, const FileComparison& c, bool searchMatches) {
    const Difference& d = *c.first;
    if (!d.expected) return {DiagnosisKind::ExtraAtEnd, fmt::format("the state has extra lines from line {}", d.line)};
    if (!d.actual) return {DiagnosisKind::MissingAtEnd, fmt::format("the state is incomplete: it ends after line {}", d.line - 1)};
    const bool logMatches = layout.kind == FileLayout::Kind::StateThenLog
                                ? c.lastDifferingLine <= static_cast<std::uint64_t>(layout.stateLines)
                                : searchMatches;
    if (logMatches) {
        return {DiagnosisKind::TieBreak, fmt::format("the next state differs at line {} while the traverse log matches", d.line)};
    }
    return {DiagnosisKind::NextState, fmt::format("the next state differs at line {}", d.line)};
}

}  // namespace

FileLayout layoutOf(std::string_view variant, std::string_view fileName) {
    if (const OutputLayout* layout = presentationOf(variant).layoutOf(fileName)) return *layout;
    if (fileName == "traverse_log.txt") return {.file = fileName, .kind = FileLayout::Kind::StateThenLog};
    return {.file = fileName, .kind = FileLayout::Kind::StateOnly};
}

Diagnosis diagnose(std::string_view variant, std::string_view fileName, const FileComparison& c, bool searchMatches) {
    if (c.equal || !c.first) return {};
    const FileLayout layout = layoutOf(variant, fileName);
    if (layout.kind == FileLayout::Kind::FixedAnswer && layout.answer) return fixedAnswerDiagnosis(*layout.answer, c);
    const bool inState = layout.kind == FileLayout::Kind::StateOnly || c.first->line <= static_cast<std::uint64_t>(layout.stateLines);
    if (inState) return stateDiagnosis(layout, c, searchMatches);
    return logDiagnosis(c, static_cast<std::uint64_t>(layout.stateLines) + 1, presentationOf(variant).logFirstColumn);
}

}  // namespace plyjudge::grader
