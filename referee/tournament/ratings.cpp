#include "referee/tournament/ratings.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace plyjudge::referee {

EloEstimate Record::estimate() const {
    int pairCount = 0;
    for (int c : pairs) pairCount += c;
    if (pairCount >= 2 && unpaired <= pairCount) return estimateFromPairs(pairs);
    return estimateFromGames(wdl);
}

namespace {
// Half points of `who` in game g: 2 win, 1 draw, 0 loss.
int halfPoints(const StoredGame& g, const std::string& who) { return g.winner.empty() ? 1 : g.winner == who ? 2 : 0; }

void addGame(Record& r, int half) {
    if (half == 2) ++r.wdl.wins;
    else if (half == 1) ++r.wdl.draws;
    else ++r.wdl.losses;
}

// The colour-swapped partners: the same stage, players, opening and round.
std::string pairKey(const StoredGame& g) {
    const bool xFirst = g.x < g.o;
    return fmt::format("{}|{}|{}|{}|{}", g.stage, xFirst ? g.x : g.o, xFirst ? g.o : g.x, g.opening, g.round);
}
}  // namespace

Ratings computeRatings(const std::vector<StoredGame>& games, const std::vector<std::string>& names) {
    Ratings r;
    r.names = names;
    std::map<std::string, std::size_t> index;
    for (std::size_t i = 0; i < names.size(); ++i) index[names[i]] = i;
    const std::size_t n = names.size();
    r.crosstable.assign(n, std::vector<Wdl>(n));
    std::vector<std::vector<Record>> records(n, std::vector<Record>(n));
    std::map<std::string, std::vector<const StoredGame*>> byPair;
    for (const StoredGame& g : games) {
        if (!index.count(g.x) || !index.count(g.o) || g.x == g.o) continue;
        byPair[pairKey(g)].push_back(&g);
    }
    for (const auto& [key, list] : byPair) {
        const std::size_t a = index[list[0]->x], b = index[list[0]->o];
        const bool complete = list.size() == 2 && list[0]->x == list[1]->o;
        int halfA = 0;
        for (const StoredGame* g : list) {
            addGame(records[a][b], halfPoints(*g, names[a]));
            addGame(records[b][a], halfPoints(*g, names[b]));
            halfA += halfPoints(*g, names[a]);
        }
        if (complete) {
            ++records[a][b].pairs[halfA];
            ++records[b][a].pairs[4 - halfA];
        } else {
            records[a][b].unpaired += static_cast<int>(list.size());
            records[b][a].unpaired += static_cast<int>(list.size());
        }
    }
    for (std::size_t i = 0; i < n; ++i) {
        Record total;
        for (std::size_t j = 0; j < n; ++j) {
            const Record& rec = records[i][j];
            r.crosstable[i][j] = rec.wdl;
            total.wdl.wins += rec.wdl.wins;
            total.wdl.draws += rec.wdl.draws;
            total.wdl.losses += rec.wdl.losses;
            total.unpaired += rec.unpaired;
            for (int k = 0; k < 5; ++k) total.pairs[k] += rec.pairs[k];
            if (j > i && rec.wdl.games() > 0) r.pairings.push_back({names[i], names[j], rec});
        }
        r.players[names[i]] = total;
    }
    return r;
}

std::string eloText(const EloEstimate& e) {
    const auto number = [](double v) {
        if (std::isinf(v)) return std::string(v > 0 ? "+inf" : "-inf");
        return std::abs(v) < 0.05 ? std::string("+0.0") : fmt::format("{:+.1f}", v);  // never "-0.0"
    };
    if (std::isinf(e.elo)) return number(e.elo);
    if (e.error) return fmt::format("{} +- {:.1f}", number(e.elo), *e.error);
    if (e.low != e.high) return fmt::format("{} [{}, {}]", number(e.elo), number(e.low), number(e.high));
    return number(e.elo) + " +- ?";
}

std::string wdlText(const Wdl& w) { return fmt::format("{}-{}-{}", w.wins, w.draws, w.losses); }

std::string pairingsTable(const Ratings& ratings) {
    std::size_t width = 7;
    for (const PairingResult& p : ratings.pairings) width = std::max(width, p.a.size() + p.b.size() + 3);
    std::string out = fmt::format("{:<{}}  {:>9} {:>6}  {:<24} {:>6}  error model\n", "pairing", width, "W-D-L", "score", "Elo (95 %)", "LOS");
    for (const PairingResult& p : ratings.pairings) {
        const EloEstimate e = p.record.estimate();
        int pairs = 0;
        for (int c : p.record.pairs) pairs += c;
        out += fmt::format("{:<{}}  {:>9} {:>5.1f}%  {:<24} {:>5.1f}%  {}\n", p.a + " v " + p.b, width, wdlText(p.record.wdl),
                           100 * p.record.wdl.score(), eloText(e), 100 * e.los,
                           e.pentanomial ? fmt::format("pentanomial, {} pairs{}", pairs,
                                                       p.record.unpaired ? fmt::format(" ({} unpaired game(s) left out)", p.record.unpaired) : "")
                                         : fmt::format("trinomial, {} games", p.record.wdl.games()));
    }
    return out;
}

std::string crosstableText(const Ratings& ratings) {
    std::size_t width = 6;
    for (const std::string& n : ratings.names) width = std::max(width, n.size());
    std::string out = fmt::format("{:<{}}", "", width);
    for (const std::string& n : ratings.names) out += fmt::format("  {:>{}}", n, std::max<std::size_t>(n.size(), 7));
    out += "\n";
    for (std::size_t i = 0; i < ratings.names.size(); ++i) {
        out += fmt::format("{:<{}}", ratings.names[i], width);
        for (std::size_t j = 0; j < ratings.names.size(); ++j) {
            const Wdl& w = ratings.crosstable[i][j];
            const std::string cell = i == j ? "-" : w.games() == 0 ? "" : wdlText(w);
            out += fmt::format("  {:>{}}", cell, std::max<std::size_t>(ratings.names[j].size(), 7));
        }
        out += "\n";
    }
    return out;
}

}  // namespace plyjudge::referee
