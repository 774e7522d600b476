// squirrel inputs one step simpler (InputGenerator::simpler): a simpler algorithm (alpha-beta, minimax, greedy;
// each battle player's too), a ply less, a piece fewer, the board (and its values) mirrored left to right.
#include <string>
#include <vector>

#include "reference/core/input_text.hpp"
#include "reference/squirrel/generator.hpp"
#include "reference/squirrel/problem.hpp"

namespace plyjudge::squirrel {

namespace {

// The side's algorithm one step simpler, with the depth a greedy search ignores set to 1.
bool simplify(Side& side) {
    if (side.algorithm == Algorithm::Greedy) return false;
    side.algorithm = side.algorithm == Algorithm::AlphaBeta ? Algorithm::Minimax : Algorithm::Greedy;
    if (side.algorithm == Algorithm::Greedy) side.depth = 1;
    return true;
}

}  // namespace

std::vector<std::string> simplerInputs(const std::string& input) {
    const Problem p = parseProblem(InputText(input, "input.txt"));
    std::vector<Problem> out;
    for (Side Problem::*side : {&Problem::first, &Problem::second}) {
        if (side == &Problem::second && p.task != kTaskBattle) continue;
        Problem q = p;
        if (!simplify(q.*side)) continue;
        if (q.task != kTaskBattle) q.task = codeOf(q.first.algorithm);
        out.push_back(q);
    }
    for (Side Problem::*side : {&Problem::first, &Problem::second}) {
        if ((side == &Problem::second && p.task != kTaskBattle) || (p.*side).depth <= 1) continue;
        out.push_back(p);
        --(out.back().*side).depth;
    }
    for (int s = 0; s < kSquares; ++s) {
        if (!((p.pieces[0] | p.pieces[1]) & bitOf(s))) continue;
        out.push_back(p);
        out.back().pieces[0] &= ~bitOf(s);
        out.back().pieces[1] &= ~bitOf(s);
    }
    Problem mirrored = p;
    mirrored.pieces = {};
    for (int s = 0; s < kSquares; ++s) {
        const int m = squareOf(rowOf(s), kSide + 1 - columnOf(s));
        mirrored.values[m] = p.values[s];
        for (int side = 0; side < 2; ++side) {
            if (p.pieces[side] & bitOf(s)) mirrored.pieces[side] |= bitOf(m);
        }
    }
    out.push_back(mirrored);
    std::vector<std::string> texts;
    for (const Problem& q : out) texts.push_back(formatProblem(q));
    return texts;
}

}  // namespace plyjudge::squirrel
