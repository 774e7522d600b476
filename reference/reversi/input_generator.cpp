// reversi input generator (plyjudge gen, plyjudge fuzz): positions reached by legal play (generator.hpp),
// coverage read from the reference's search.
// Fuzzing draws one case in three from its boundary kinds (InputGenerator::boundaries), one kind each draw:
// nearly full boards (1-3 empty squares), 1-2 empty squares searched to the game's end, a side to move that must
// pass, depth 1, depth 5 (the fuzz maximum), the other player to move.
#include <algorithm>
#include <array>
#include <bit>
#include <string>

#include "reference/core/search_probe.hpp"
#include "reference/input_generator.hpp"
#include "reference/reversi/generator.hpp"

namespace plyjudge::reversi {

extern const Variant variant;  // variant.cpp

namespace {

// The coverage targets, in report order.
enum Target { kRootPasses, kGameOverAtRoot, kPassInside, kGameEndsInside, kCutoff1, kCutoff2, kCutoff3, kTie, kPlayerO,
              kDepth1, kTargetCount };
constexpr std::array<std::string_view, kTargetCount> kTargetNames = {
    "root must pass", "game already over at the root", "pass inside the tree", "game ends inside the tree",
    "cut-off at depth 1", "cut-off at depth 2", "cut-off at depth 3", "tie between root moves", "O to move", "depth 1"};

Problem parse(const std::string& input) { return parseProblem(InputText(input, "generated")); }

// For fuzzing, a game is kept as the moves played, so that shrinking can walk back along the same game
// (shorter prefixes first) and drop plies (pairs, then single plies; later moves that became illegal are
// dropped too, passes follow the rules). Shrinking the generator's move choices instead makes
// every later move different and stalls at a dozen pieces or more.
struct PlayedGame {
    std::vector<Move> plies;
    int depth = 1;
    bool otherSide = false;  // the player is the one not to move in play
};

// Plays the wanted moves from the start, skipping those that are illegal by then and passing whenever
// the side to move has no move: always a legal game, its moves returned in `played`.
State replay(const std::vector<Move>& wanted, std::vector<Move>* played = nullptr) {
    const Game rules(Player::Black);
    State s = startPosition();
    MoveBuffer<Game> moves;
    for (Move m : wanted) {
        if (rules.isTerminal(s)) break;
        int n = rules.generateMoves(s, moves);
        while (n == 1 && moves[0] == kPass && m != kPass) {
            rules.play(s, kPass);
            if (played) played->push_back(kPass);
            if (rules.isTerminal(s)) break;
            n = rules.generateMoves(s, moves);
        }
        if (rules.isTerminal(s)) break;
        if (std::find(moves.begin(), moves.begin() + n, m) == moves.begin() + n) continue;
        rules.play(s, m);
        if (played) played->push_back(m);
    }
    s.consecutivePasses = 0;
    return s;
}

std::string inputOf(const PlayedGame& g) {
    Problem p;
    p.root = replay(g.plies);
    p.depth = g.depth;
    p.player = g.otherSide ? opponent(p.root.toMove) : p.root.toMove;
    p.root.toMove = p.player;
    return formatProblem(p);
}

rc::Seq<PlayedGame> shrinksOf(const PlayedGame& g) {
    std::vector<PlayedGame> out;
    for (int d = 1; d < g.depth; ++d) out.push_back({g.plies, d, g.otherSide});
    if (g.otherSide) out.push_back({g.plies, g.depth, false});
    const std::size_t n = g.plies.size();
    for (std::size_t length = 0; length < n; ++length) {
        out.push_back({std::vector<Move>(g.plies.begin(), g.plies.begin() + static_cast<std::ptrdiff_t>(length)), g.depth, g.otherSide});
    }
    for (std::size_t width : {2u, 1u}) {
        for (std::size_t i = 0; i + width < n; ++i) {  // the last ply is covered by the prefixes
            std::vector<Move> rest = g.plies;
            rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(i), rest.begin() + static_cast<std::ptrdiff_t>(i + width));
            std::vector<Move> played;
            replay(rest, &played);
            if (played.size() < n) out.push_back({std::move(played), g.depth, g.otherSide});
        }
    }
    return rc::seq::fromContainer(std::move(out));
}

constexpr int kFuzzDepth = 5;  // the deepest the fuzzer searches

// The features explanation by contrast separates cases by; the first kBoundaryCount are the fuzz mix's kinds.
enum Feature { kNearlyFull, kEndsEarly, kMustPass, kDepthOne, kDepthMax, kOToMove, kBoundaryCount, kPassOnPath = kBoundaryCount,
               kHalfFull, kDepthOdd, kFeatureCount };
constexpr std::array<std::string_view, kFeatureCount> kFeatureNames = {
    "the board is nearly full (1-3 empty squares)", "the game ends before the cut-off depth", "the player to move must pass",
    "the depth is 1", "the depth is 5 or more", "O is to move", "a pass is on the search path",
    "the board is more than half full", "the depth is odd"};

// A game played by `choices` (as playOut) until at most `empties` squares are empty, or, with `stopAtPass`, until
// the side to move must pass (the game not over); the moves kept for game-aware shrinking.
PlayedGame playedFrom(const std::vector<unsigned>& choices, int empties, bool stopAtPass) {
    PlayedGame g;
    const Game rules(Player::Black);
    State s = startPosition();
    MoveBuffer<Game> moves;
    for (unsigned choice : choices) {
        if (rules.isTerminal(s) || 64 - std::popcount(s.pieces[0] | s.pieces[1]) <= empties) break;
        const int count = rules.generateMoves(s, moves);
        if (stopAtPass && count == 1 && moves[0] == kPass) break;
        g.plies.push_back(moves[choice % static_cast<unsigned>(count)]);
        rules.play(s, g.plies.back());
    }
    return g;
}

// The fuzz mix's boundary games, one kind each draw: 1-3 empty squares; 1-2 empty squares searched to the
// game's end; the side to move must pass (where the game reaches such a position); depth 1; the fuzz maximum;
// the other player to move.
rc::Gen<PlayedGame> boundaryGames() {
    return rc::Gen<PlayedGame>([](const rc::Random& random, int size) {
        rc::Random r = random;
        const auto choices = rc::gen::container<std::vector<unsigned>>(70, rc::gen::inRange(0u, 64u))(r.split(), size).value();
        const int kind = rc::gen::inRange(0, static_cast<int>(kBoundaryCount))(r.split(), size).value();
        const int empties = rc::gen::inRange(1, 4)(r.split(), size).value();
        PlayedGame g = playedFrom(choices, kind == kNearlyFull ? empties : kind == kEndsEarly ? (empties + 1) / 2 : 0, kind == kMustPass);
        if (kind != kNearlyFull && kind != kEndsEarly && kind != kMustPass) g.plies.resize(std::min<std::size_t>(g.plies.size(), choices[0] % 60));
        g.depth = rc::gen::inRange(1, kFuzzDepth + 1)(r.split(), size).value();
        if (kind == kEndsEarly) g.depth = std::min(kFuzzDepth, 2 * ((empties + 1) / 2) + static_cast<int>(choices[1] % 2));
        if (kind == kDepthOne) g.depth = 1;
        if (kind == kDepthMax) g.depth = kFuzzDepth;
        g.otherSide = kind == kOToMove ? true : kind == kMustPass ? false : rc::gen::arbitrary<bool>()(r.split(), size).value();
        return rc::shrinkable::shrinkRecur(std::move(g), &shrinksOf);
    });
}

rc::Gen<std::string> inputs(InputPurpose purpose) {
    // Depth 4 is the deepest whose logs stay a few kilobytes in late-game positions; the fuzzer goes to 5.
    // Suites also get endgames (50 plies and more from the start) searched 8 to 14 plies deep: passes and the
    // game's end inside the tree, and depths of two digits.
    if (purpose == InputPurpose::Suite) {
        const auto text = [](const Problem& p) { return formatProblem(p); };
        const auto endgames = rc::gen::map(
            rc::gen::tuple(rc::gen::container<std::vector<unsigned>>(56, rc::gen::inRange(0u, 64u)), rc::gen::inRange(8, 15)),
            [](const auto& t) {
                Problem p;
                p.root = playOut(std::get<0>(t));
                p.depth = std::get<1>(t);
                p.player = p.root.toMove;
                return formatProblem(p);
            });
        return rc::gen::weightedOneOf<std::string>({{3, rc::gen::map(problems(4), text)}, {1, endgames}});
    }
    const rc::Gen<PlayedGame> games([](const rc::Random& random, int size) {
        rc::Random r = random;
        const auto choices = rc::gen::container<std::vector<unsigned>>(rc::gen::inRange(0u, 64u))(r.split(), size).value();
        PlayedGame g = playedFrom(choices, 0, false);
        g.depth = rc::gen::inRange(1, kFuzzDepth + 1)(r.split(), size).value();
        g.otherSide = rc::gen::arbitrary<bool>()(r.split(), size).value();
        return rc::shrinkable::shrinkRecur(std::move(g), &shrinksOf);
    });
    return rc::gen::map(rc::gen::weightedOneOf<PlayedGame>({{2, games}, {1, boundaryGames()}}), inputOf);
}

std::vector<std::string_view> coverage(const std::string& input) {
    const Problem p = parse(input);
    const Game game(p.player);
    CoverageHits hits(kTargetNames);
    MoveBuffer<Game> moves;
    const int n = game.generateMoves(p.root, moves);
    if (n == 1 && moves[0] == kPass) {
        hits.set(kRootPasses);
        State after = p.root;
        game.play(after, kPass);
        hits.set(kGameOverAtRoot, game.generateMoves(after, moves) == 1 && moves[0] == kPass);
    }
    bool passInside = false;
    auto onPlay = [&](const State&, Move m) { passInside |= m == kPass; };
    const ProbeResult r = probeSearch(game, p.root, p.depth, onPlay);
    hits.set(kPassInside, passInside);
    hits.set(kGameEndsInside, r.terminals > 0);
    for (int d = 1; d <= 3; ++d) hits.set(kCutoff1 + d - 1, r.cutoffDepths.count(d) > 0);
    hits.set(kTie, r.rootTie);
    hits.set(kPlayerO, p.player == Player::White);
    hits.set(kDepth1, p.depth == 1);
    return hits.names();
}

std::vector<std::string_view> featuresOf(const std::string& input) {
    const Problem p = parse(input);
    const Game game(p.player);
    CoverageHits hits(kFeatureNames);
    const int empty = 64 - std::popcount(p.root.pieces[0] | p.root.pieces[1]);
    hits.set(kNearlyFull, empty >= 1 && empty <= 3);
    hits.set(kHalfFull, empty < 32);
    MoveBuffer<Game> moves;
    hits.set(kMustPass, game.generateMoves(p.root, moves) == 1 && moves[0] == kPass);
    bool passInside = false;
    auto onPlay = [&](const State&, Move m) { passInside |= m == kPass; };
    const ProbeResult r = probeSearch(game, p.root, p.depth, onPlay);
    hits.set(kPassOnPath, passInside);
    hits.set(kEndsEarly, r.terminals > 0);
    hits.set(kDepthOne, p.depth == 1);
    hits.set(kDepthMax, p.depth >= kFuzzDepth);
    hits.set(kDepthOdd, p.depth % 2 == 1);
    hits.set(kOToMove, p.player == Player::White);
    return hits.names();
}

CaseSize sizeOf(const std::string& input) {
    const Problem p = parse(input);
    return {std::popcount(p.root.pieces[0] | p.root.pieces[1]), p.depth, 2};
}

}  // namespace

// Found by findInputGenerator() (reference/generator_registry.cpp, over variants.def).
extern const InputGenerator inputGenerator = withFeatures(inputGeneratorOf(variant, kTargetNames, inputs, coverage, sizeOf, simplerInputs),
                                                          kFeatureNames, kBoundaryCount, featuresOf);

}  // namespace plyjudge::reversi
