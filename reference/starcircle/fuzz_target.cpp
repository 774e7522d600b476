// starcircle for the case generator and the fuzzer: legal boards (generator.hpp), coverage
// read from the reference's search.
#include <cstdlib>
#include <string>

#include "reference/core/search_probe.hpp"
#include "reference/fuzz_target.hpp"
#include "reference/starcircle/generator.hpp"

namespace plyjudge::starcircle {

extern const Variant variant;  // variant.cpp
std::vector<std::string> simplerInputs(const std::string& input);  // simplify.cpp

namespace {

using fuzz::CaseSize;
using fuzz::Purpose;

constexpr std::string_view kJump = "jump";
constexpr std::string_view kStacking = "stacking on the last row";
constexpr std::string_view kRootStack = "stack on the board";
constexpr std::string_view kPassTarget = "pass";
constexpr std::string_view kDoublePass = "double pass";
constexpr std::string_view kEliminated = "one side eliminated";
constexpr std::string_view kMinimax = "minimax";
constexpr std::string_view kAlphaBeta = "alpha-beta";
constexpr std::string_view kCutoff = "alpha-beta cut-off";
constexpr std::string_view kTie = "tie between root moves";
constexpr std::string_view kCircle = "Circle to move";

Problem parse(const std::string& input) { return parseProblem(InputText(input, "generated")); }

rc::Gen<std::string> inputs(Purpose purpose) {
    // The output is four lines whatever the depth; the depth only bounds the reference's time. Suites mix
    // in endgames of a few pieces, where passes, double passes and eliminations happen inside the tree.
    const auto text = [](const Problem& p) { return formatProblem(p); };
    if (purpose == Purpose::Fuzz) return rc::gen::map(problems(5), text);
    return rc::gen::oneOf(rc::gen::map(problems(6), text), rc::gen::map(problems(6, 2), text));
}

std::vector<std::string_view> coverage(const std::string& input) {
    const Problem p = parse(input);
    const Game game(p.player, p.rowValues);
    const State root = makeState(p.board, p.player);
    bool jump = false, stacking = false, pass = false, doublePass = false, eliminated = false;
    auto onPlay = [&](const State& s, Move m) {
        if (m == starcircle::kPass) {
            pass = true;
            doublePass |= s.consecutivePasses >= 1;
            return;
        }
        const int from = m / 64, to = m % 64;
        if (std::abs(rowOf(from) - rowOf(to)) == 2) {
            jump = true;
            eliminated |= (s.toMove == Player::Star ? s.circlePieces : s.starPieces) == 1;
        }
        stacking |= rowOf(to) == lastRowOf(s.toMove) && s.board.cells[to] != 0;
    };
    const ProbeResult r = probeSearch(game, root, p.depth, onPlay);
    std::vector<std::string_view> hit;
    if (jump) hit.push_back(kJump);
    if (stacking) hit.push_back(kStacking);
    for (int s = 0; s < 64; ++s) {
        if (std::abs(p.board.cells[s]) > 1) {
            hit.push_back(kRootStack);
            break;
        }
    }
    if (pass) hit.push_back(kPassTarget);
    if (doublePass) hit.push_back(kDoublePass);
    if (eliminated) hit.push_back(kEliminated);
    hit.push_back(p.algorithm == Algorithm::Minimax ? kMinimax : kAlphaBeta);
    if (p.algorithm == Algorithm::AlphaBeta && !r.cutoffDepths.empty()) hit.push_back(kCutoff);
    if (r.rootTie) hit.push_back(kTie);
    if (p.player == Player::Circle) hit.push_back(kCircle);
    return hit;
}

CaseSize sizeOf(const std::string& input) {
    const Problem p = parse(input);
    int pieces = 0;
    for (int s = 0; s < 64; ++s) pieces += std::abs(p.board.cells[s]);
    return {pieces, p.depth, p.algorithm == Algorithm::AlphaBeta ? 2 : 1};
}

}  // namespace

// Reached through the variant record (variant.cpp).
extern const fuzz::FuzzTarget fuzzTarget{
    .variant = &variant,
    .targets = {kJump, kStacking, kRootStack, kPassTarget, kDoublePass, kEliminated, kMinimax, kAlphaBeta, kCutoff, kTie,
                kCircle},
    .inputs = inputs,
    .coverage = coverage,
    .sizeOf = sizeOf,
    .simpler = simplerInputs,
};

}  // namespace plyjudge::starcircle
