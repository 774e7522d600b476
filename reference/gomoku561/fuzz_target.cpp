// gomoku561 for the case generator and the fuzzer: positions from play (generator.hpp),
// coverage read from the reference's search. The evaluation categories a move hits are found by a
// plain scan written from the spec, independent of the solver's table-driven scoring (which only
// returns their sum).
#include <array>
#include <string>

#include "reference/core/search_probe.hpp"
#include "reference/fuzz_target.hpp"
#include "reference/gomoku561/generator.hpp"

namespace plyjudge::gomoku561 {

extern const Variant variant;  // variant.cpp
std::vector<std::string> simplerInputs(const std::string& input);  // simplify.cpp

namespace {

using fuzz::CaseSize;
using fuzz::Purpose;

enum Category { kWinCat, kOpenFour, kClosedFour, kOpenThree, kClosedThree, kOpenTwo, kClosedTwo, kBlockFour,
                kBlockOpenThree, kBlockClosedThree, kCategories };
constexpr std::array<std::string_view, kCategories> kCategoryNames = {
    "win", "createOpenFour", "createClosedFour", "createOpenThree", "createClosedThree", "createOpenTwo",
    "createClosedTwo", "blockClosedFour", "blockOpenThree", "blockClosedThree"};
constexpr std::string_view kSize15 = "15x15 board";
constexpr std::string_view kSizeMid = "board 16..20";
constexpr std::string_view kSizeLarge = "board 21..25";
constexpr std::string_view kEmpty = "empty board";
constexpr std::string_view kWinInside = "a win inside the tree";
constexpr std::string_view kGreedy = "greedy";
constexpr std::string_view kMinimax = "minimax";
constexpr std::string_view kAlphaBeta = "alpha-beta";
constexpr std::string_view kCutoff = "alpha-beta cut-off";
constexpr std::string_view kTie = "tie between root moves";
constexpr std::string_view kWhite = "white to move";

Problem parse(const std::string& input) { return parseProblem(InputText(input, "generated")); }

rc::Gen<std::string> inputs(Purpose purpose) {
    // Suites: depth <= 2 and up to 30 stones keep logs small (the size cap drops the rest), and patterns along
    // the edge for the evaluation's corner cases (generator.hpp); fuzzing: depth 3.
    const auto text = [](const Problem& p) { return formatProblem(p); };
    if (purpose == Purpose::Fuzz) return rc::gen::map(problems(3, 30), text);
    return rc::gen::weightedOneOf<std::string>({{3, rc::gen::map(problems(2, 30), text)}, {1, rc::gen::map(patternProblems(), text)}});
}

// Marks the categories of a move by `mover` at `point` (empty) of `s`, scanning as the spec words it.
void markCategories(const Game& game, const State& s, int point, Player mover, std::array<bool, kCategories>& hit) {
    const int n = game.size(), c0 = game.columnOf(point), r0 = game.rowOf(point);
    const Player other = opponent(mover);
    auto inside = [&](int c, int r) { return c >= 0 && c < n && r >= 1 && r <= n; };
    constexpr int dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    for (const auto& d : dirs) {
        int length = 1, open = 0;
        for (int sign : {1, -1}) {
            int c = c0 + sign * d[0], r = r0 + sign * d[1];
            while (inside(c, r) && s.has(mover, game.pointOf(c, r))) c += sign * d[0], r += sign * d[1], ++length;
            open += inside(c, r) && s.empty(game.pointOf(c, r)) ? 1 : 0;
            // The block pattern on this ray: opponent stones from the neighbour on.
            int k = 0, bc = c0 + sign * d[0], br = r0 + sign * d[1];
            while (inside(bc, br) && s.has(other, game.pointOf(bc, br))) bc += sign * d[0], br += sign * d[1], ++k;
            const bool farOpen = inside(bc, br) && s.empty(game.pointOf(bc, br));
            if (k == 4 && !farOpen) hit[kBlockFour] = true;
            if (k == 3) hit[farOpen ? kBlockOpenThree : kBlockClosedThree] = true;
        }
        if (length >= 5) hit[kWinCat] = true;
        else if (length == 4 && open > 0) hit[open == 2 ? kOpenFour : kClosedFour] = true;
        else if (length == 3 && open > 0) hit[open == 2 ? kOpenThree : kClosedThree] = true;
        else if (length == 2 && open > 0) hit[open == 2 ? kOpenTwo : kClosedTwo] = true;
    }
}

std::vector<std::string_view> coverage(const std::string& input) {
    const Problem p = parse(input);
    const Game game = gameOf(p);
    const State root = rootOf(p, game);
    std::array<bool, kCategories> hit{};
    bool win = false;
    auto onPlay = [&](const State& s, Move m) {
        markCategories(game, s, m, s.toMove, hit);
        win |= game.score(s, m, s.toMove).wins;
    };
    const int depth = p.algorithm == Algorithm::Greedy ? 1 : static_cast<int>(p.depth);
    const ProbeResult r = probeSearch(game, root, depth, onPlay);
    std::vector<std::string_view> names;
    for (int c = 0; c < kCategories; ++c) {
        if (hit[c]) names.push_back(kCategoryNames[c]);
    }
    names.push_back(p.size == 15 ? kSize15 : p.size <= 20 ? kSizeMid : kSizeLarge);
    if (p.black.none() && p.white.none()) names.push_back(kEmpty);
    if (win) names.push_back(kWinInside);
    names.push_back(p.algorithm == Algorithm::Greedy ? kGreedy : p.algorithm == Algorithm::Minimax ? kMinimax : kAlphaBeta);
    if (p.algorithm == Algorithm::AlphaBeta && !r.cutoffDepths.empty()) names.push_back(kCutoff);
    if (r.rootTie) names.push_back(kTie);
    if (p.player == Player::White) names.push_back(kWhite);
    return names;
}

CaseSize sizeOf(const std::string& input) {
    const Problem p = parse(input);
    const bool greedy = p.algorithm == Algorithm::Greedy;
    return {p.black.count() + p.white.count(), greedy ? 1 : static_cast<int>(p.depth),
            greedy ? 0 : p.algorithm == Algorithm::Minimax ? 1 : 2};
}

}  // namespace

// Reached through the variant record (variant.cpp).
extern const fuzz::FuzzTarget fuzzTarget = [] {
    fuzz::FuzzTarget f{.variant = &variant, .targets = {}, .inputs = inputs, .coverage = coverage, .sizeOf = sizeOf, .simpler = simplerInputs};
    for (std::string_view c : kCategoryNames) f.targets.push_back(c);
    for (std::string_view c : {kSize15, kSizeMid, kSizeLarge, kEmpty, kWinInside, kGreedy, kMinimax, kAlphaBeta, kCutoff,
                               kTie, kWhite}) {
        f.targets.push_back(c);
    }
    return f;
}();

}  // namespace plyjudge::gomoku561
