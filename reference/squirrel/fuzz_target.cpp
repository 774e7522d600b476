// squirrel for the case generator and the fuzzer: boards and values (generator.hpp), coverage
// read from the reference's search. A raid converts at most 3 pieces: the raided square touches one of
// the mover's own pieces, so at most 3 of its 4 neighbours are enemies; the "0-4" is 0-3.
#include <bit>
#include <string>

#include "reference/core/search_probe.hpp"
#include "reference/fuzz_target.hpp"
#include "reference/squirrel/generator.hpp"

namespace plyjudge::squirrel {

extern const Variant variant;  // variant.cpp
std::vector<std::string> simplerInputs(const std::string& input);  // simplify.cpp

namespace {

using fuzz::CaseSize;
using fuzz::Purpose;

constexpr std::string_view kRaid0 = "raid converting 0";
constexpr std::string_view kRaid1 = "raid converting 1";
constexpr std::string_view kRaid2 = "raid converting 2";
constexpr std::string_view kRaid3 = "raid converting 3";
constexpr std::string_view kSneak = "sneak";
constexpr std::string_view kFullBoardInside = "full board inside the tree";
constexpr std::string_view kGreedy = "greedy";
constexpr std::string_view kMinimax = "minimax";
constexpr std::string_view kAlphaBeta = "alpha-beta";
constexpr std::string_view kCutoff = "alpha-beta cut-off";
constexpr std::string_view kTie = "tie between root moves";
constexpr std::string_view kBattle = "battle";
constexpr std::string_view kPlayerO = "O moves first";

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

rc::Gen<std::string> inputs(Purpose purpose) {
    const auto text = [](const Problem& p) { return formatProblem(p); };
    if (purpose == Purpose::Fuzz) return rc::gen::map(problems(3), text);
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
    std::vector<std::string_view> hit;
    if (p.first.player == Player::O) hit.push_back(kPlayerO);
    if (p.task == kTaskBattle) {
        hit.push_back(kBattle);
        return hit;
    }
    const Game game(p.first.player, p.values);
    bool raid[4] = {}, sneak = false;
    auto onPlay = [&](const State& s, Move m) {
        if (isRaid(s, m)) {
            raid[std::popcount(conversionsOf(s, m))] = true;
        } else {
            sneak = true;
        }
    };
    const int depth = p.first.algorithm == Algorithm::Greedy ? 1 : p.first.depth;
    const ProbeResult r = probeSearch(game, p.root(), depth, onPlay);
    for (int k = 0; k < 4; ++k) {
        if (raid[k]) hit.push_back(std::array{kRaid0, kRaid1, kRaid2, kRaid3}[k]);
    }
    if (sneak) hit.push_back(kSneak);
    if (r.terminals > 0) hit.push_back(kFullBoardInside);
    hit.push_back(p.first.algorithm == Algorithm::Greedy ? kGreedy
                  : p.first.algorithm == Algorithm::Minimax ? kMinimax : kAlphaBeta);
    if (p.first.algorithm == Algorithm::AlphaBeta && !r.cutoffDepths.empty()) hit.push_back(kCutoff);
    if (r.rootTie) hit.push_back(kTie);
    return hit;
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

// Reached through the variant record (variant.cpp).
extern const fuzz::FuzzTarget fuzzTarget{
    .variant = &variant,
    .targets = {kRaid0, kRaid1, kRaid2, kRaid3, kSneak, kFullBoardInside, kGreedy, kMinimax, kAlphaBeta, kCutoff, kTie,
                kBattle, kPlayerO},
    .inputs = inputs,
    .coverage = coverage,
    .sizeOf = sizeOf,
    .simpler = simplerInputs,
};

}  // namespace plyjudge::squirrel
