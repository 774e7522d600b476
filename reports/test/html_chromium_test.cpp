// The HTML report: self-contained, boards drawn for every variant, and rendered by headless Chromium (the
// DOM it builds, and a screenshot decoded here whose pixels show the green expected-move and red
// actual-move rings).
// The Chromium tests skip with a message when Debian's chromium is not installed.
#include <gtest/gtest.h>

#include <fmt/format.h>
#include <zlib.h>

#include <cstdlib>

#include "reports/test/chromium_support.hpp"
#include "reports/test/report_test_support.hpp"
#include "reports/case_position.hpp"
#include "reports/report_formats.hpp"
#include "reports/similarity_report.hpp"
#include "testsupport/golden.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::reports {
namespace {

using namespace plyjudge::testing;
using testing::sampleRun;
using testing::chromium;
using testing::count;
using testing::runChromium;
using testing::shell;

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
    // One inline script (sorting, filters), which loads nothing and never parses text as HTML.
    EXPECT_EQ(count(html, "<script"), 1u);
    EXPECT_NE(html.find("<script>"), std::string::npos);
    for (const char* network : {"fetch(", "XMLHttpRequest", "import(", "innerHTML", "WebSocket", "sendBeacon"}) {
        EXPECT_EQ(html.find(network), std::string::npos) << network;
    }
    EXPECT_EQ(html.find("<link"), std::string::npos);
    EXPECT_EQ(html.find(" src="), std::string::npos);
    EXPECT_EQ(html.find("url("), std::string::npos);
    // The only URL is the SVG namespace name, which is never fetched.
    EXPECT_EQ(count(html, "http"), count(html, "xmlns=\"http://www.w3.org/2000/svg\""));
    EXPECT_EQ(count(html, "<section class=\"student\""), 3u);
    EXPECT_NE(html.find("&lt;while the traverse log matches&gt;"), std::string::npos);  // student text escaped
}

// The score table: a row per student (name escaped in its sort key too), the points, a flag on the two students whose
// programs wrote the same wrong output, linked to the section that lists the pair.
TEST(Html, TheScoreTableFlagsIdenticalWrongOutputs) {
    RunResults run = sampleRun();
    CaseResult& bob = run.students[2].outcomes[0];
    CaseResult& other = run.students[0].outcomes[0];  // "=cmd,\"x\"", sorted first
    ASSERT_EQ(run.students[0].name, "=cmd,\"x\"");
    other = bob;
    bob.outputDigest = other.outputDigest = "the same wrong output";
    const std::string html = renderHtml(run);
    EXPECT_NE(html.find("<tr data-student=\"0\"><td data-sort=\"=cmd,&quot;x&quot;\"><a href=\"#student-1\">=cmd,&quot;x&quot;</a></td>"),
              std::string::npos)
        << html;
    EXPECT_NE(html.find("<a class=\"flag\" href=\"#similarity\">same wrong output as bob</a>"), std::string::npos);
    EXPECT_NE(html.find("<a class=\"flag\" href=\"#similarity\">same wrong output as =cmd,&quot;x&quot;</a>"), std::string::npos);
    EXPECT_EQ(count(html, "class=\"flag\""), 2u);  // alice shares nothing
    EXPECT_NE(html.find("<section id=\"similarity\">"), std::string::npos);
}

// A decoded 8-bit RGB or RGBA PNG (what Chromium's screenshots are), enough to count pixels of a colour.
struct Png {
    std::uint32_t width = 0, height = 0, channels = 0;
    std::vector<std::uint8_t> pixels;  // rows of width * channels bytes

    std::size_t countNear(int r, int g, int b) const {
        std::size_t n = 0;
        for (std::size_t i = 0; i + 2 < pixels.size(); i += channels) {
            n += std::abs(pixels[i] - r) < 40 && std::abs(pixels[i + 1] - g) < 40 && std::abs(pixels[i + 2] - b) < 40;
        }
        return n;
    }
};

