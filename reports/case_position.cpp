#include "reports/case_position.hpp"

#include "reference/presentation/placement.hpp"
#include "reference/presentation/text_lines.hpp"
#include "reference/variant.hpp"

namespace plyjudge::reports {

namespace {

// The variant's position hooks; none for an unknown variant or one without a presentation.
PositionHooks hooksOf(std::string_view variant) {
    const Variant* v = findVariant(variant);
    return v && v->presentation ? v->presentation->position : PositionHooks{};
}

ChosenMove chosen(std::string name) {
    ChosenMove m;
    m.name = std::move(name);
    return m;
}

// Any other layout: the longest run of at least three consecutive lines of equal length (>= 3), one cell per
// character, drawn as text.
std::optional<BoardPicture> genericPicture(const std::string& text) {
    const std::vector<std::string> lines = textLines(text);
    std::size_t bestStart = 0, bestLength = 0;
    for (std::size_t i = 0; i < lines.size();) {
        std::size_t j = i + 1;
        while (j < lines.size() && lines[j].size() == lines[i].size()) ++j;
        if (lines[i].size() >= 3 && lines[i].size() <= 40 && j - i > bestLength) {
            bestStart = i;
            bestLength = j - i;
        }
        i = j;
    }
    if (bestLength < 3) return std::nullopt;
    std::vector<std::string> rows(lines.begin() + static_cast<long>(bestStart), lines.begin() + static_cast<long>(bestStart + bestLength));
    BoardPicture b(gridPicture(static_cast<int>(rows.size()), static_cast<int>(rows[0].size()), false, false));
    for (int r = 0; r < b.rows; ++r) {
        for (int c = 0; c < b.columns; ++c) {
            const char ch = rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
            if (ch != '*' && ch != '.' && ch != '0' && ch != ' ') b.at(r, c).label = std::string(1, ch);
        }
    }
    b.caption = "the input's grid";
    return b;
}

}  // namespace

std::optional<BoardPicture> positionPicture(std::string_view variant, const std::string& inputText) {
    try {
        if (const auto picture = hooksOf(variant).picture) {
            if (auto p = picture(inputText)) return BoardPicture(std::move(*p));
        }
        return genericPicture(inputText);
    } catch (const std::exception&) {
        return genericPicture(inputText);  // an input the parser refuses is still worth showing as text
    }
}

std::vector<int> moveCells(std::string_view variant, const BoardPicture& picture, const std::string& move) {
    if (const auto cells = hooksOf(variant).moveCells) return cells(picture, move);
    return placementMoveCells(picture, move, false);  // the generic grid names cells A1, B1, … from the top
}

std::optional<ChosenMove> expectedMoveOf(std::string_view variant, const std::string& inputText, const std::filesystem::path& caseDir) {
    const auto expected = hooksOf(variant).expectedMove;
    if (!expected) return std::nullopt;
    if (auto name = expected(inputText, caseDir)) return chosen(std::move(*name));
    return std::nullopt;
}

std::optional<ChosenMove> actualMoveOf(std::string_view variant, const std::string& inputText, const FirstDifference& d) {
    const auto actual = hooksOf(variant).actualMove;
    if (!d.actual || !actual) return std::nullopt;
    if (auto name = actual(inputText, OutputLine{d.file, d.line, *d.actual})) return chosen(std::move(*name));
    return std::nullopt;
}

}  // namespace plyjudge::reports
