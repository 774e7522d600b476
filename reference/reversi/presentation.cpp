// reversi's outputs explained and positions shown: output.txt is the next board (8 lines) then the
// traverse log; a move places one piece (cells a1..h8, row 1 at the top), a pass leaves the board as it is.
#include "reference/presentation/placement.hpp"

#include <fmt/format.h>

#include "reference/core/input_text.hpp"
#include "reference/reversi/problem.hpp"

namespace plyjudge::reversi {

namespace {

std::optional<std::vector<std::string>> board(const std::vector<std::string>& lines) {
    if (lines.size() < 10) return std::nullopt;
    return std::vector<std::string>(lines.begin() + 2, lines.begin() + 10);
}

// Only an input the parser accepts is drawn as a reversi board.
void finish(PositionPicture& picture, const std::string& inputText, const std::vector<std::string>&) {
    const Problem problem = parseProblem(InputText(inputText, "input.txt"));
    picture.caption = fmt::format("reversi, {} to move, depth {}", problem.player == Player::Black ? "X" : "O", problem.depth);
}

constexpr PlacementRules kBoard{
    .board = board,
    .lowercaseColumns = true,
    .stateFile = "output.txt",
    .passWhenUnchanged = true,
    .finish = finish,
};

}  // namespace

extern const Presentation presentation{
    .logFirstColumn = "Node",
    .outputs = {{.file = "output.txt", .kind = OutputLayout::Kind::StateThenLog, .stateLines = 8}},
    .position = placementHooks<kBoard>,
};

}  // namespace plyjudge::reversi
