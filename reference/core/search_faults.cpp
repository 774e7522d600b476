#include "reference/core/search_faults.hpp"

namespace plyjudge {

const std::vector<SearchFaultName>& searchFaultNames() {
    static const std::vector<SearchFaultName> names = {
        {"strict-pruning", [](SearchFaults& f) { f.strictPruning = true; }},
        {"reversed-tie-break", [](SearchFaults& f) { f.reversedTieBreak = true; }},
        {"fail-hard-init", [](SearchFaults& f) { f.failHardInit = true; }},
        {"bounds-updated-before-cut-test", [](SearchFaults& f) { f.boundsUpdatedBeforeCutTest = true; }},
        {"bounds-logged-before-update", [](SearchFaults& f) { f.boundsLoggedBeforeUpdate = true; }},
        {"bounds-not-passed-down", [](SearchFaults& f) { f.boundsNotPassedDown = true; }},
        {"no-line-at-cutoff", [](SearchFaults& f) { f.noLineAtCutoff = true; }},
        {"root-as-min", [](SearchFaults& f) { f.rootAsMin = true; }},
        {"leaf-side-to-move", [](SearchFaults& f) { f.leafSideToMove = true; }},
        {"depth-plus-one", [](SearchFaults& f) { f.depthOffset = 1; }},
        {"depth-minus-one", [](SearchFaults& f) { f.depthOffset = -1; }},
        {"terminal-not-leaf", [](SearchFaults& f) { f.terminalNotLeaf = true; }},
        {"greedy-from-zero", [](SearchFaults& f) { f.greedyFromZero = true; }},
        {"pass-expanded-at-cutoff", [](SearchFaults& f) { f.passExpandedAtCutoff = true; }},
        {"game-ends-after-one-pass", [](SearchFaults& f) { f.endsAfterOnePass = true; }},
        {"no-pass-nodes-at-end", [](SearchFaults& f) { f.noPassNodesAtEnd = true; }},
        {"pass-node-missing", [](SearchFaults& f) { f.passNodeMissing = true; }},
        {"pass-capitalised", [](SearchFaults& f) { f.passCapitalised = true; }},
        {"nodes-counted-when-generated", [](SearchFaults& f) { f.countGenerated = true; }},
    };
    return names;
}

}  // namespace plyjudge