Png decodePng(const std::string& data) {
    Png png;
    auto u32 = [&](std::size_t at) {
        return std::uint32_t(std::uint8_t(data[at])) << 24 | std::uint32_t(std::uint8_t(data[at + 1])) << 16 |
               std::uint32_t(std::uint8_t(data[at + 2])) << 8 | std::uint32_t(std::uint8_t(data[at + 3]));
    };
    if (data.compare(0, 8, "\x89PNG\r\n\x1a\n") != 0) {
        ADD_FAILURE() << "not a PNG";
        return png;
    }
    std::string idat;
    for (std::size_t pos = 8; pos + 12 <= data.size();) {
        const std::uint32_t n = u32(pos);
        const std::string kind = data.substr(pos + 4, 4);
        if (kind == "IHDR") {
            png.width = u32(pos + 8);
            png.height = u32(pos + 12);
            EXPECT_EQ(data[pos + 16], 8) << "bit depth";
            png.channels = data[pos + 17] == 6 ? 4 : 3;
        } else if (kind == "IDAT") {
            idat += data.substr(pos + 8, n);
        }
        pos += 12 + n;
    }
    const std::size_t stride = std::size_t(png.width) * png.channels;
    std::vector<std::uint8_t> raw((stride + 1) * png.height);
    uLongf size = static_cast<uLongf>(raw.size());
    if (uncompress(raw.data(), &size, reinterpret_cast<const Bytef*>(idat.data()), static_cast<uLong>(idat.size())) != Z_OK) {
        ADD_FAILURE() << "bad PNG data";
        return png;
    }
    png.pixels.assign(stride * png.height, 0);
    const int bpp = static_cast<int>(png.channels);
    for (std::size_t y = 0; y < png.height; ++y) {
        const std::uint8_t filter = raw[y * (stride + 1)];
        const std::uint8_t* in = &raw[y * (stride + 1) + 1];
        std::uint8_t* out = &png.pixels[y * stride];
        const std::uint8_t* prev = y > 0 ? &png.pixels[(y - 1) * stride] : nullptr;
        for (std::size_t x = 0; x < stride; ++x) {
            const int a = x >= std::size_t(bpp) ? out[x - bpp] : 0, b = prev ? prev[x] : 0,
                      c = prev && x >= std::size_t(bpp) ? prev[x - bpp] : 0;
            int predicted = 0;
            if (filter == 1) predicted = a;
            else if (filter == 2) predicted = b;
            else if (filter == 3) predicted = (a + b) / 2;
            else if (filter == 4) {
                const int p = a + b - c, pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
                predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
            }
            out[x] = static_cast<std::uint8_t>(in[x] + predicted);
        }
    }
    return png;
}

