// The tournament's HTML page (tournament_html.hpp): standings, crosstable and replay links, with what players'
// programs wrote escaped.
#include <gtest/gtest.h>

#include "reports/tournament_html.hpp"

namespace plyjudge::reports {
namespace {

using namespace referee;

TEST(TournamentHtml, StandingsCrosstableReplayLinksAndEscaping) {
    TournamentConfig config;
    config.players = {{"ref", {"x"}, {}, {}, {}}, {"bob", {"x"}, {}, {}, {}}};
    StoredGame won;
    won.key = "k1";
    won.stage = "round robin";
    won.x = "ref";
    won.o = "bob";
    won.winner = "ref";
    won.endLine = "END: ref WINS!  bob LOSES!  invalid move";
    won.detail = "wrote `<script>alert(1)</script>`";
    won.dir = "/out/games/round-robin-ref-v-bob-o1-r1";
    won.opening = "H8 I9";
    StoredGame lost = won;
    lost.key = "k2";
    lost.x = "bob";
    lost.o = "ref";
    lost.detail = "";
    lost.dir = "/out/games/round-robin-bob-v-ref-o1-r1";
    TournamentOutcome outcome;
    outcome.games = {won, lost};
    outcome.standings = computeStandings(outcome.games, {"ref", "bob"}, config);
    outcome.ratings = computeRatings(outcome.games, {"ref", "bob"});
    const std::string html = renderTournamentHtml(config, outcome);
    EXPECT_NE(html.find("<a href=\"games/round-robin-ref-v-bob-o1-r1/replay.html\">"), std::string::npos) << html;
    EXPECT_NE(html.find("<a href=\"games/round-robin-bob-v-ref-o1-r1/replay.html\">"), std::string::npos) << html;
    EXPECT_NE(html.find("Crosstable"), std::string::npos);
    EXPECT_NE(html.find("<td class=\"num\">2-0-0</td>"), std::string::npos) << html;  // ref's row against bob
    EXPECT_NE(html.find("<td class=\"num\">0-0-2</td>"), std::string::npos) << html;
    EXPECT_NE(html.find("&lt;script&gt;"), std::string::npos) << html;
    EXPECT_EQ(html.find("<script>"), std::string::npos) << html;
    EXPECT_NE(html.find("+inf"), std::string::npos) << html;  // ref's perfect score
}

}  // namespace
}  // namespace plyjudge::reports
