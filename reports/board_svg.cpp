#include "reports/board_svg.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "common/escaping.hpp"
#include "common/utf8_text.hpp"

namespace plyjudge::reports {

namespace {
// Characters XML 1.0 does not allow (C0 controls but tab, LF and CR) or HTML calls parse errors (DEL, C1 controls,
// noncharacters such as U+FFFE and U+FFFF): shown as '?' or U+FFFD.
std::string_view illegalInXml(char32_t c) {
    if ((c < 0x20 && c != '\n' && c != '\t' && c != '\r') || (c >= 0x7F && c <= 0x9F)) return "?";
    if ((c >= 0xFDD0 && c <= 0xFDEF) || (c & 0xFFFE) == 0xFFFE) return "\xEF\xBF\xBD";
    return {};
}
}  // namespace

std::string escapeXml(std::string_view raw) {
    const std::string text = validUtf8(raw);  // a stray byte or lone surrogate becomes U+FFFD
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const CodePoint c = codePointAt(text, i);
        switch (c.value) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&#39;"; break;
            default: {
                const std::string_view replacement = illegalInXml(c.value);
                // A bidirectional formatting character would reorder the page's text: shown as its escape.
                if (isBidiControl(c.value)) out += fmt::format("\\u{:04x}", static_cast<unsigned>(c.value));
                else if (replacement.empty()) out.append(text, i, c.bytes);
                else out += replacement;
            }
        }
        i += c.bytes;
    }
    return out;
}

std::string boardSvg(const BoardPicture& b) {
    // Cells shrink on big boards so that a 25x25 gomoku board stays about as wide as an 8x8 one.
    const int cell = std::max(16, std::min(40, 360 / std::max(1, std::max(b.rows, b.columns))));
    const int margin = 20;
    const int width = margin + b.columns * cell + 4, height = margin + b.rows * cell + 4;
    std::string s = fmt::format(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" "
        "role=\"img\" aria-label=\"{2}\">",
        width, height, escapeXml(b.caption));
    const int font = std::max(8, cell * 2 / 5);
    for (int c = 0; c < b.columns && c < static_cast<int>(b.columnLabels.size()); ++c) {
        s += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" fill=\"#555\">{}</text>",
                         margin + c * cell + cell / 2, margin - 6, std::min(font, 12), escapeXml(b.columnLabels[c]));
    }
    for (int r = 0; r < b.rows && r < static_cast<int>(b.rowLabels.size()); ++r) {
        s += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" fill=\"#555\">{}</text>",
                         margin / 2, margin + r * cell + cell / 2 + 4, std::min(font, 12), escapeXml(b.rowLabels[r]));
    }
    for (int r = 0; r < b.rows; ++r) {
        for (int c = 0; c < b.columns; ++c) {
            const BoardPicture::Cell& cl = b.cells[static_cast<std::size_t>(r * b.columns + c)];
            const int x = margin + c * cell, y = margin + r * cell;
            s += fmt::format("<rect class=\"cell\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" stroke=\"#444\" stroke-width=\"0.5\"/>",
                             x, y, cell, cell, cl.dark ? "#8a6a4a" : "#d9c7a3");
            const int cx = x + cell / 2, cy = y + cell / 2;
            if (cl.piece != BoardPicture::Piece::None) {
                const bool black = cl.piece == BoardPicture::Piece::Black;
                s += fmt::format("<circle class=\"piece {}\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" stroke=\"#222\"/>",
                                 black ? "black" : "white", cx, cy, cell * 2 / 5, black ? "#222" : "#f4f4f4");
                if (!cl.label.empty()) {
                    s += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" fill=\"{}\">{}</text>", cx,
                                     cy + font / 3, font, black ? "#fff" : "#000", escapeXml(cl.label));
                }
            } else if (!cl.label.empty()) {
                s += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" fill=\"#333\">{}</text>", cx,
                                 cy + font / 3, font, escapeXml(cl.label));
            }
        }
    }
    auto ring = [&](int index, const char* cls, const char* colour, const char* dash, int inset) {
        if (index < 0 || index >= b.rows * b.columns) return;
        const int x = margin + (index % b.columns) * cell + inset, y = margin + (index / b.columns) * cell + inset;
        s += fmt::format("<rect class=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{}\" "
                         "stroke-width=\"3\"{}/>",
                         cls, x, y, cell - 2 * inset, cell - 2 * inset, colour, dash);
    };
    for (int i : b.expectedCells) ring(i, "expected-move", "#1a9c3a", "", 2);
    for (int i : b.actualCells) ring(i, "actual-move", "#d62020", " stroke-dasharray=\"4 3\"", 5);
    s += "</svg>";
    return s;
}

}  // namespace plyjudge::reports
