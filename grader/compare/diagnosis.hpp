// What the first difference in an output file most likely means, read from the file's own structure
// (traverse-log rows, next-state boards, a variant's fixed answer lines). Heuristic by nature: the text says
// "most likely" where it guesses.
#pragma once

#include <ostream>
#include <string>
#include <string_view>

#include "grader/compare/compare.hpp"
#include "reference/presentation/presentation.hpp"

namespace plyjudge::grader {

// What a difference most likely means, named as results and reports show it ("expansion-order"). The
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
inline constexpr DiagnosisKind DiagnosisKind::LeafValue{"leaf-value"};  // a leaf's value (the evaluation function)
inline constexpr DiagnosisKind DiagnosisKind::InnerValue{"inner-value"};  // a backed-up value (min/max propagation)
inline constexpr DiagnosisKind DiagnosisKind::Bounds{"bounds"};  // alpha/beta columns differ
inline constexpr DiagnosisKind DiagnosisKind::Cutoff{"cutoff"};  // a line missing or extra at a cut-off (pruning condition, log rhythm)
inline constexpr DiagnosisKind DiagnosisKind::MissingLine{"missing-line"};  // one line missing in the middle
inline constexpr DiagnosisKind DiagnosisKind::ExtraLine{"extra-line"};  // one extra line in the middle
inline constexpr DiagnosisKind DiagnosisKind::Depth{"depth"};  // wrong depth (cut-off depth or pass handling)
inline constexpr DiagnosisKind DiagnosisKind::TieBreak{"tie-break"};  // same value, different move
inline constexpr DiagnosisKind DiagnosisKind::NextState{"next-state"};  // the next board differs (the search right or absent)
inline constexpr DiagnosisKind DiagnosisKind::NodeName{"node-name"};  // the same tree and values under other node names
inline constexpr DiagnosisKind DiagnosisKind::Other{"other"};

inline std::string_view diagnosisKindName(DiagnosisKind kind) { return kind.name(); }  // e.g. "expansion-order"

struct Diagnosis {
    DiagnosisKind kind = DiagnosisKind::None;
    std::string text;  // one or two sentences for a student; a line it quotes is a bounded copy (kReportLineBytes)
};

// How an output file of the variant is laid out (its presentation's OutputLayout; for a variant or file
// it does not describe, traverse_log.txt is a log and any other file a state).
using FileLayout = OutputLayout;
FileLayout layoutOf(std::string_view variant, std::string_view fileName);

// `searchMatches`: the case has a separate traverse log and it matched (a next-state difference is then
// a tie-break or move-application error).
Diagnosis diagnose(std::string_view variant, std::string_view fileName, const FileComparison& comparison,
                   bool searchMatches);

}  // namespace plyjudge::grader
