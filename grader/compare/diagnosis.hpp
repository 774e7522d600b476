// What the first difference in an output file most likely means, read from the file's own structure
// (traverse-log rows, next-state boards, starcircle's four lines). Heuristic by nature: the text says
// "most likely" where it guesses.
#pragma once

#include <string>
#include <string_view>

#include "grader/compare/compare.hpp"

namespace plyjudge::grader {

enum class DiagnosisKind {
    None,             // files equal
    MissingAtEnd,     // the actual file stops early
    ExtraAtEnd,       // the actual file goes on after the expected end
    Header,           // the log header differs
    Format,           // a row that is not Node,Depth,Value[,Alpha,Beta]
    ExpansionOrder,   // a sibling appears out of order
    LeafValue,        // a leaf's value (the evaluation function)
    InnerValue,       // a backed-up value (min/max propagation)
    Bounds,           // alpha/beta columns differ
    Cutoff,           // a missing or extra line at a cut-off (pruning condition or cut-off log rhythm)
    MissingLine,      // one line missing in the middle
    ExtraLine,        // one extra line in the middle
    Depth,            // wrong depth (cut-off depth or pass handling)
    TieBreak,         // same value, different move
    NextState,        // the next-state board differs (with the search otherwise right or absent)
    Move,             // starcircle: the move line
    Myopic,           // starcircle: the myopic utility
    Farsighted,       // starcircle: the farsighted utility
    NodeCount,        // starcircle: the number of nodes
    Other,
};

std::string_view diagnosisKindName(DiagnosisKind kind);  // e.g. "expansion-order"

struct Diagnosis {
    DiagnosisKind kind = DiagnosisKind::None;
    std::string text;  // one or two sentences for a student
};

// How an output file is laid out: how many leading lines are a board/state before a traverse log
// (reversi's output.txt: 8), whether there is a log at all, or starcircle's four-line answer.
struct FileLayout {
    enum class Kind { StateThenLog, StateOnly, StarcircleAnswer } kind = Kind::StateThenLog;
    int stateLines = 0;
};
FileLayout layoutOf(std::string_view variant, std::string_view fileName);

// `searchMatches`: the case has a separate traverse log and it matched (a next-state difference is then
// a tie-break or move-application error).
Diagnosis diagnose(std::string_view variant, std::string_view fileName, const FileComparison& comparison,
                   bool searchMatches);

}  // namespace plyjudge::grader
