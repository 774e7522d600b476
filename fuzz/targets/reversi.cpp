// reversi for the case generator and the fuzzer: positions reached by legal play (generators/reversi.hpp),
// coverage read from the reference's search.
#include <bit>
#include <string>

#include "../fuzz_target.hpp"
#include "../generators/reversi.hpp"
#include "../search_probe.hpp"

namespace plyjudge::fuzz::reversi {

namespace {

using namespace plyjudge::reversi;

constexpr std::string_view kRootPasses = "root must pass";
constexpr std::string_view kGameOverAtRoot = "game already over at the root";
constexpr std::string_view kPassInside = "pass inside the tree";
constexpr std::string_view kGameEndsInside = "game ends inside the tree";
constexpr std::string_view kCutoff1 = "cut-off at depth 1";
constexpr std::string_view kCutoff2 = "cut-off at depth 2";
constexpr std::string_view kCutoff3 = "cut-off at depth 3";
constexpr std::string_view kTie = "tie between root moves";
constexpr std::string_view kPlayerO = "O to move";
constexpr std::string_view kDepth1 = "depth 1";

Problem parse(const std::string& input) { return parseProblem(InputText(input, "generated")); }

rc::Gen<std::string> inputs(Purpose purpose) {
    // Depth 4 is the deepest whose logs stay a few kilobytes in late-game positions; the fuzzer goes to 5.
    return rc::gen::map(problems(purpose == Purpose::Suite ? 4 : 5), [](const Problem& p) { return formatProblem(p); });
}

std::vector<std::string_view> coverage(const std::string& input) {
    const Problem p = parse(input);
    const Game game(p.player);
    std::vector<std::string_view> hit;
    MoveBuffer<Game> moves;
    const int n = game.generateMoves(p.root, moves);
    if (n == 1 && moves[0] == kPass) {
        hit.push_back(kRootPasses);
        State after = p.root;
        game.play(after, kPass);
        if (game.generateMoves(after, moves) == 1 && moves[0] == kPass) hit.push_back(kGameOverAtRoot);
    }
    bool passInside = false;
    auto onPlay = [&](const State&, Move m) { passInside |= m == kPass; };
    const ProbeResult r = probeSearch(game, p.root, p.depth, onPlay);
    if (passInside) hit.push_back(kPassInside);
    if (r.terminals > 0) hit.push_back(kGameEndsInside);
    if (r.cutoffDepths.count(1)) hit.push_back(kCutoff1);
    if (r.cutoffDepths.count(2)) hit.push_back(kCutoff2);
    if (r.cutoffDepths.count(3)) hit.push_back(kCutoff3);
    if (r.rootTie) hit.push_back(kTie);
    if (p.player == Player::White) hit.push_back(kPlayerO);
    if (p.depth == 1) hit.push_back(kDepth1);
    return hit;
}

CaseSize sizeOf(const std::string& input) {
    const Problem p = parse(input);
    return {std::popcount(p.root.pieces[0] | p.root.pieces[1]), p.depth};
}

}  // namespace

const FuzzTarget& target() {
    static const FuzzTarget t{
        .variant = findVariant("reversi"),
        .targets = {kRootPasses, kGameOverAtRoot, kPassInside, kGameEndsInside, kCutoff1, kCutoff2, kCutoff3, kTie,
                    kPlayerO, kDepth1},
        .inputs = inputs,
        .coverage = coverage,
        .sizeOf = sizeOf,
    };
    return t;
}

}  // namespace plyjudge::fuzz::reversi
