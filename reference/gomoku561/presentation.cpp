// gomoku561's outputs explained and positions shown: next_state.txt is the board, traverse_log.txt a log
// headed `Move,…`; a move places one stone (cells A1.., row 1 at the bottom) on an N x N board of b, w and '.'.
#include "reference/presentation/placement.hpp"

#include <fmt/format.h>

namespace plyjudge::gomoku561 {

namespace {

// Lines 1-3 are the task, the player and the depth; line 4 is N, then N board lines.
std::optional<std::vector<std::string>> board(const std::vector<std::string>& lines) {
    if (lines.size() < 4) return std::nullopt;
    int n = 0;
    try {
        n = std::stoi(lines[3]);
    } catch (const std::exception&) {
        return std::nullopt;
    }
    if (n < 1 || n > 26 || lines.size() < static_cast<std::size_t>(4 + n)) return std::nullopt;
    return std::vector<std::string>(lines.begin() + 4, lines.begin() + 4 + n);
}

void finish(PositionPicture& picture, const std::string&, const std::vector<std::string>& lines) {
    picture.blackName = "black";
    picture.whiteName = "white";
    picture.caption = fmt::format("gomoku561 {}x{}, task {}, player {}", picture.rows, picture.columns, lines[0], lines[1]);
}

constexpr PlacementRules kBoard{
    .board = board,
    .empty = '.',
    .black = 'b',
    .white = 'w',
    .rowsFromBottom = true,
    .stateFile = "next_state.txt",
    .finish = finish,
};

}  // namespace

extern const Presentation presentation{
    .logFirstColumn = "Move",
    .outputs = {{.file = "next_state.txt", .kind = OutputLayout::Kind::StateOnly},
                {.file = "traverse_log.txt", .kind = OutputLayout::Kind::StateThenLog}},
    .position = placementHooks<kBoard>,
};

}  // namespace plyjudge::gomoku561
