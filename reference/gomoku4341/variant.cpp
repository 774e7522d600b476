// gomoku4341 as a plyjudge variant: live play between programs through files, run by `plyjudge referee`.
// There is nothing to solve; `validate` checks a game's history_file (the accepted moves, one per line).
#include "reference/variant.hpp"

#include <fmt/format.h>

#include "reference/gomoku4341/rules.hpp"

namespace plyjudge::gomoku4341 {

namespace {

// A history_file: lines `<name> <column> <row>`, two names alternating, every move legal, nothing after
// a five.
void validate(const InputText& input) {
    Board board;
    std::string names[2];
    int moveNumber = 0;
    bool over = false;
    for (int n = 1; n <= input.lineCount(); ++n) {
        const std::string_view text = input.line(n, "a move");
        if (trim(text).empty()) input.fail(n, "an empty line; expected `<name> <column A-O> <row 1-15>`");
        if (over) input.fail(n, "a move after the game was won");
        const auto line = splitMoveLine(text);
        if (!line) input.fail(n, "expected `<name> <column A-O> <row 1-15>`");
        ++moveNumber;
        std::string& name = names[(moveNumber - 1) % 2];
        if (moveNumber <= 2) {
            if (moveNumber == 2 && line->name == names[0]) input.fail(n, "both players have the same name");
            name = line->name;
        } else if (line->name != name) {
            input.fail(n, fmt::format("move {} is {}'s, not {}'s", moveNumber, name, line->name));
        }
        const auto point = parsePoint(line->column, line->row);
        if (!point) input.fail(n, fmt::format("`{} {}` is not a point of the 15x15 board", line->column, line->row));
        if (!board.legal(*point, moveNumber)) {
            input.fail(n, fmt::format("{} is occupied (a swap is allowed on move 2 only)", pointText(*point)));
        }
        board.play(*point, moveNumber % 2 == 1 ? Stone::X : Stone::O);
        over = board.fiveThrough(point->cell());
    }
}

}  // namespace

extern const Variant variant{
    .name = "gomoku4341",
    .title = "Gomoku 15x15 played live between programs through files (plyjudge referee / play / tournament)",
    .convention = InputConvention::LivePlay,
    .outputFiles = {"move_file"},
    .dialects = {},
    .validate = validate,
    .solve = nullptr,
};

}  // namespace plyjudge::gomoku4341
