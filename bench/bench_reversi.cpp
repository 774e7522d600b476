// Reversi: alpha-beta from the start position at depths 6-10 through the real solver (parse, search,
// streamed log, atomic output file); nodes are counted by a second, log-free search of the same tree.
#include <cstdio>
#include <filesystem>
#include <string>

#include "reference/core/traverse_log.hpp"
#include "reference/reversi/problem.hpp"
#include "reference/variant.hpp"
#include "bench/bench_support.hpp"

using namespace plyjudge;

int main() {
    const Variant& variant = *findVariant("reversi");
    const auto dir = bench::scratchDir();
    bench::printHeader();
    for (int depth = 6; depth <= 10; ++depth) {
        const std::string input = "X\n" + std::to_string(depth) +
                                  "\n********\n********\n********\n***OX***\n***XO***\n********\n********\n********\n";
        const InputText text(input, "input.txt");
        bench::Row row;
        row.name = "reversi start, alpha-beta d" + std::to_string(depth);
        row.setSolve(bench::bestTimes([&] { variant.solve(text, Dialect{}, dir); }));
        row.logBytes = std::filesystem::file_size(dir / "output.txt");
        const reversi::Problem problem = reversi::parseProblem(text);
        NullLog none;
        row.nodes = search(reversi::Game(problem.player), problem.root, SearchConfig{Algorithm::AlphaBeta, depth}, none).nodes;
        row.setFloor(bench::floorTimes(dir / "floor.txt", row.logBytes));
        bench::printRow(row);
    }
    bench::printFooter();
}
