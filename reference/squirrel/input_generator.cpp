// squirrel input generator (plyjudge gen, plyjudge fuzz): boards and values (generator.hpp), coverage
// read from the reference's search. A raid converts at most 3 pieces: the raided square touches one of
// the mover's own pieces, so at most 3 of its 4 neighbours are enemies; the "0-4" is 0-3.
// Fuzzing draws one case in three from its boundary kinds (InputGenerator::boundaries), one kind each draw:
// nearly full boards (1-3 empty squares), searches that fill the board (the game ends before the cut-off depth),
// depth 1, depth 3 (the fuzz maximum), O first; no pass kind: a squirrel side always has a move.
#include <array>
#include <algorithm>
#include <bit>
#include <string>

#include "reference/core/search_probe.hpp"
#include "reference/input_generator.hpp"
#include "reference/squirrel/generator.hpp"

namespace plyjudge::squirrel {

extern const Variant variant;  // variant.cpp

namespace {

// The coverage targets, in report order.
enum Target { kRaid0, kRaid1, kRaid2, kRaid3, kSneak, kFullBoardInside, kGreedy, kMinimax, kAlphaBeta, kCutoff, kTie,
              kBattle, kPlayerO, kTargetCount };
constexpr std::array<std::string_view, kTargetCount> kTargetNames = {
    "raid converting 0", "raid converting 1", "raid converting 2", "raid converting 3", "sneak", "full board inside the tree",
    "greedy", "minimax", "alpha-beta", "alpha-beta cut-off", "tie between root moves", "battle", "O moves first"};

Problem parse(const std::string& input) { return parseProblem(InputText(input, "generated")); }

// The generator's boards are half empty; the full board is reached inside a tree only when at most
// `depth` squares are empty, so suites mix in boards filled up to 1-3 empty squares (X on even, O on odd
// squares, the problem's own pieces kept).
Problem nearlyFull(Problem p, int empties) {
    int left = std::popcount(kFullBoard & ~(p.pieces[0] | p.pieces[1]));
    for (int s = 0; s < kSquares && left > empties; ++s) {
        if ((p.pieces[0] | p.pieces[1]) & bitOf(s)) continue;
        p.pieces[s % 2] |= bitOf(s);
        --left;
    }
    return p;
}

// The features explanation by contrast separates cases by; the first kBoundaryCount are the fuzz mix's boundary
// kinds. A squirrel side never passes (every board with an empty square has a move), so there is no pass kind.
enum Feature { kNearlyFull, kEndsEarly, kDepthOne, kDepthMax, kOToMove, kBoundaryCount, kHalfFull = kBoundaryCount, kDepthOdd,
               kIsGreedy, kIsMinimax, kIsAlphaBeta, kIsBattle, kFeatureCount };
constexpr int kFuzzDepth = 3;  // the deepest the fuzzer searches: a minimax node has up to 24 children
constexpr std::array<std::string_view, kFeatureCount> kFeatureNames = {
    "the board is nearly full (1-3 empty squares)", "the game ends before the cut-off depth", "the depth is 1",
    "the depth is 3 or more", "O is to move", "the board is more than half full", "the depth is odd", "the task is greedy",
    "the task is minimax", "the task is alpha-beta", "the task is a battle"};

// The fuzz mix's boundary positions, one kind each draw: a board with 1-3 empty squares; a minimax or alpha-beta
// search deep enough to fill the board (the game ends inside the tree); depth 1; the fuzz maximum; O first.
rc::Gen<Problem> boundaryProblems() {
    const auto withDepth = [](int depth) {
        return rc::gen::map(problems(kFuzzDepth), [depth](Problem p) {
            p.first.depth = depth;
            if (p.task == kTaskBattle) p.second.depth = depth;
            return p;
        });
    };
    return rc::gen::oneOf(
        rc::gen::map(rc::gen::tuple(problems(kFuzzDepth), rc::gen::inRange(1, 4)),
                     [](const auto& t) { return nearlyFull(std::get<0>(t), std::get<1>(t)); }),
        rc::gen::map(rc::gen::tuple(problems(kFuzzDepth), rc::gen::inRange(1, 4), rc::gen::inRange(0, 3), rc::gen::arbitrary<bool>()),
                     [](const auto& t) {
                         const auto& [problem, empties, extra, alphaBeta] = t;
                         Problem p = nearlyFull(problem, empties);
                         p.task = alphaBeta ? 3 : 2;
                         p.first.algorithm = alphaBeta ? Algorithm::AlphaBeta : Algorithm::Minimax;
                         p.first.depth = std::min(kFuzzDepth, empties + extra);
                         p.second = Side{};
                         return p;
                     }),
        withDepth(1), withDepth(kFuzzDepth), rc::gen::map(problems(kFuzzDepth), [](Problem p) {
            p.first.player = Player::O;
            if (p.task == kTaskBattle) p.second.player = Player::X;
            return p;
        }));
}

rc::Gen<std::string> inputs(InputPurpose purpose) {
    const auto text = [](const Problem& p) { return formatProblem(p); };
    if (purpose == InputPurpose::Fuzz) {
        return rc::gen::weightedOneOf<std::string>({{2, rc::gen::map(problems(kFuzzDepth), text)}, {1, rc::gen::map(boundaryProblems(), text)}});
    }
    // Suites also get deeper alpha-beta searches on boards with 4-6 empty squares: a MAX node below the root
    // is then entered with a finite alpha, where fail-hard mistakes show.
    const auto deep = rc::gen::map(rc::gen::tuple(problems(3), rc::gen::inRange(4, 7), rc::gen::inRange(3, 5)), [](const auto& t) {
        Problem p = nearlyFull(std::get<0>(t), std::get<1>(t));
        p.task = 3;
        p.first.algorithm = Algorithm::AlphaBeta;
        p.first.depth = std::get<2>(t);
        p.second = Side{};
        return formatProblem(p);
    });
    return rc::gen::oneOf(rc::gen::map(problems(3), text),
                          rc::gen::map(rc::gen::tuple(problems(3), rc::gen::inRange(1, 4)), [](const auto& t) {
                              return formatProblem(nearlyFull(std::get<0>(t), std::get<1>(t)));
                          }),
                          deep);
}

std::vector<std::string_view> coverage(const std::string& input) {
    const Problem p = parse(input);
    CoverageHits hits(kTargetNames);
    hits.set(kPlayerO, p.first.player == Player::O);
    if (p.task == kTaskBattle) {
        hits.set(kBattle);
        return hits.names();
    }
    const Game game(p.first.player, p.values);
    auto onPlay = [&](const State& s, Move m) {
        if (isRaid(s, m)) {
            hits.set(kRaid0 + static_cast<std::size_t>(std::popcount(conversionsOf(s, m))));
        } else {
            hits.set(kSneak);
        }
    };
    const Algorithm algorithm = p.first.algorithm;
    const ProbeResult r = probeSearch(game, p.root(), algorithm == Algorithm::Greedy ? 1 : p.first.depth, onPlay);
    hits.set(kFullBoardInside, r.terminals > 0);
    hits.set(algorithm == Algorithm::Greedy ? kGreedy : algorithm == Algorithm::Minimax ? kMinimax : kAlphaBeta);
    hits.set(kCutoff, algorithm == Algorithm::AlphaBeta && !r.cutoffDepths.empty());
    hits.set(kTie, r.rootTie);
    return hits.names();
}

std::vector<std::string_view> featuresOf(const std::string& input) {
    const Problem p = parse(input);
    CoverageHits hits(kFeatureNames);
    const int empty = std::popcount(kFullBoard & ~(p.pieces[0] | p.pieces[1]));
    hits.set(kNearlyFull, empty <= 3);
    hits.set(kHalfFull, empty < kSquares / 2);
    const int depth = p.task == kTaskBattle ? std::max(p.first.depth, p.second.depth) : p.first.depth;
    hits.set(kDepthOne, depth == 1);
    hits.set(kDepthMax, depth >= kFuzzDepth);
    hits.set(kDepthOdd, depth % 2 == 1);
    hits.set(kOToMove, p.first.player == Player::O);
    hits.set(kIsGreedy + static_cast<std::size_t>(p.task - 1));
    // The game ends inside the tree when the board fills up within the plies searched.
    const int plies = p.task == kTaskBattle ? empty : p.first.algorithm == Algorithm::Greedy ? 1 : p.first.depth;
    hits.set(kEndsEarly, plies >= empty);
    return hits.names();
}

CaseSize sizeOf(const std::string& input) {
    const Problem p = parse(input);
    // A greedy search is one ply whatever its depth line says; algorithms rank greedy 0, minimax 1, alpha-beta 2.
    auto plies = [](const Side& s) { return s.algorithm == Algorithm::Greedy ? 1 : s.depth; };
    auto rank = [](const Side& s) { return s.algorithm == Algorithm::Greedy ? 0 : s.algorithm == Algorithm::Minimax ? 1 : 2; };
    if (p.task == kTaskBattle) {
        return {std::popcount(p.pieces[0] | p.pieces[1]), std::max(plies(p.first), plies(p.second)), rank(p.first) + rank(p.second)};
    }
    return {std::popcount(p.pieces[0] | p.pieces[1]), plies(p.first), rank(p.first)};
}

}  // namespace

// Found by findInputGenerator() (reference/generator_registry.cpp, over variants.def).
extern const InputGenerator inputGenerator = withFeatures(inputGeneratorOf(variant, kTargetNames, inputs, coverage, sizeOf, simplerInputs),
                                                          kFeatureNames, kBoundaryCount, featuresOf);

}  // namespace plyjudge::squirrel
