#include "reference/presentation/placement.hpp"

#include <fmt/format.h>

#include "reference/presentation/text_lines.hpp"

namespace plyjudge {

namespace {

// The input's board when the rules find one and it is square.
std::optional<std::vector<std::string>> boardOf(const PlacementRules& rules, const std::vector<std::string>& lines) {
    auto board = rules.board(lines);
    if (!board) return std::nullopt;
    for (const std::string& row : *board) {
        if (row.size() != board->size()) return std::nullopt;
    }
    return board;
}

std::string cellName(const PlacementRules& rules, int row, int column, int rows) {
    return fmt::format("{}{}", char((rules.lowercaseColumns ? 'a' : 'A') + column), rules.rowsFromBottom ? rows - row : row + 1);
}

// The single cell of `before` that is empty and filled in `after`, if exactly one.
std::optional<int> newlyFilledColumn(const PlacementRules& rules, const std::string& before, std::string_view after) {
    if (after.size() != before.size()) return std::nullopt;
    std::optional<int> found;
    for (std::size_t c = 0; c < before.size(); ++c) {
        if (before[c] == rules.empty && after[c] != rules.empty) {
            if (found) return std::nullopt;
            found = static_cast<int>(c);
        }
    }
    return found;
}

}  // namespace

std::optional<PositionPicture> placementPicture(const PlacementRules& rules, const std::string& inputText) {
    const std::vector<std::string> lines = textLines(inputText);
    const auto board = boardOf(rules, lines);
    if (!board) return std::nullopt;
    const int n = static_cast<int>(board->size());
    PositionPicture p = gridPicture(n, n, rules.lowercaseColumns, rules.rowsFromBottom);
    for (int r = 0; r < n; ++r) {
        for (int c = 0; c < n; ++c) {
            const char ch = (*board)[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
            if (ch == rules.black) p.at(r, c).piece = PositionPicture::Piece::Black;
            else if (ch == rules.white) p.at(r, c).piece = PositionPicture::Piece::White;
            else if (ch != rules.empty) return std::nullopt;
        }
    }
    if (rules.finish) rules.finish(p, inputText, lines);
    return p;
}

std::optional<std::string> placementExpectedMove(const PlacementRules& rules, const std::string& inputText,
                                                 const std::filesystem::path& caseDir) {
    const auto board = boardOf(rules, textLines(inputText));
    if (!board) return std::nullopt;
    const auto state = fileLines(caseDir / std::string(rules.stateFile));
    if (state.size() < board->size()) return std::nullopt;
    std::optional<std::string> move;
    const int rows = static_cast<int>(board->size());
    for (int r = 0; r < rows; ++r) {
        const std::string& before = (*board)[static_cast<std::size_t>(r)];
        const std::string& after = state[static_cast<std::size_t>(r)];
        if (after.size() != before.size()) return std::nullopt;
        for (std::size_t c = 0; c < before.size(); ++c) {
            if (before[c] == rules.empty && after[c] != rules.empty) {
                if (move) return std::nullopt;  // more than one new piece: not a single placement
                move = cellName(rules, r, static_cast<int>(c), rows);
            }
        }
    }
    if (!move && rules.passWhenUnchanged) move = "pass";
    return move;
}

std::optional<std::string> placementActualMove(const PlacementRules& rules, const std::string& inputText, const OutputLine& line) {
    if (line.file != rules.stateFile) return std::nullopt;
    const auto board = boardOf(rules, textLines(inputText));
    if (!board) return std::nullopt;
    const std::int64_t row = static_cast<std::int64_t>(line.number) - 1;
    if (row < 0 || row >= static_cast<std::int64_t>(board->size())) return std::nullopt;
    const auto column = newlyFilledColumn(rules, (*board)[static_cast<std::size_t>(row)], line.text);
    if (!column) return std::nullopt;
    return cellName(rules, static_cast<int>(row), *column, static_cast<int>(board->size()));
}

std::vector<int> placementMoveCells(const PositionPicture& picture, std::string_view move, bool rowsFromBottom) {
    if (move.size() < 2 || move == "pass") return {};
    const int column = move[0] >= 'a' ? move[0] - 'a' : move[0] - 'A';
    int number = 0;
    try {
        number = std::stoi(std::string(move.substr(1)));
    } catch (const std::exception&) {
        return {};
    }
    const int i = picture.indexOf(rowsFromBottom ? picture.rows - number : number - 1, column);
    if (i < 0) return {};
    return {i};
}

}  // namespace plyjudge
