// gomoku561 input generator (plyjudge gen, plyjudge fuzz): positions from play (generator.hpp),
// coverage read from the reference's search. The evaluation categories a move hits are found by the
// plain scan written from the spec that the scoring faults use (faults.hpp), independent of the solver's
// table-driven scoring (which only returns their sum).
// Fuzzing draws one case in three from its boundary kinds (InputGenerator::boundaries), one kind each draw:
// a four or three along a line searched 2-3 plies (a win inside the tree), depth 1, depth 3 (the fuzz maximum),
// White to move, the 15x15 and the 25x25 board; no nearly-full or pass kind.
#include <array>
#include <string>

#include "reference/core/search_probe.hpp"
#include "reference/input_generator.hpp"
#include "reference/gomoku561/faults.hpp"
#include "reference/gomoku561/generator.hpp"

namespace plyjudge::gomoku561 {

extern const Variant variant;  // variant.cpp

namespace {

// The coverage targets, in report order: the evaluation's categories first.
enum Target { kWinCat, kOpenFour, kClosedFour, kOpenThree, kClosedThree, kOpenTwo, kClosedTwo, kBlockFour,
              kBlockOpenThree, kBlockClosedThree, kSize15, kSizeMid, kSizeLarge, kEmpty, kWinInside, kGreedy, kMinimax,
              kAlphaBeta, kCutoff, kTie, kWhite, kTargetCount };
constexpr std::array<std::string_view, kTargetCount> kTargetNames = {
    "win", "createOpenFour", "createClosedFour", "createOpenThree", "createClosedThree", "createOpenTwo",
    "createClosedTwo", "blockClosedFour", "blockOpenThree", "blockClosedThree", "15x15 board", "board 16..20",
    "board 21..25", "empty board", "a win inside the tree", "greedy", "minimax", "alpha-beta", "alpha-beta cut-off",
    "tie between root moves", "white to move"};
using Hits = CoverageHits<kTargetCount>;

Problem parse(const std::string& input) { return parseProblem(InputText(input, "generated")); }

constexpr int kFuzzDepth = 3;  // the deepest the fuzzer searches (the spec allows 4)

// The features explanation by contrast separates cases by; the first kBoundaryCount are the fuzz mix's kinds.
// A board of 225-625 points is never nearly full in a game that has not ended, and nobody passes: no such kinds.
enum Feature { kEndsEarly, kDepthOne, kDepthMax, kWhiteToMove, kSmallest, kLargest, kBoundaryCount, kEmptyBoard = kBoundaryCount,
               kDepthOdd, kTaskGreedy, kTaskMinimax, kTaskAlphaBeta, kFeatureCount };
constexpr std::array<std::string_view, kFeatureCount> kFeatureNames = {
    "the game ends before the cut-off depth", "the depth is 1", "the depth is 3 or more", "White is to move",
    "the board is 15x15", "the board is 25x25", "the board is empty", "the depth is odd", "the task is greedy",
    "the task is minimax", "the task is alpha-beta"};

// Positions from play (as problems()) on an N x N board.
rc::Gen<Problem> onBoard(int size) {
    return rc::gen::map(rc::gen::tuple(rc::gen::container<std::vector<unsigned>>(rc::gen::inRange(0u, 1024u)), rc::gen::inRange(1, 4),
                                       rc::gen::inRange(1, kFuzzDepth + 1)),
                        [size](const auto& t) {
                            std::vector<unsigned> choices = std::get<0>(t);
                            if (choices.size() > 30) choices.resize(30);
                            Problem p = playOut(size, choices);
                            const int task = std::get<1>(t);
                            p.algorithm = task == 1 ? Algorithm::Greedy : task == 2 ? Algorithm::Minimax : Algorithm::AlphaBeta;
                            p.depth = std::get<2>(t);
                            return p;
                        });
}

// The fuzz mix's boundary positions, one kind each draw: a four or three along a line searched two or three plies
// (a win inside the tree), depth 1, the fuzz maximum, White to move, the smallest and the largest board.
rc::Gen<Problem> boundaryProblems() {
    const auto with = [](auto change) { return rc::gen::map(problems(kFuzzDepth, 30), change); };
    return rc::gen::oneOf(
        rc::gen::map(rc::gen::tuple(patternProblems(), rc::gen::inRange(2, kFuzzDepth + 1)), [](const auto& t) {
            Problem p = std::get<0>(t);
            p.algorithm = p.algorithm == Algorithm::Greedy ? Algorithm::Minimax : p.algorithm;
            p.depth = std::get<1>(t);
            return p;
        }),
        with([](Problem p) { p.depth = 1; return p; }), with([](Problem p) { p.depth = kFuzzDepth; return p; }),
        with([](Problem p) { p.player = Player::White; return p; }),
        onBoard(kMinSize), onBoard(kMaxSize));
}

rc::Gen<std::string> inputs(InputPurpose purpose) {
    // Suites: depth <= 2 and up to 30 stones keep logs small (the size cap drops the rest), and patterns along
    // the edge for the evaluation's corner cases (generator.hpp); fuzzing: depth 3.
    const auto text = [](const Problem& p) { return formatProblem(p); };
    if (purpose == InputPurpose::Fuzz) {
        return rc::gen::weightedOneOf<std::string>({{2, rc::gen::map(problems(kFuzzDepth, 30), text)}, {1, rc::gen::map(boundaryProblems(), text)}});
    }
    return rc::gen::weightedOneOf<std::string>({{3, rc::gen::map(problems(2, 30), text)}, {1, rc::gen::map(patternProblems(), text)}});
}

// Marks the categories of a move by `mover` at `point` (empty) of `s`, found with no fault on.
void markCategories(const Game& game, const State& s, int point, Player mover, Hits& hits) {
    constexpr std::pair<Value, Target> kTargetOf[] = {
        {kWin, kWinCat}, {kCreateOpenFour, kOpenFour}, {kCreateClosedFour, kClosedFour}, {kCreateOpenThree, kOpenThree},
        {kCreateClosedThree, kClosedThree}, {kCreateOpenTwo, kOpenTwo}, {kCreateClosedTwo, kClosedTwo},
        {kBlockClosedFour, kBlockFour}, {gomoku561::kBlockOpenThree, kBlockOpenThree},
        {gomoku561::kBlockClosedThree, kBlockClosedThree}};  // qualified: the values, not the targets
    for (Value found : categoriesWithFaults(game, s, point, mover, RuleFaults{})) {
        for (const auto& [value, target] : kTargetOf) hits.set(target, found == value);
    }
}

std::vector<std::string_view> coverage(const std::string& input) {
    const Problem p = parse(input);
    const Game game = gameOf(p);
    Hits hits(kTargetNames);
    auto onPlay = [&](const State& s, Move m) {
        markCategories(game, s, m, s.toMove, hits);
        hits.set(kWinInside, game.score(s, m, s.toMove).wins);
    };
    const int depth = p.algorithm == Algorithm::Greedy ? 1 : static_cast<int>(p.depth);
    const ProbeResult r = probeSearch(game, rootOf(p, game), depth, onPlay);
    hits.set(p.size == 15 ? kSize15 : p.size <= 20 ? kSizeMid : kSizeLarge);
    hits.set(kEmpty, p.black.none() && p.white.none());
    hits.set(p.algorithm == Algorithm::Greedy ? kGreedy : p.algorithm == Algorithm::Minimax ? kMinimax : kAlphaBeta);
    hits.set(kCutoff, p.algorithm == Algorithm::AlphaBeta && !r.cutoffDepths.empty());
    hits.set(kTie, r.rootTie);
    hits.set(kWhite, p.player == Player::White);
    return hits.names();
}

std::vector<std::string_view> featuresOf(const std::string& input) {
    const Problem p = parse(input);
    const Game game = gameOf(p);
    CoverageHits hits(kFeatureNames);
    bool win = false;
    auto onPlay = [&](const State& s, Move m) { win = win || game.score(s, m, s.toMove).wins; };
    const bool greedy = p.algorithm == Algorithm::Greedy;
    (void)probeSearch(game, rootOf(p, game), greedy ? 1 : static_cast<int>(p.depth), onPlay);
    hits.set(kEndsEarly, win && !greedy);
    hits.set(kDepthOne, p.depth == 1);
    hits.set(kDepthMax, p.depth >= kFuzzDepth);
    hits.set(kDepthOdd, p.depth % 2 == 1);
    hits.set(kWhiteToMove, p.player == Player::White);
    hits.set(kSmallest, p.size == kMinSize);
    hits.set(kLargest, p.size == kMaxSize);
    hits.set(kEmptyBoard, p.black.none() && p.white.none());
    hits.set(kTaskGreedy + static_cast<std::size_t>(taskOf(p.algorithm) - 1));
    return hits.names();
}

CaseSize sizeOf(const std::string& input) {
    const Problem p = parse(input);
    const bool greedy = p.algorithm == Algorithm::Greedy;
    return {p.black.count() + p.white.count(), greedy ? 1 : static_cast<int>(p.depth),
            greedy ? 0 : p.algorithm == Algorithm::Minimax ? 1 : 2};
}

}  // namespace

// Found by findInputGenerator() (reference/generator_registry.cpp, over variants.def).
extern const InputGenerator inputGenerator = withFeatures(inputGeneratorOf(variant, kTargetNames, inputs, coverage, sizeOf, simplerInputs),
                                                          kFeatureNames, kBoundaryCount, featuresOf);

}  // namespace plyjudge::gomoku561
