// Where the first difference in an output file is and what differs there, read from the file's own structure
// (traverse-log rows, next-state boards, a variant's fixed answer lines): a missing or extra line or block, a
// node's value, bounds, depth or order, a header. It states only what the two files show; why the program
// wrote it is the reproduction explainer's (grader/explain), which says so only when a catalogued mistake
// writes the program's output.
#pragma once

#include <ostream>
#include <string>
#include <string_view>

#include "grader/compare/compare.hpp"
#include "reference/presentation/presentation.hpp"

namespace plyjudge::grader {

// What kind of difference it is, named as results and reports show it ("expansion-order"). The
// grader's own kinds are the constants below; a variant's fixed answer lines bring theirs (e.g. "node-count",
// reference/presentation/presentation.hpp).
class DiagnosisKind {
public:
    constexpr explicit DiagnosisKind(std::string_view name) : name_(name) {}
    constexpr std::string_view name() const { return name_; }
    constexpr bool operator==(const DiagnosisKind&) const = default;
    friend std::ostream& operator<<(std::ostream& out, const DiagnosisKind& kind) { return out << kind.name_; }

    static const DiagnosisKind None, MissingAtEnd, ExtraAtEnd, Header, Format, ExpansionOrder, LeafValue, InnerValue, Bounds,
        Cutoff, MissingLine, ExtraLine, Depth, TieBreak, NextState, NodeName, Other;

private:
    std::string_view name_;
};

inline constexpr DiagnosisKind DiagnosisKind::None{"none"};  // files equal
inline constexpr DiagnosisKind DiagnosisKind::MissingAtEnd{"missing-at-end"};  // the actual file stops early
inline constexpr DiagnosisKind DiagnosisKind::ExtraAtEnd{"extra-at-end"};  // the actual file goes on after the end
inline constexpr DiagnosisKind DiagnosisKind::Header{"header"};  // the log header differs
inline constexpr DiagnosisKind DiagnosisKind::Format{"format"};  // a row that is not Node,Depth,Value[,Alpha,Beta]
inline constexpr DiagnosisKind DiagnosisKind::ExpansionOrder{"expansion-order"};  // a sibling appears out of order
inline constexpr DiagnosisKind DiagnosisKind::LeafValue{"leaf-value"};  // a leaf's value (a finite value, not expanded)
inline constexpr DiagnosisKind DiagnosisKind::InnerValue{"inner-value"};  // an inner node's value (or an infinite leaf's)
inline constexpr DiagnosisKind DiagnosisKind::Bounds{"bounds"};  // alpha/beta columns differ
inline constexpr DiagnosisKind DiagnosisKind::Cutoff{"cutoff"};  // a line missing, extra or other where a log shows a cut-off
inline constexpr DiagnosisKind DiagnosisKind::MissingLine{"missing-line"};  // a line or block missing (the root's own line too)
inline constexpr DiagnosisKind DiagnosisKind::ExtraLine{"extra-line"};  // a line or block the expected log lacks
inline constexpr DiagnosisKind DiagnosisKind::Depth{"depth"};  // another depth, or a leaf in one log expanded in the other
inline constexpr DiagnosisKind DiagnosisKind::TieBreak{"tie-break"};  // another move while the search (log or value) matches
inline constexpr DiagnosisKind DiagnosisKind::NextState{"next-state"};  // the next board differs, and the search too or no log
inline constexpr DiagnosisKind DiagnosisKind::NodeName{"node-name"};  // the same tree and values under other node names
inline constexpr DiagnosisKind DiagnosisKind::Other{"other"};

inline std::string_view diagnosisKindName(DiagnosisKind kind) { return kind.name(); }  // e.g. "expansion-order"

struct Diagnosis {
    DiagnosisKind kind = DiagnosisKind::None;
    std::string text;  // where ("line 14: c3 at depth 2") and what differs; a line it quotes is a bounded copy (kReportLineBytes)
};

// How an output file of the variant is laid out (its presentation's OutputLayout; for a variant or file
// it does not describe, traverse_log.txt is a log and any other file a state).
using FileLayout = OutputLayout;
FileLayout layoutOf(std::string_view variant, std::string_view fileName);

// `searchMatches`: the case has a separate traverse log and it matched (a next-state difference is then of
// kind tie-break: the same search, another board).
Diagnosis diagnose(std::string_view variant, std::string_view fileName, const FileComparison& comparison,
                   bool searchMatches);

}  // namespace plyjudge::grader
