// How a variant's outputs are explained and its positions shown: the data and hooks through which the
// grader's diagnosis (grader/compare/diagnosis.cpp) and the reports' board (reports/case_position.cpp)
// serve every variant without naming one. A variant folder defines one `const Presentation` in its
// presentation.cpp and points its Variant record at it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "reference/presentation/position_picture.hpp"

namespace plyjudge {

// One line of a fixed-answer file (starcircle's output.txt: move, two utilities, node count).
struct AnswerLine {
    std::string_view name;  // as the diagnosis says it: "<name> differs (expected …, got …)"
    std::string_view kind;  // the diagnosis kind when it is the first line to differ, e.g. "node-count"
    std::string_view hint;  // then added to the text after ": " (what the line counts); may be empty
};

// A file of a fixed number of answer lines.
struct FixedAnswer {
    std::vector<AnswerLine> lines;
    int moveLine = 0;    // 0-based: the line naming the chosen move
    int valueLine = -1;  // the chosen move's value: when the move line is the first to differ and this one
                         // is equal, the diagnosis is a tie-break
    std::string_view tieBreakHint;  // the text then (after ": ")
};

// How an output file is laid out, for explaining its first difference.
struct OutputLayout {
    enum class Kind {
        StateThenLog,  // `stateLines` lines of state (a board), then a traverse log; 0: a log only
        StateOnly,     // a state (next board, battle trace), no log
        FixedAnswer,   // the lines of `answer`
    };
    std::string_view file;
    Kind kind = Kind::StateOnly;
    int stateLines = 0;
    const FixedAnswer* answer = nullptr;
};

// A line of a program's output file, as a first difference shows it.
struct OutputLine {
    std::string_view file;
    std::uint64_t number = 0;  // 1-based
    std::string_view text;
};

// A case's position for the reports, and the moves on it. Any hook may be nullptr.
struct PositionHooks {
    // The input drawn as a board; nullopt, or an exception, when it cannot be read as one.
    std::optional<PositionPicture> (*picture)(const std::string& inputText) = nullptr;
    // The cells of a move on the picture (one for a placement, from and to for a step); none for a pass or
    // a name the picture does not hold.
    std::vector<int> (*moveCells)(const PositionPicture& picture, std::string_view move) = nullptr;
    // The reference's move, read from the expected files in caseDir; nullopt when they do not show it.
    std::optional<std::string> (*expectedMove)(const std::string& inputText, const std::filesystem::path& caseDir) = nullptr;
    // The program's move as far as its first differing line shows it; nullopt when it does not.
    std::optional<std::string> (*actualMove)(const std::string& inputText, const OutputLine& firstDifference) = nullptr;
};

struct Presentation {
    // The first column of the traverse-log header: "Node" -> `Node,Depth,Value[,Alpha,Beta]`.
    std::string_view logFirstColumn = "Node";
    // One per output file; a file not listed is a log when it is traverse_log.txt, else a state.
    std::vector<OutputLayout> outputs;
    PositionHooks position;

    const OutputLayout* layoutOf(std::string_view file) const {
        for (const OutputLayout& o : outputs) {
            if (o.file == file) return &o;
        }
        return nullptr;
    }
};

}  // namespace plyjudge
