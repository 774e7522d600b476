// Squirrel War: minimax and alpha-beta to depth 6 and to the end of the game from positions with 8, 10
// and 12 empty squares, through the real solver (parse, search, streamed traverse log, atomic files).
// Nodes are counted by a second, log-free search of the same tree, which is also timed ("search only")
// to show what the log costs.
#include <cstdio>
#include <filesystem>
#include <string>

#include "reference/core/traverse_log.hpp"
#include "reference/squirrel/problem.hpp"
#include "reference/variant.hpp"
#include "bench/bench_support.hpp"

using namespace plyjudge;

namespace {

struct Position {
    int empty;
    const char* board;
};

// Derived from the official samples' board; the values are the samples' too.
constexpr Position kPositions[] = {
    {8, "XOXX*\n**XOX\nO*XO*\nX*OO*\n*OXOX\n"},
    {10, "*OXX*\n**XOX\nO*XO*\nX*OO*\n*OXO*\n"},
    {12, "**XX*\n**XOX\nO**O*\nX*OO*\n*OXO*\n"},
};
const std::string kValues = "20 16 1 32 30\n20 12 2 11 8\n28 48 9 1 1\n20 12 10 6 2\n25 30 23 21 10\n";

}  // namespace

int main() {
    const Variant& variant = *findVariant("squirrel");
    const auto dir = bench::scratchDir();
    bench::printHeader();
    for (const Position& position : kPositions) {
        for (int task : {2, 3}) {
            for (int depth : {6, 25}) {
                // Minimax to the end from 12 empty squares visits about 1.3e9 nodes (a 20 GB log): left out.
                if (task == 2 && depth == 25 && position.empty > 10) continue;
                const std::string input = std::to_string(task) + "\nX\n" + std::to_string(depth) + "\n" + kValues + position.board;
                const InputText text(input, "input.txt");
                const squirrel::Problem problem = squirrel::parseProblem(text);
                const std::string name = std::to_string(position.empty) + " empty, " +
                                         (task == 2 ? "minimax" : "alpha-beta") + (depth == 25 ? " to end" : " d6");
                const SearchConfig config{problem.first.algorithm, depth};
                const squirrel::Game game(problem.first.player, problem.values);

                bench::Row quiet;
                quiet.name = name + " (search only)";
                quiet.setSolve(bench::bestTimes([&] {  // best of 3
                    NullLog none;
                    quiet.nodes = search(game, problem.root(), config, none).nodes;
                }));
                bench::printRow(quiet);

                bench::Row row;
                row.name = name + " (solve)";
                row.nodes = quiet.nodes;
                row.setSolve(bench::bestTimes([&] { variant.solve(text, Dialect{}, dir); }, quiet.nodes > 5000000 ? 2 : 5));
                row.logBytes = std::filesystem::file_size(dir / "traverse_log.txt") + std::filesystem::file_size(dir / "next_state.txt");
                row.setFloor(bench::floorTimes(dir / "floor.txt", row.logBytes));
                bench::printRow(row);
            }
        }
    }
    bench::printFooter();
}