// One student's page (what `--student` writes): no class figures, the failures open, grouped by explanation.
TEST(HtmlInChromium, DomAndScreenshot) {
    const std::string binary = chromium();
    if (binary.empty()) GTEST_SKIP() << "chromium is not installed (Debian package chromium): the HTML report was not rendered";
    TempDir dir;
    RunResults run = sampleRun();
    std::erase_if(run.students, [](const StudentResults& s) { return s.name != "bob"; });
    writeFile(dir / "report.html", renderHtml(run));

    // One Chromium run both prints the DOM and takes the screenshot (each start costs seconds here).
    std::string dom;
    ASSERT_EQ(runChromium(binary, dir, "--dump-dom --window-size=1000,1400 --screenshot='" + (dir / "shot.png").string() + "'",
                          dir / "report.html", &dom),
              0)
        << dom;
    // The browser's own DOM: its parser added the <tbody> the page never wrote.
    EXPECT_NE(dom.find("<tbody>"), std::string::npos);
    // A student's page: none of the class's figures, no "student(s)".
    EXPECT_EQ(dom.find("id=\"overview\""), std::string::npos);
    EXPECT_EQ(dom.find("id=\"score-distribution\""), std::string::npos);
    EXPECT_EQ(dom.find("id=\"score-table\""), std::string::npos);
    EXPECT_EQ(dom.find("student(s)"), std::string::npos);
    EXPECT_EQ(dom.find("every student"), std::string::npos);
    EXPECT_EQ(count(dom, "<section class=\"student\""), 1u);
    // bob's three wrong answers have the same explanation (the same first difference): one group, open, one example
    // drawn with both moves ringed, the other two cases named.
    EXPECT_EQ(count(dom, "<details class=\"failure-group\""), 1u);
    EXPECT_NE(dom.find("<span class=\"count\">3 cases</span>: the same explanation"), std::string::npos);
    EXPECT_EQ(count(dom, "class=\"failure\""), 1u);
    EXPECT_NE(dom.find("The other 2 cases: <span class=\"case-name\" title=\"wrong answer (category: tie-break)\">published/case2</span>"),
              std::string::npos);
    EXPECT_EQ(count(dom, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board\""), 1u);
    EXPECT_EQ(count(dom, "class=\"actual-move\" x="), 1u);    // a1
    EXPECT_EQ(count(dom, "class=\"expected-move\" x="), 1u);  // c4: case1 is the example
    EXPECT_NE(dom.find("expected move: <strong>c4</strong>"), std::string::npos);
    EXPECT_NE(dom.find("id=\"student-1-group-1\" data-verdicts=\"wrong-answer\" data-explanation=\"not explained\" open=\"\""), std::string::npos);

    ASSERT_TRUE(std::filesystem::exists(dir / "shot.png"));
    const Png shot = decodePng(readFile(dir / "shot.png"));
    EXPECT_EQ(shot.width, 1000u);
    EXPECT_EQ(shot.height, 1400u);
    // The rings' colours (board_svg.cpp): green #1a9c3a around c4, red #d62020 around a1.
    EXPECT_GT(shot.countNear(0x1a, 0x9c, 0x3a), 50u);
    EXPECT_GT(shot.countNear(0xd6, 0x20, 0x20), 50u);
}

// The similarity page's side-by-side code wraps: a long line of a student's source stays inside the window.
TEST(SimilarityInChromium, SideBySideCodeWrapsInsideTheWindow) {
    const std::string binary = chromium();
    if (binary.empty()) GTEST_SKIP() << "chromium is not installed (Debian package chromium): the similarity page was not rendered";
    grader::SimilarityReport report;
    report.title = "wrap";
    report.students = {"ann", "ben"};
    const std::string longLine = "x = [" + std::string(3000, '1') + "]  # " + std::string(40, 'y') + " " + std::string(400, 'z');
    for (const char* file : {"a.py", "b.py"}) {
        report.sources.push_back(grader::SubmissionSources{"python", "import sys\n" + longLine + "\nprint(x)\n", {{file, 0}}, ""});
    }
    grader::SimilarPair pair;
    pair.a = 0;
    pair.b = 1;
    pair.code = 0.9;
    pair.fragments = {grader::CodeFragment{0, 2, 0, 2}};
    report.pairs = {pair};
    RunResults run;
    run.students = {StudentResults{"ann", {}, {}}, StudentResults{"ben", {}, {}}};
    std::string page = renderSimilarityHtml(report, run, 10);
    ASSERT_NE(page.find(std::string(3000, '1')), std::string::npos);
    // The test's probe at the end of a copy: whether the page is wider than the window.
    page.replace(page.rfind("</body>"), 7, "<script>document.documentElement.setAttribute('data-overflow', String("
                                           "document.documentElement.scrollWidth > window.innerWidth));</script></body>");
    TempDir dir;
    writeFile(dir / "similarity.html", page);
    std::string dom;
    ASSERT_EQ(runChromium(binary, dir, "--dump-dom --window-size=1000,1000", dir / "similarity.html", &dom), 0) << dom;
    EXPECT_NE(dom.find("data-overflow=\"false\""), std::string::npos) << "the side-by-side code runs off the right edge";
}

}  // namespace
}  // namespace plyjudge::reports
