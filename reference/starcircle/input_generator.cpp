// starcircle input generator (plyjudge gen, plyjudge fuzz): legal boards (generator.hpp), coverage
// read from the reference's search.
// Fuzzing draws one case in three from its boundary kinds (InputGenerator::boundaries), one kind each draw:
// endgames of at most two placements at the fuzz maximum depth 5 (the game ends inside) and at any depth, depth 1,
// depth 5, Circle to move; no nearly-full kind: pieces only move.
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

constexpr int kFuzzDepth = 5;  // the deepest the fuzzer searches

// The features explanation by contrast separates cases by; the first kBoundaryCount are the fuzz mix's kinds.
// Pieces only move, so a board never fills: there is no nearly-full kind; endgames of a few pieces bring the
// game's end (an elimination, a double pass) and passes inside the tree.
enum Feature { kEndsEarly, kFewPieces, kDepthOne, kDepthMax, kCircleToMove, kBoundaryCount, kPassOnPath = kBoundaryCount,
               kDepthOdd, kMinimaxTask, kAlphaBetaTask, kFeatureCount };
constexpr std::array<std::string_view, kFeatureCount> kFeatureNames = {
    "the game ends before the cut-off depth", "each side has at most 2 pieces", "the depth is 1", "the depth is 5 or more",
    "Circle is to move", "a pass is on the search path", "the depth is odd", "the algorithm is minimax",
    "the algorithm is alpha-beta"};

// The fuzz mix's boundary positions, one kind each draw: endgames of at most two placements searched to the
// fuzz maximum (the game often ends inside), endgames at any depth, depth 1, the fuzz maximum, Circle to move.
rc::Gen<Problem> boundaryProblems() {
    const auto withDepth = [](rc::Gen<Problem> gen, int depth) {
        return rc::gen::map(gen, [depth](Problem p) { p.depth = depth; return p; });
    };
    return rc::gen::oneOf(withDepth(problems(kFuzzDepth, 2), kFuzzDepth), problems(kFuzzDepth, 2), withDepth(problems(kFuzzDepth), 1),
                          withDepth(problems(kFuzzDepth), kFuzzDepth),
                          rc::gen::map(problems(kFuzzDepth), [](Problem p) { p.player = Player::Circle; return p; }));
}

rc::Gen<std::string> inputs(InputPurpose purpose) {
    // The output is four lines whatever the depth; the depth only bounds the reference's time. Suites mix
    // in endgames of a few pieces, where passes, double passes and eliminations happen inside the tree.
    const auto text = [](const Problem& p) { return formatProblem(p); };
    if (purpose == InputPurpose::Fuzz) {
        return rc::gen::weightedOneOf<std::string>({{2, rc::gen::map(problems(kFuzzDepth), text)}, {1, rc::gen::map(boundaryProblems(), text)}});
    }
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

std::vector<std::string_view> featuresOf(const std::string& input) {
    const Problem p = parse(input);
    const Game game(p.player, p.rowValues);
    CoverageHits hits(kFeatureNames);
    bool passInside = false;
    auto onPlay = [&](const State&, Move m) { passInside |= m == starcircle::kPass; };
    const ProbeResult r = probeSearch(game, makeState(p.board, p.player), p.depth, onPlay);
    hits.set(kEndsEarly, r.terminals > 0);
    hits.set(kPassOnPath, passInside);
    int stars = 0, circles = 0;
    for (int c : p.board.cells) (c > 0 ? stars : circles) += c != 0 ? 1 : 0;
    hits.set(kFewPieces, stars <= 2 && circles <= 2);
    hits.set(kDepthOne, p.depth == 1);
    hits.set(kDepthMax, p.depth >= kFuzzDepth);
    hits.set(kDepthOdd, p.depth % 2 == 1);
    hits.set(kCircleToMove, p.player == Player::Circle);
    hits.set(kMinimaxTask, p.algorithm == Algorithm::Minimax);  // both, so that neither needs a negation
    hits.set(kAlphaBetaTask, p.algorithm == Algorithm::AlphaBeta);
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
extern const InputGenerator inputGenerator = withFeatures(inputGeneratorOf(variant, kTargetNames, inputs, coverage, sizeOf, simplerInputs),
                                                          kFeatureNames, kBoundaryCount, featuresOf);

}  // namespace plyjudge::starcircle
