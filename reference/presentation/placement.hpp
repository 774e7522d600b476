// Positions and moves of the placement variants, shared: a move puts one new piece on an empty cell of a
// square board of one-character cells, and the next-state file begins with the board after the move
// (reversi, squirrel, gomoku561). The move is the one cell empty in the input and filled there.
// A variant describes its board in PlacementRules and takes its hooks as placementHooks<rules>.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "reference/presentation/presentation.hpp"

namespace plyjudge {

struct PlacementRules {
    // The input's board rows, found among its lines; nullopt when they are not there.
    std::optional<std::vector<std::string>> (*board)(const std::vector<std::string>& inputLines) = nullptr;
    char empty = '*', black = 'X', white = 'O';
    bool lowercaseColumns = false;   // cells a1, b1, … rather than A1, B1, …
    bool rowsFromBottom = false;     // row 1 is the bottom row (the rows are listed top first either way)
    std::string_view stateFile;      // the output file that begins with the board after the move
    bool passWhenUnchanged = false;  // an unchanged board there is a pass (else it shows no move)
    // Completes a picture: caption, side names, cell labels. May throw on a bad input (the reports then
    // draw the input as text). nullptr: nothing to add.
    void (*finish)(PositionPicture& picture, const std::string& inputText, const std::vector<std::string>& inputLines) = nullptr;
};

std::optional<PositionPicture> placementPicture(const PlacementRules& rules, const std::string& inputText);
std::optional<std::string> placementExpectedMove(const PlacementRules& rules, const std::string& inputText,
                                                 const std::filesystem::path& caseDir);
std::optional<std::string> placementActualMove(const PlacementRules& rules, const std::string& inputText,
                                               const OutputLine& firstDifference);
// The cell a move such as "c4" or "H8" names (column letter in either case, then the row number); none for
// "pass" or a cell off the picture.
std::vector<int> placementMoveCells(const PositionPicture& picture, std::string_view move, bool rowsFromBottom);

template <const PlacementRules& Rules>
inline constexpr PositionHooks placementHooks{
    .picture = [](const std::string& text) { return placementPicture(Rules, text); },
    .moveCells = [](const PositionPicture& p, std::string_view move) { return placementMoveCells(p, move, Rules.rowsFromBottom); },
    .expectedMove = [](const std::string& text, const std::filesystem::path& dir) { return placementExpectedMove(Rules, text, dir); },
    .actualMove = [](const std::string& text, const OutputLine& line) { return placementActualMove(Rules, text, line); },
};

}  // namespace plyjudge
