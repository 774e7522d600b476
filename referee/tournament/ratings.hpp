// Results as cutechess-cli and fastchess print them, from the stored games: W-D-L, Elo with its 95 % error
// and LOS per player (against the field) and per pairing, and the crosstable. Games that share a stage, a
// pairing, an opening and a round with colours swapped form a pair; the pentanomial error is used when every
// game of a player (or pairing) is in a complete pair, the trinomial one otherwise (elo.hpp).
// A few games without their partner (the SPRT's last game, a game that could not start) do not switch the model:
// with at least two pairs and no more unpaired games than pairs, the estimate is over the pairs alone.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "referee/tournament/elo.hpp"
#include "referee/tournament/game_results_store.hpp"

namespace plyjudge::referee {

struct Record {
    Wdl wdl;
    Pentanomial pairs{};
    int unpaired = 0;  // games without their colour-swapped partner
    EloEstimate estimate() const;  // pentanomial over the pairs when they are most of the games, else trinomial
};

struct PairingResult {
    std::string a, b;  // in the order given (the standings' order); the record is a's
    Record record;
};

struct Ratings {
    std::vector<std::string> names;          // as given (ranked)
    std::map<std::string, Record> players;   // against the field
    std::vector<PairingResult> pairings;     // every pair of names that met, in the names' order
    // crosstable[i][j]: names[i]'s record against names[j]
    std::vector<std::vector<Wdl>> crosstable;
};

Ratings computeRatings(const std::vector<StoredGame>& games, const std::vector<std::string>& names);

// "+123.4 +- 56.7"; "+338.0 [+120.4, +inf]" when an end of the interval is infinite; "+inf", "-inf" for a
// perfect score; "+12.0 +- ?" with no variance.
std::string eloText(const EloEstimate& e);
std::string wdlText(const Wdl& w);  // "3-1-0"

// The text views: the pairings (W-D-L, score, Elo, LOS, model) and the crosstable (row's W-D-L against column).
std::string pairingsTable(const Ratings& ratings);
std::string crosstableText(const Ratings& ratings);

}  // namespace plyjudge::referee
