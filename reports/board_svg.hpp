// A position drawn as an SVG board: a variant's neutral picture (case_position.hpp) with the expected and
// actual moves marked, rendered as inline SVG, no fonts or images fetched.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "reference/presentation/position_picture.hpp"

namespace plyjudge::reports {

// A variant's picture of a position (reference/presentation/position_picture.hpp) with the moves to ring.
struct BoardPicture : PositionPicture {
    BoardPicture() = default;
    explicit BoardPicture(PositionPicture picture) : PositionPicture(std::move(picture)) {}

    std::vector<int> expectedCells;  // the expected move's cells (one, or from and to)
    std::vector<int> actualCells;    // the actual move's cells
};

// An <svg> element (no XML declaration) for embedding in HTML. The expected move is ringed in green, the
// actual one in red (dashed); a cell that is both shows both rings.
std::string boardSvg(const BoardPicture& board);

// Escapes &, <, >, " and ' for HTML/XML text and attributes, and keeps to the characters XML 1.0 allows (and
// HTML does not call parse errors): valid UTF-8, no control characters but tab, LF and CR, no U+FFFE or U+FFFF.
std::string escapeXml(std::string_view text);

}  // namespace plyjudge::reports
