// Reversi: alpha-beta from the start position at depths 6-9, through the real solver (parse, search,
// streamed log, atomic output file).
#include <cstdio>
#include <filesystem>
#include <string>

#include "../reference/variant.hpp"
#include "bench_support.hpp"

using namespace plyjudge;

int main() {
    const Variant& reversi = *findVariant("reversi");
    const auto dir = bench::scratchDir();
    bench::printHeader();
    for (int depth = 6; depth <= 9; ++depth) {
        const std::string input = "X\n" + std::to_string(depth) +
                                  "\n********\n********\n********\n***OX***\n***XO***\n********\n********\n********\n";
        bench::Row row;
        row.name = "reversi start, alpha-beta d" + std::to_string(depth);
        row.seconds = bench::bestSeconds([&] { reversi.solve(InputText(input, "input.txt"), Dialect{}, dir); });
        row.logBytes = std::filesystem::file_size(dir / "output.txt");
        // Every log line but the header and the 8 board lines is one node-visit line; nodes are counted
        // by the core, but the solver does not print them, so count lines of the file that name a node.
        row.nodes = 0;
        std::FILE* f = std::fopen((dir / "output.txt").c_str(), "r");
        for (int c; (c = std::fgetc(f)) != EOF;) row.nodes += c == '\n';
        std::fclose(f);
        row.floorSeconds = bench::floorSeconds(dir / "floor.txt", row.logBytes);
        bench::printRow(row);
    }
    std::printf("(nodes column = log lines for reversi; ratio = solve time / time to write the same bytes)\n");
}
