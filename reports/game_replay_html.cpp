#include "reports/game_replay_html.hpp"

#include <fmt/format.h>

#include <stdexcept>

#include "common/file_io.hpp"
#include "reports/board_svg.hpp"

namespace plyjudge::reports {

namespace {

constexpr int kCell = 32, kMargin = 34;
constexpr int kSize = plyjudge::gomoku4341::kSize;

int at(int index) { return kMargin + index * kCell; }

// The grid, its coordinates (columns A-O above, rows 1-15 on the left, row 1 at the top as the course draws it)
// and one numbered stone per move, all shown; the script hides the stones after the current move.
std::string boardSvg(const referee::RecordedGame& game) {
    const int side = 2 * kMargin + (kSize - 1) * kCell;
    std::string svg = fmt::format(R"(<svg xmlns="http://www.w3.org/2000/svg" id="board" width="{0}" height="{0}" viewBox="0 0 {0} {0}">)", side);
    svg += fmt::format(R"(<rect width="{0}" height="{0}" fill="#dcb35c"/>)", side);
    for (int i = 0; i < kSize; ++i) {
        svg += fmt::format(R"(<line x1="{0}" y1="{1}" x2="{0}" y2="{2}" stroke="#333"/><line x1="{1}" y1="{0}" x2="{2}" y2="{0}" stroke="#333"/>)",
                           at(i), at(0), at(kSize - 1));
        svg += fmt::format(R"(<text x="{}" y="{}" class="coord">{}</text>)", at(i), kMargin - 18, static_cast<char>('A' + i));
        svg += fmt::format(R"(<text x="{}" y="{}" class="coord">{}</text>)", kMargin - 22, at(i) + 4, i + 1);
    }
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        const referee::RecordedMove& m = game.moves[i];
        const bool x = m.player == 0;
        svg += fmt::format(R"(<g class="stone{}" data-move="{}"><circle cx="{}" cy="{}" r="14" fill="{}" stroke="#000"/>)",
                           m.opening ? " opening" : "", i + 1, at(m.point.column), at(m.point.row), x ? "#111" : "#f4f4f4");
        svg += fmt::format(R"(<text x="{}" y="{}" class="num" fill="{}">{}</text></g>)", at(m.point.column), at(m.point.row) + 4,
                           x ? "#fff" : "#000", i + 1);
    }
    return svg + "</svg>";
}

std::string moveList(const referee::RecordedGame& game) {
    std::string out = "<ol id=\"moves\">";
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        const referee::RecordedMove& m = game.moves[i];
        std::string note = m.opening ? " (opening)" : m.seconds ? fmt::format(" ({:.3f} s)", *m.seconds) : "";
        if (m.swap) note += " swap";
        out += fmt::format(R"(<li data-move="{}">{} {}{}</li>)", i + 1, escapeXml(game.players[m.player]),
                           gomoku4341::pointText(m.point), escapeXml(note));
    }
    return out + "</ol>";
}

std::string headerRows(const referee::RecordedGame& game) {
    std::string rows;
    for (const char* key : {"event", "round", "X (first)", "O (second)", "opening", "time limit"}) {
        const std::string value = game.header(key);
        if (!value.empty() && value != "-") rows += fmt::format("<tr><th>{}</th><td>{}</td></tr>", escapeXml(key), escapeXml(value));
    }
    for (const auto& [key, value] : {std::pair{"result", game.result}, {"reason", game.reason}, {"why", game.why}}) {
        if (!value.empty()) rows += fmt::format("<tr><th>{}</th><td>{}</td></tr>", key, escapeXml(value));
    }
    return rows;
}

// Plain inline script, no data of the game in it: it reads the stones' data-move numbers from the page.
constexpr const char* kScript = R"(
(function () {
  var stones = document.querySelectorAll('#board .stone');
  var items = document.querySelectorAll('#moves li');
  var total = stones.length, current = total;
  function show(n) {
    current = Math.max(0, Math.min(total, n));
    for (var i = 0; i < stones.length; i++) {
      var k = Number(stones[i].getAttribute('data-move'));
      stones[i].setAttribute('class', 'stone ' + (k <= current ? 'shown' : 'hidden') + (k === current ? ' last' : '') +
                             (stones[i].getAttribute('class').indexOf('opening') >= 0 ? ' opening' : ''));
    }
    for (var j = 0; j < items.length; j++) items[j].className = j + 1 === current ? 'current' : '';
    document.getElementById('counter').textContent = 'move ' + current + ' of ' + total;
    if (history.replaceState) history.replaceState(null, '', '#move=' + current);
  }
  function fromAddress() {
    var m = /^#move=(\d+)$/.exec(location.hash);
    show(m ? Number(m[1]) : total);
  }
  document.getElementById('first').onclick = function () { show(0); };
  document.getElementById('back').onclick = function () { show(current - 1); };
  document.getElementById('forward').onclick = function () { show(current + 1); };
  document.getElementById('last').onclick = function () { show(total); };
  document.addEventListener('keydown', function (e) {
    if (e.key === 'ArrowLeft') show(current - 1);
    else if (e.key === 'ArrowRight') show(current + 1);
    else if (e.key === 'Home') show(0);
    else if (e.key === 'End') show(total);
  });
  window.addEventListener('hashchange', fromAddress);
  fromAddress();
})();
)";

constexpr const char* kStyle = R"(
body { font-family: sans-serif; margin: 1em; }
.coord { font-size: 12px; text-anchor: middle; fill: #333; }
.num { font-size: 11px; text-anchor: middle; }
.stone.hidden { display: none; }
.stone.last circle { stroke: #d00; stroke-width: 3; }
.stone.opening circle { stroke-dasharray: 3 2; }
#moves li.current { font-weight: bold; }
th { text-align: left; padding-right: 1em; }
.layout { display: flex; gap: 2em; align-items: flex-start; }
)";

}  // namespace

std::string renderGameReplayHtml(const referee::RecordedGame& game) {
    const std::string title = fmt::format("{} v {}", escapeXml(game.players[0]), escapeXml(game.players[1]));
    return fmt::format(R"(<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<title>{0}</title><style>{1}</style></head>
<body><h1>{0}</h1><table>{2}</table>
<p><button id="first" title="Home">|&lt;</button> <button id="back" title="left arrow">&lt;</button>
<button id="forward" title="right arrow">&gt;</button> <button id="last" title="End">&gt;|</button>
<span id="counter">move {3} of {3}</span> (keys: left and right arrows, Home, End; the address ends with #move=N)</p>
<div class="layout">{4}{5}</div>
<script>{6}</script></body></html>
)",
                       title, kStyle, headerRows(game), game.moves.size(), boardSvg(game), moveList(game), kScript);
}

void writeGameReplayPage(const std::filesystem::path& gameDir) {
    const std::string page = renderGameReplayHtml(referee::readGameRecord(gameDir));
    writeFileAtomically(gameDir / kReplayPageFile, page);
}

}  // namespace plyjudge::reports
