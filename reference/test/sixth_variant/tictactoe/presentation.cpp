// tictactoe's outputs explained and positions shown, through the shared placement helper.
#include "reference/presentation/placement.hpp"

#include <fmt/format.h>

namespace plyjudge::tictactoe {

namespace {

std::optional<std::vector<std::string>> board(const std::vector<std::string>& lines) {
    if (lines.size() < 5) return std::nullopt;
    return std::vector<std::string>(lines.begin() + 2, lines.begin() + 5);
}

void finish(PositionPicture& picture, const std::string&, const std::vector<std::string>& lines) {
    picture.caption = fmt::format("tictactoe, {} to move, {}", lines[0], lines[1]);
}

constexpr PlacementRules kBoard{.board = board, .empty = '.', .stateFile = "next_state.txt", .finish = finish};

}  // namespace

extern const Presentation presentation{
    .logFirstColumn = "Node",
    .outputs = {{.file = "next_state.txt", .kind = OutputLayout::Kind::StateOnly},
                {.file = "traverse_log.txt", .kind = OutputLayout::Kind::StateThenLog}},
    .position = placementHooks<kBoard>,
};

}  // namespace plyjudge::tictactoe
