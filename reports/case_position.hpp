// A case's position for the report: its input drawn as a board, and the expected and actual chosen moves.
// Each variant draws and names its own through its Variant record (reference/presentation/presentation.hpp);
// a variant that does not is drawn as a generic grid when the text has one.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "reports/board_svg.hpp"
#include "reports/results_model.hpp"

namespace plyjudge::reports {

// nullopt when the input cannot be read as a board (bad input, unknown layout).
std::optional<BoardPicture> positionPicture(std::string_view variant, const std::string& inputText);

// The cells of a move on the picture (one for a placement, from and to for a step); empty for a pass
// or a name the picture does not hold.
std::vector<int> moveCells(std::string_view variant, const BoardPicture& picture, const std::string& move);

// The reference's move for the input, read from the expected files in caseDir (the next-state board
// against the input's, or a move line). nullopt when they do not show it.
std::optional<ChosenMove> expectedMoveOf(std::string_view variant, const std::string& inputText,
                                         const std::filesystem::path& caseDir);

// The submission's move as far as the first difference shows it: a move line, or the one newly filled
// cell of the first differing next-state row. nullopt when it does not show it.
std::optional<ChosenMove> actualMoveOf(std::string_view variant, const std::string& inputText, const FirstDifference& difference);

}  // namespace plyjudge::reports
