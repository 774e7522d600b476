// squirrel's outputs explained and positions shown: next_state.txt and trace_state.txt are boards,
// traverse_log.txt a log; a move places one piece (cells A1..E5, row 1 at the top), each cell showing its value.
#include "reference/presentation/placement.hpp"

#include <fmt/format.h>

#include <sstream>

namespace plyjudge::squirrel {

namespace {

// The board is the last five lines, whatever the task (task 4 has more header lines).
std::optional<std::vector<std::string>> board(const std::vector<std::string>& lines) {
    if (lines.size() < 5) return std::nullopt;
    return std::vector<std::string>(lines.end() - 5, lines.end());
}

// The five value lines just above the board: each cell shows its value.
void finish(PositionPicture& picture, const std::string&, const std::vector<std::string>& lines) {
    if (lines.size() < 10) return;
    for (int r = 0; r < 5; ++r) {
        std::istringstream in(lines[lines.size() - 10 + static_cast<std::size_t>(r)]);
        std::string value;
        for (int c = 0; c < 5 && (in >> value); ++c) picture.at(r, c).label = value;
    }
    picture.caption = fmt::format("squirrel, task {}, {} to move", lines[0], lines.size() > 1 ? lines[1] : "?");
}

constexpr PlacementRules kBoard{.board = board, .stateFile = "next_state.txt", .finish = finish};

}  // namespace

extern const Presentation presentation{
    .logFirstColumn = "Node",
    .outputs = {{.file = "next_state.txt", .kind = OutputLayout::Kind::StateOnly},
                {.file = "traverse_log.txt", .kind = OutputLayout::Kind::StateThenLog},
                {.file = "trace_state.txt", .kind = OutputLayout::Kind::StateOnly}},
    .position = placementHooks<kBoard>,
};

}  // namespace plyjudge::squirrel
