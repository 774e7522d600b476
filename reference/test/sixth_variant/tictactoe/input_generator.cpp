// tictactoe input generator (plyjudge gen, plyjudge fuzz): positions from play (generator.hpp), coverage read
// from the reference's search.
#include <array>
#include <string>

#include "reference/core/search_probe.hpp"
#include "reference/input_generator.hpp"
#include "reference/test/sixth_variant/tictactoe/generator.hpp"

namespace plyjudge::tictactoe {

extern const Variant variant;  // variant.cpp

namespace {

// The coverage targets, in report order.
enum Target { kMinimax, kAlphaBeta, kCutoff, kWinInside, kTie, kPlayerO, kTargetCount };
constexpr std::array<std::string_view, kTargetCount> kTargetNames = {
    "minimax", "alpha-beta", "alpha-beta cut-off", "a win inside the tree", "tie between root moves", "O to move"};

rc::Gen<std::string> inputs(InputPurpose) {
    return rc::gen::map(problems(), [](const Problem& p) { return formatProblem(p); });
}

std::vector<std::string_view> coverage(const std::string& input) {
    const Problem p = parseProblem(InputText(input, "generated"));
    const Game game(p.root.toMove);
    bool win = false;
    auto onPlay = [&](const State& s, int move) {
        State next = s;
        game.play(next, move);
        win |= winner(next) != 0;
    };
    const ProbeResult r = probeSearch(game, p.root, emptyCells(p.root), onPlay);
    const bool alphaBeta = p.algorithm == Algorithm::AlphaBeta;
    CoverageHits hits(kTargetNames);
    hits.set(alphaBeta ? kAlphaBeta : kMinimax);
    hits.set(kCutoff, alphaBeta && !r.cutoffDepths.empty());
    hits.set(kWinInside, win);
    hits.set(kTie, r.rootTie);
    hits.set(kPlayerO, p.root.toMove == 'O');
    return hits.names();
}

CaseSize sizeOf(const std::string& input) {
    const int empty = emptyCells(parseProblem(InputText(input, "generated")).root);
    return {kCells - empty, empty};
}

}  // namespace

// Found by findInputGenerator() (reference/generator_registry.cpp, over variants.def).
extern const InputGenerator inputGenerator = inputGeneratorOf(variant, kTargetNames, inputs, coverage, sizeOf);

}  // namespace plyjudge::tictactoe
