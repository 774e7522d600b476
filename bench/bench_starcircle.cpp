// Star vs Circle: depth 10 on a crowded board, minimax and alpha-beta through the shared core. The
// assignment writes no log, so the core is also run with a TraverseLog to measure logging at this speed.
#include <cstdio>
#include <filesystem>

#include "reference/core/output_file.hpp"
#include "reference/core/traverse_log.hpp"
#include "reference/starcircle/problem.hpp"
#include "reference/starcircle/rules.hpp"
#include "bench/bench_support.hpp"

using namespace plyjudge;
using namespace plyjudge::starcircle;

int main() {
    const auto dir = bench::scratchDir();
    // Crowded: 6 circles on rows G-H and 7 stars on rows E-F, half of them blocked by each other
    // (minimax d10 visits 5.4 M nodes).
    const std::string text =
        "Star\nMINIMAX\n10\n"
        "0,C1,0,C1,0,0,0,C1\nC1,0,C1,0,0,0,C1,0\n0,S1,0,S1,0,0,0,S1\nS1,0,0,0,S1,0,S1,0\n"
        "0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n"
        "10,20,30,40,50,60,70,80\n";
    const Problem problem = parseProblem(InputText(text, "bench"));
    const Game game(problem.player, problem.rowValues);
    const State root = makeState(problem.board, problem.player);
    bench::printHeader();
    for (Algorithm algorithm : {Algorithm::Minimax, Algorithm::AlphaBeta}) {
        const char* algo = algorithm == Algorithm::Minimax ? "minimax" : "alpha-beta";
        const SearchConfig config{algorithm, problem.depth};
        bench::Row quiet;
        quiet.name = std::string("starcircle crowded d10 ") + algo + " (no log)";
        quiet.setSolve(bench::bestTimes([&] {
            NullLog log;
            quiet.nodes = search(game, root, config, log).nodes;
        }));
        bench::printRow(quiet);
        bench::Row logged;
        logged.name = std::string("starcircle crowded d10 ") + algo + " (logged)";
        logged.setSolve(bench::bestTimes([&] {
            OutputFile out(dir / "starcircle_log.txt");
            TraverseLog log(out, algorithm == Algorithm::AlphaBeta ? LogColumns::WithBounds : LogColumns::NameDepthValue);
            log.header("Node");
            logged.nodes = search(game, root, config, log).nodes;
            out.commit();
        }, 2));
        logged.logBytes = std::filesystem::file_size(dir / "starcircle_log.txt");
        logged.setFloor(bench::floorTimes(dir / "floor.txt", logged.logBytes));
        bench::printRow(logged);
    }
    bench::printFooter();
}
