#include "reference/test/sixth_variant/tictactoe/faults.hpp"

namespace plyjudge::tictactoe {

const FaultCatalogue<RuleFaults>& faultCatalogue() {
    static const FaultCatalogue<RuleFaults> catalogue{
        searchFault(search_fault::depthMinusOne, "the search goes to the end of the game"),
        ruleFault(&RuleFaults::wrongPerspective, kWrongPerspective, "scores it for the root player: win 1, draw 0, loss -1"),
    };
    return catalogue;
}

}  // namespace plyjudge::tictactoe
