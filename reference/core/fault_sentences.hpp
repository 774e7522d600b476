// The sentences for the student of the generic search faults (search_faults.hpp), shared by the variants'
// catalogues (reference/<variant>/faults.cpp), which add the rule each breaks in their own spec's words.
#pragma once

#include <string_view>

namespace plyjudge::fault_sentence {

inline constexpr std::string_view kStrictPruning =
    "Your program prunes only when v > beta (or v < alpha): ties must prune too (v >= beta at MAX, v <= alpha at MIN).";
inline constexpr std::string_view kReversedTieBreak =
    "Your program lets an equal value replace the best one, so the last of equal moves wins; the first in expansion order must.";
inline constexpr std::string_view kFailHardInit =
    "Your program starts each node's value at alpha (MAX) or beta (MIN) instead of -Infinity / Infinity, and the log shows it.";
inline constexpr std::string_view kBoundsUpdatedBeforeCutTest =
    "Your program raises alpha (lowers beta) before the cut-off test, so a cut line shows the updated bound; it must show the bounds before this child.";
inline constexpr std::string_view kBoundsLoggedBeforeUpdate =
    "Your program writes a node's line after a child before updating alpha or beta: a line without a cut must show the updated bounds.";
inline constexpr std::string_view kBoundsNotPassedDown =
    "Your program passes every child the alpha and beta the node received, not the bounds updated by the earlier children.";
inline constexpr std::string_view kNoLineAtCutoff =
    "Your program returns from a node that cuts off without writing its line; the node's value must be written, then it returns.";
inline constexpr std::string_view kRootAsMin =
    "Your program treats the root as a MIN node (MIN and MAX swapped at every depth); the root is MAX.";
inline constexpr std::string_view kWrongPerspective =
    "Your program evaluates positions from the opponent's side instead of the root player's.";
inline constexpr std::string_view kLeafSideToMove =
    "Your program scores a leaf for the side to move there (negated at odd depths) instead of always for the root player.";
inline constexpr std::string_view kDepthPlusOne = "Your program searches one ply deeper than the cut-off depth.";
inline constexpr std::string_view kDepthMinusOne = "Your program stops one ply short of the cut-off depth.";
inline constexpr std::string_view kGreedyFromZero =
    "Your greedy search starts its best value at 0 instead of -Infinity, so when every move scores below 0 it keeps the first move.";
inline constexpr std::string_view kPassExpandedAtCutoff =
    "Your program expands a node at the cut-off depth whose side must pass, adding a pass child below the cut-off; it is a leaf.";
inline constexpr std::string_view kEndsAfterOnePass =
    "Your program ends the game as soon as the side to move cannot move; it must pass, and only two passes in a row end the game.";
inline constexpr std::string_view kNoPassNodesAtEnd =
    "Your program makes a position where neither side can move a leaf at once, without the two pass nodes that end the game.";
inline constexpr std::string_view kPassCapitalised = "Your program writes the pass as `Pass`; it must be `pass`.";
inline constexpr std::string_view kCountGenerated =
    "Your program counts nodes when it generates them, so pruned children count too; count a node when it is visited.";

}  // namespace plyjudge::fault_sentence
