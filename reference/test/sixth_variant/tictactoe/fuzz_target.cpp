// tictactoe for the case generator and the fuzzer: positions from play (generator.hpp), coverage read
// from the reference's search.
#include <string>

#include "reference/core/search_probe.hpp"
#include "reference/fuzz_target.hpp"
#include "reference/test/sixth_variant/tictactoe/generator.hpp"

namespace plyjudge::tictactoe {

extern const Variant variant;  // variant.cpp

namespace {

using fuzz::CaseSize;
using fuzz::Purpose;

constexpr std::string_view kMinimax = "minimax";
constexpr std::string_view kAlphaBeta = "alpha-beta";
constexpr std::string_view kCutoff = "alpha-beta cut-off";
constexpr std::string_view kWinInside = "a win inside the tree";
constexpr std::string_view kTie = "tie between root moves";
constexpr std::string_view kPlayerO = "O to move";

Problem parse(const std::string& input) { return parseProblem(InputText(input, "generated")); }

rc::Gen<std::string> inputs(Purpose) {
    return rc::gen::map(problems(), [](const Problem& p) { return formatProblem(p); });
}

std::vector<std::string_view> coverage(const std::string& input) {
    const Problem p = parse(input);
    const Game game(p.root.toMove);
    bool win = false;
    auto onPlay = [&](const State& s, int move) {
        State next = s;
        game.play(next, move);
        win |= winner(next) != 0;
    };
    const ProbeResult r = probeSearch(game, p.root, emptyCells(p.root), onPlay);
    std::vector<std::string_view> hit{p.algorithm == Algorithm::Minimax ? kMinimax : kAlphaBeta};
    if (p.algorithm == Algorithm::AlphaBeta && !r.cutoffDepths.empty()) hit.push_back(kCutoff);
    if (win) hit.push_back(kWinInside);
    if (r.rootTie) hit.push_back(kTie);
    if (p.root.toMove == 'O') hit.push_back(kPlayerO);
    return hit;
}

CaseSize sizeOf(const std::string& input) {
    const Problem p = parse(input);
    return {kCells - emptyCells(p.root), emptyCells(p.root)};
}

}  // namespace

// Reached through the variant record (variant.cpp).
extern const fuzz::FuzzTarget fuzzTarget{
    .variant = &variant,
    .targets = {kMinimax, kAlphaBeta, kCutoff, kWinInside, kTie, kPlayerO},
    .inputs = inputs,
    .coverage = coverage,
    .sizeOf = sizeOf,
};

}  // namespace plyjudge::tictactoe
