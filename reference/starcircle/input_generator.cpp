// starcircle input generator (plyjudge gen, plyjudge fuzz): legal boards (generator.hpp), coverage
// read from the reference's search.
#include <algorithm>
#include <array>
#include <cstdlib>
#include <string>

#include "reference/core/search_probe.hpp"
#include "reference/input_generator.hpp"
#include "reference/starcircle/generator.hpp"

namespace plyjudge::starcircle {

extern const Variant variant;  // variant.cpp

namespace {

// The coverage targets, in report order.
enum Target { kJump, kStacking, kRootStack, kPassTarget, kDoublePass, kEliminated, kMinimax, kAlphaBeta, kCutoff, kTie,
              kCircle, kTargetCount };
constexpr std::array<std::string_view, kTargetCount> kTargetNames = {
    "jump", "stacking on the last row", "stack on the board", "pass", "double pass", "one side eliminated", "minimax",
    "alpha-beta", "alpha-beta cut-off", "tie between root moves", "Circle to move"};

Problem parse(const std::string& input) { return parseProblem(InputText(input, "generated")); }

rc::Gen<std::string> inputs(InputPurpose purpose) {
    // The output is four lines whatever the depth; the depth only bounds the reference's time. Suites mix
    // in endgames of a few pieces, where passes, double passes and eliminations happen inside the tree.
    const auto text = [](const Problem& p) { return formatProblem(p); };
    if (purpose == InputPurpose::Fuzz) return rc::gen::map(problems(5), text);
    return rc::gen::oneOf(rc::gen::map(problems(6), text), rc::gen::map(problems(6, 2), text));
}

std::vector<std::string_view> coverage(const std::string& input) {
    const Problem p = parse(input);
    const Game game(p.player, p.rowValues);
    CoverageHits hits(kTargetNames);
    auto onPlay = [&](const State& s, Move m) {
        if (m == starcircle::kPass) {
            hits.set(kPassTarget);
            hits.set(kDoublePass, s.consecutivePasses >= 1);
            return;
        }
        const int from = m / 64, to = m % 64;
        if (std::abs(rowOf(from) - rowOf(to)) == 2) {
            hits.set(kJump);
            hits.set(kEliminated, (s.toMove == Player::Star ? s.circlePieces : s.starPieces) == 1);
        }
        hits.set(kStacking, rowOf(to) == lastRowOf(s.toMove) && s.board.cells[to] != 0);
    };
    const ProbeResult r = probeSearch(game, makeState(p.board, p.player), p.depth, onPlay);
    hits.set(kRootStack, std::any_of(p.board.cells.begin(), p.board.cells.end(), [](int c) { return std::abs(c) > 1; }));
    hits.set(p.algorithm == Algorithm::Minimax ? kMinimax : kAlphaBeta);
    hits.set(kCutoff, p.algorithm == Algorithm::AlphaBeta && !r.cutoffDepths.empty());
    hits.set(kTie, r.rootTie);
    hits.set(kCircle, p.player == Player::Circle);
    return hits.names();
}

CaseSize sizeOf(const std::string& input) {
    const Problem p = parse(input);
    int pieces = 0;
    for (int s = 0; s < 64; ++s) pieces += std::abs(p.board.cells[s]);
    return {pieces, p.depth, p.algorithm == Algorithm::AlphaBeta ? 2 : 1};
}

}  // namespace

// Found by findInputGenerator() (reference/generator_registry.cpp, over variants.def).
extern const InputGenerator inputGenerator = inputGeneratorOf(variant, kTargetNames, inputs, coverage, sizeOf, simplerInputs);

}  // namespace plyjudge::starcircle
