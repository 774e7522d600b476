// The HTML report: self-contained, boards drawn for every variant, and rendered by headless Chromium (the
// DOM it builds and a screenshot whose pixels show the green expected-move and red actual-move rings).
// The Chromium tests skip with a message when Debian's chromium is not installed.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include "report_test_support.hpp"
#include "reports/case_position.hpp"
#include "reports/report_formats.hpp"
#include "testsupport/golden.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::reports {
namespace {

using plyjudge::testing::TempDir;
using plyjudge::testing::readFile;
using plyjudge::testing::writeFile;
using testing::sampleRun;
using testing::shell;

std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

std::string caseInput(const char* variant, const char* name) {
    return readFile(plyjudge::testing::casesDir() / variant / "published" / name / "input.txt");
}

TEST(Boards, ReversiFromItsParser) {
    const auto b = positionPicture("reversi", caseInput("reversi", "case1"));
    ASSERT_TRUE(b);
    EXPECT_EQ(b->rows, 8);
    EXPECT_EQ(b->columns, 8);
    // case1: row 4 is ***OX***: O on d4, X on e4.
    EXPECT_EQ(b->cells[3 * 8 + 3].piece, BoardPicture::Piece::White);
    EXPECT_EQ(b->cells[3 * 8 + 4].piece, BoardPicture::Piece::Black);
    EXPECT_EQ(moveCells("reversi", *b, "c4"), std::vector<int>{3 * 8 + 2});
    EXPECT_TRUE(moveCells("reversi", *b, "pass").empty());
}

TEST(Boards, StarcircleDarkSquaresStacksAndMoves) {
    const auto b = positionPicture("starcircle", caseInput("starcircle", "example1"));
    ASSERT_TRUE(b);
    // Row H is drawn on top; H1 (row 8, column 1) is light, H2 dark (dark when row + column is even).
    EXPECT_FALSE(b->cells[0].dark);
    EXPECT_TRUE(b->cells[1].dark);
    // example1's first board line is 0,S1,0,...: a Star piece on H2.
    EXPECT_EQ(b->cells[1].piece, BoardPicture::Piece::Black);
    EXPECT_EQ(b->cells[1].label, "S");
    // F4-H2: from row F (drawn third from the top), column 4, to H2.
    EXPECT_EQ(moveCells("starcircle", *b, "F4-H2"), (std::vector<int>{2 * 8 + 3, 1}));
}

TEST(Boards, SquirrelValuesAndGomokuFromTheirText) {
    const auto s = positionPicture("squirrel", caseInput("squirrel", "sample1"));
    ASSERT_TRUE(s);
    EXPECT_EQ(s->rows, 5);
    EXPECT_EQ(s->cells[0].label, "20");  // the first value line: 20 16 1 32 30
    EXPECT_EQ(s->cells[2].piece, BoardPicture::Piece::Black);  // **XX*
    EXPECT_EQ(moveCells("squirrel", *s, "B3"), std::vector<int>{2 * 5 + 1});

    std::string gomoku = "1\n1\n1\n15\n";
    for (int r = 0; r < 15; ++r) gomoku += (r == 7 ? std::string(7, '.') + "w" + std::string(7, '.') : std::string(15, '.')) + "\n";
    const auto g = positionPicture("gomoku561", gomoku);
    ASSERT_TRUE(g);
    EXPECT_EQ(g->rows, 15);
    EXPECT_EQ(g->cells[7 * 15 + 7].piece, BoardPicture::Piece::White);
    EXPECT_EQ(moveCells("gomoku561", *g, "H8"), std::vector<int>{7 * 15 + 7});  // rows count from the bottom
    EXPECT_EQ(g->rowLabels.front(), "15");

    // An unknown layout is drawn as a generic grid of its text; no grid at all gives no board.
    const auto generic = positionPicture("mystery", "2\nab.\n.cd\nef.\n");
    ASSERT_TRUE(generic);
    EXPECT_EQ(generic->rows, 3);
    EXPECT_EQ(generic->cells[0].label, "a");
    EXPECT_FALSE(positionPicture("mystery", "just one line\n"));
}

TEST(Html, SelfContained) {
    const std::string html = renderHtml(sampleRun());
    EXPECT_EQ(html.find("<script"), std::string::npos);
    EXPECT_EQ(html.find("<link"), std::string::npos);
    EXPECT_EQ(html.find(" src="), std::string::npos);
    EXPECT_EQ(html.find("url("), std::string::npos);
    // The only URL is the SVG namespace name, which is never fetched.
    EXPECT_EQ(count(html, "http"), count(html, "xmlns=\"http://www.w3.org/2000/svg\""));
    EXPECT_EQ(count(html, "<section class=\"student\""), 3u);
    EXPECT_NE(html.find("&lt;most likely the tie-break&gt;"), std::string::npos);  // student text escaped
}

std::string chromium() {
    std::string path;
    if (shell("command -v chromium", &path) != 0) return {};
    while (!path.empty() && path.back() == '\n') path.pop_back();
    return path;
}

// Runs headless Chromium on a file, as the machine's documentation says, with a fresh profile.
int runChromium(const std::string& binary, const TempDir& dir, const std::string& options, const std::filesystem::path& page,
                std::string* output) {
    std::filesystem::create_directories(dir / "profile");
    return shell(fmt::format("timeout 60 '{}' --headless --no-sandbox --disable-gpu --disable-quic --no-first-run "
                             "--disable-background-networking --disable-component-update --disable-sync --user-data-dir='{}' {} "
                             "'file://{}' 2>/dev/null",
                             binary, (dir / "profile").string(), options, page.string()),
                 output);
}

TEST(HtmlInChromium, DomAndScreenshot) {
    const std::string binary = chromium();
    if (binary.empty()) GTEST_SKIP() << "chromium is not installed (Debian package chromium): the HTML report was not rendered";
    TempDir dir;
    RunResults run = sampleRun();
    std::erase_if(run.students, [](const StudentResults& s) { return s.name != "bob"; });
    writeFile(dir / "report.html", renderHtml(run));

    std::string dom;
    ASSERT_EQ(runChromium(binary, dir, "--dump-dom", dir / "report.html", &dom), 0) << dom;
    // The browser's own DOM: its parser added the <tbody> the page never wrote.
    EXPECT_NE(dom.find("<tbody>"), std::string::npos);
    EXPECT_NE(dom.find("id=\"overview\""), std::string::npos);
    EXPECT_NE(dom.find("id=\"score-distribution\""), std::string::npos);
    EXPECT_EQ(count(dom, "<section class=\"student\""), 1u);
    EXPECT_EQ(count(dom, "class=\"failure\""), 3u);
    EXPECT_EQ(count(dom, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board\""), 3u);
    EXPECT_EQ(count(dom, "class=\"actual-move\" x="), 3u);    // a1 on every board
    std::size_t placements = 0;  // an expected move that is a pass has no cell to ring (case2)
    for (const CaseInfo& c : run.cases) placements += c.expectedMove && c.expectedMove->name != "pass";
    EXPECT_EQ(placements, 2u);
    EXPECT_EQ(count(dom, "class=\"expected-move\" x="), placements);
    EXPECT_NE(dom.find("expected move: <strong>c4</strong>"), std::string::npos);
    EXPECT_NE(dom.find("expected move: <strong>pass</strong>"), std::string::npos);

    ASSERT_EQ(runChromium(binary, dir, "--window-size=1000,1400 --screenshot='" + (dir / "shot.png").string() + "'", dir / "report.html",
                          nullptr),
              0);
    ASSERT_TRUE(std::filesystem::exists(dir / "shot.png"));
    // Decode the PNG with Python's zlib and count the pixels of the two ring colours.
    writeFile(dir / "pixels.py", R"(import struct, sys, zlib
data = open(sys.argv[1], 'rb').read()
assert data[:8] == b'\x89PNG\r\n\x1a\n'
pos, idat, w = 8, b'', 0
while pos < len(data):
    n, kind = struct.unpack('>I4s', data[pos:pos + 8]); body = data[pos + 8:pos + 8 + n]; pos += 12 + n
    if kind == b'IHDR': w, h, depth, ctype = struct.unpack('>IIBB', body[:10]); assert depth == 8 and ctype in (2, 6)
    if kind == b'IDAT': idat += body
bpp = 4 if ctype == 6 else 3
raw, rows, prev, i = zlib.decompress(idat), [], bytearray(w * bpp), 0
for y in range(h):
    f, line = raw[i], bytearray(raw[i + 1:i + 1 + w * bpp]); i += 1 + w * bpp
    for x in range(len(line)):
        a = line[x - bpp] if x >= bpp else 0; b = prev[x]; c = prev[x - bpp] if x >= bpp else 0
        if f == 1: line[x] = (line[x] + a) & 255
        elif f == 2: line[x] = (line[x] + b) & 255
        elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    rows.append(line); prev = line
near = lambda px, rgb: all(abs(px[k] - rgb[k]) < 40 for k in range(3))
green = red = 0
for line in rows:
    for x in range(0, w * bpp, bpp):
        px = line[x:x + 3]
        green += near(px, (0x1a, 0x9c, 0x3a)); red += near(px, (0xd6, 0x20, 0x20))
print(w, h, green > 50, red > 50)
)");
    std::string pixels;
    ASSERT_EQ(shell(testing::python() + " '" + (dir / "pixels.py").string() + "' '" + (dir / "shot.png").string() + "'", &pixels), 0) << pixels;
    EXPECT_EQ(pixels, "1000 1400 True True\n");
}

}  // namespace
}  // namespace plyjudge::reports
