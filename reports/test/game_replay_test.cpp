// The replay page of a game record (reports/game_replay_html.hpp): everything from the record escaped, and, in
// headless Chromium, the position of `#move=N` shown after the page's own script has run.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include "referee/game_record.hpp"
#include "referee/game_record_reader.hpp"
#include "reports/game_replay_html.hpp"
#include "reports/test/chromium_support.hpp"
#include "testsupport/temp_dir.hpp"

namespace plyjudge::reports {
namespace {

using namespace plyjudge::testing;

using testing::count;

// x's five on column H after an opening stone at A1 (placed, not played), o answering on column A: 10 moves.
referee::RecordedGame sampleGame(const std::string& event = "spring cup") {
    referee::GameOptions o;
    o.players[0].name = "x";
    o.players[1].name = "o";
    o.event = event;
    o.round = "round robin 1";
    o.openingMoves = {*gomoku4341::parsePoint("A", "1")};
    referee::GameResult r;
    r.judgeFault.reset();
    r.reason = referee::EndReason::FiveInARow;
    r.winner = 0;
    r.endLine = "END: x WINS!  o LOSES!  5 in a row!";
    for (int i = 0; i < 9; ++i) {
        const bool x = i % 2 == 0;
        const auto point = gomoku4341::parsePoint(x ? "H" : "A", std::to_string(x ? 8 + i / 2 : 2 + i / 2));
        r.moves.push_back({x ? 0 : 1, *point, false, 0.25});
    }
    return referee::parseGameRecord(referee::gameRecordText(o, r));
}

TEST(GameRecord, ReadsBackWhatTheRefereeWrote) {
    const referee::RecordedGame g = sampleGame();
    ASSERT_EQ(g.moves.size(), 10u);
    EXPECT_TRUE(g.moves[0].opening);
    EXPECT_FALSE(g.moves[0].seconds);
    EXPECT_FALSE(g.moves[1].opening);
    EXPECT_EQ(g.header("event"), "spring cup");
    EXPECT_EQ(g.reason, "5 in a row");
    EXPECT_EQ(g.winner, "x");
    EXPECT_THROW(referee::parseGameRecord("gomoku4341 game\nX (first): x\nO (second): o\nmoves (\n1 x Z 9 0.1\n"), std::invalid_argument);
}

TEST(GameReplayPage, EscapesEverythingFromTheRecord) {
    referee::RecordedGame g = sampleGame("<script>alert(1)</script>");
    g.players[1] = "<img/src=x/onerror=alert(2)>";
    const std::string page = renderGameReplayHtml(g);
    EXPECT_EQ(page.find("<script>alert"), std::string::npos);
    EXPECT_EQ(page.find("<img/src"), std::string::npos);
    EXPECT_NE(page.find("&lt;script&gt;alert(1)&lt;/script&gt;"), std::string::npos);
    EXPECT_EQ(count(page, "<script>"), 1u);  // the page's own
    // Nothing fetched: the only address is the SVG namespace's, and the page forbids every other source.
    EXPECT_EQ(count(page, "http://"), 1u);
    EXPECT_NE(page.find("default-src 'none'"), std::string::npos);
}

TEST(GameReplayPage, ChromiumShowsThePositionTheAddressNames) {
    const std::string binary = testing::chromium();
    if (binary.empty()) GTEST_SKIP() << "chromium is not installed (Debian package chromium): the replay page was not rendered";
    TempDir dir;
    writeFile(dir / "replay.html", renderGameReplayHtml(sampleGame()));
    for (const int move : {7, 0, 10}) {
        std::string dom;
        const std::filesystem::path page = fmt::format("{}#move={}", (dir / "replay.html").string(), move);  // file:// is added
        ASSERT_EQ(testing::runChromium(binary, dir, "--dump-dom", page, &dom),
                  0)
            << dom;
        EXPECT_EQ(count(dom, "class=\"stone shown"), static_cast<std::size_t>(move)) << "#move=" << move;
        EXPECT_EQ(count(dom, "class=\"stone hidden"), static_cast<std::size_t>(10 - move)) << "#move=" << move;
        EXPECT_NE(dom.find(fmt::format("move {} of 10", move)), std::string::npos) << dom.substr(0, 2000);
        if (move > 0) EXPECT_EQ(count(dom, "class=\"stone shown last"), 1u);  // the last stone played is marked
    }
}

}  // namespace
}  // namespace plyjudge::reports
