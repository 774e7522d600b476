#include "reports/tournament_html.hpp"

#include <fmt/format.h>

#include <filesystem>

#include "reports/board_svg.hpp"
#include "referee/tournament/tournament_formats.hpp"

namespace plyjudge::reports {

using namespace referee;

namespace {

constexpr const char* kStyle =
    "body{font-family:sans-serif;margin:2em;max-width:90em}table{border-collapse:collapse;margin-bottom:1.5em}"
    "td,th{border:1px solid #ccc;padding:.2em .5em}td.num{text-align:right}td.self{background:#eee}";

std::string e(std::string_view s) { return escapeXml(s); }

std::string standingsSection(const TournamentOutcome& o) {
    std::string h = "<h2>Standings</h2>\n<table><tr><th>rank</th><th>player</th><th>played</th><th>W-D-L</th><th>points</th>"
                    "<th>Elo (95 %)</th><th>LOS</th><th>error model</th></tr>\n";
    for (std::size_t i = 0; i < o.standings.size(); ++i) {
        const Standing& s = o.standings[i];
        h += fmt::format("<tr><td class=\"num\">{}</td><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}-{}-{}</td>"
                         "<td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{:.1f}%</td><td>{}</td></tr>\n",
                         i + 1, e(s.name), s.played, s.wins, s.draws, s.losses, s.points, e(eloText(s.elo)), 100 * s.elo.los,
                         s.elo.pentanomial ? "pentanomial" : "trinomial");
    }
    return h + "</table>\n";
}

std::string pairingsSection(const Ratings& r) {
    std::string h = "<h2>Pairings</h2>\n<table><tr><th>pairing</th><th>W-D-L (first)</th><th>score</th><th>Elo (95 %)</th>"
                    "<th>LOS</th><th>error model</th></tr>\n";
    for (const PairingResult& p : r.pairings) {
        const EloEstimate est = p.record.estimate();
        h += fmt::format("<tr><td>{} v {}</td><td class=\"num\">{}</td><td class=\"num\">{:.1f}%</td><td class=\"num\">{}</td>"
                         "<td class=\"num\">{:.1f}%</td><td>{}</td></tr>\n",
                         e(p.a), e(p.b), wdlText(p.record.wdl), 100 * p.record.wdl.score(), e(eloText(est)), 100 * est.los,
                         est.pentanomial ? "pentanomial" : "trinomial");
    }
    return h + "</table>\n";
}

std::string crosstableSection(const Ratings& r) {
    std::string h = "<h2>Crosstable</h2>\n<p>Each cell: the row player's wins-draws-losses against the column player.</p>\n<table><tr><th></th>";
    for (const std::string& n : r.names) h += "<th>" + e(n) + "</th>";
    h += "</tr>\n";
    for (std::size_t i = 0; i < r.names.size(); ++i) {
        h += "<tr><th>" + e(r.names[i]) + "</th>";
        for (std::size_t j = 0; j < r.names.size(); ++j) {
            const Wdl& w = r.crosstable[i][j];
            if (i == j) h += "<td class=\"self\"></td>";
            else h += fmt::format("<td class=\"num\">{}</td>", w.games() == 0 ? "" : wdlText(w));
        }
        h += "</tr>\n";
    }
    return h + "</table>\n";
}

std::string sprtSection(const SprtResult& s) {
    return fmt::format("<h2>SPRT</h2>\n<p>{} v {}: H0 elo = {}, H1 elo = {} (logistic), alpha {}, beta {}: <strong>{}</strong>; LLR {:.2f} "
                       "in [{:.2f}, {:.2f}] after {} game(s) (W-D-L {}).</p>\n",
                       e(s.tested), e(s.baseline), s.settings.elo0, s.settings.elo1, s.settings.alpha, s.settings.beta,
                       e(sprtDecisionName(s.decision)), s.llr, sprtLowerBound(s.settings), sprtUpperBound(s.settings), s.games.games(),
                       wdlText(s.games));
}

// Each game's replay page sits in its folder under OUTPUT/games; the link is relative to OUTPUT (this page's folder).
std::string gamesSection(const std::vector<StoredGame>& games) {
    std::string h = "<h2>Games</h2>\n<table><tr><th>stage</th><th>round</th><th>opening</th><th>X</th><th>O</th><th>result</th>"
                    "<th>moves</th><th>why</th><th>replay</th></tr>\n";
    for (const StoredGame& g : games) {
        const std::string folder = std::filesystem::path(g.dir).filename().string();
        h += fmt::format("<tr><td>{}</td><td class=\"num\">{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td class=\"num\">{}</td>"
                         "<td>{}</td><td><a href=\"games/{}/replay.html\">replay</a></td></tr>\n",
                         e(g.stage), g.round, e(g.opening), e(g.x), e(g.o), e(g.endLine), g.moves, e(g.detail), e(folder));
    }
    return h + "</table>\n";
}

}  // namespace

std::string renderTournamentHtml(const TournamentConfig& config, const TournamentOutcome& outcome) {
    std::string h = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>gomoku4341 tournament</title><style>";
    h += kStyle;
    h += fmt::format("</style></head><body>\n<h1>gomoku4341 tournament ({})</h1>\n", e(formatEntry(config.format).name));
    if (!config.openings.empty()) h += fmt::format("<p>Openings: {} ({} positions).</p>\n", e(config.openingsSource), config.openings.size());
    if (outcome.sprt) h += sprtSection(*outcome.sprt);
    h += standingsSection(outcome);
    if (!outcome.placements.empty()) {
        h += "<h2>Placements</h2>\n<ol>";
        for (const std::string& p : outcome.placements) h += "<li>" + e(p) + "</li>";
        h += "</ol>\n";
    }
    h += pairingsSection(outcome.ratings) + crosstableSection(outcome.ratings) + gamesSection(outcome.games);
    return h + "</body></html>\n";
}

}  // namespace plyjudge::reports
