// tictactoe's catalogue of students' mistakes (listed by `plyjudge-sixth faults tictactoe`): one search fault of the
// core and one of its own rules, the smallest example of both kinds (CONTRIBUTING.md, "Add a fault").
#pragma once

#include "reference/core/fault_catalogue.hpp"

namespace plyjudge::tictactoe {

struct RuleFaults {
    bool wrongPerspective = false;  // the game scored for the opponent of the player to move
    bool operator==(const RuleFaults&) const = default;  // anyOn() (search_faults.hpp) compares with none on
};

const FaultCatalogue<RuleFaults>& faultCatalogue();
inline RuleFaults ruleFaultsOf(const Dialect& dialect) { return faultCatalogue().ruleFaultsOf(dialect); }

}  // namespace plyjudge::tictactoe
