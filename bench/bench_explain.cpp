// The cost of explaining one failed case by reproduction (grader/explain): a reversi alpha-beta case whose
// log has tens of thousands of lines, and a gomoku561 one, each with a program output made by the reference
// with known mistakes: one fault, two faults (the pairs are tried), and a fault followed by a slip at 90% of
// the log that nothing reproduces (every candidate runs up to its first difference, the improving ones in
// pairs too; the closest is named). Target: under 0.2 s for a log under 100k lines.
#include <fmt/format.h>

#include <cstdio>
#include <string>

#include "bench/bench_support.hpp"
#include "common/temp_dir.hpp"
#include "common/file_io.hpp"
#include "grader/explain/explain.hpp"

using namespace plyjudge;

namespace {

OutputFiles outputsWith(const Variant& v, const InputText& input, const Dialect& d) {
    TempDir dir("plyjudge-bench-explain");
    OutputFiles files;
    for (const std::string& f : v.solve(input, d, dir.path())) files[f] = readWholeFile(dir.path() / f);
    return files;
}

std::size_t linesOf(const OutputFiles& files) {
    std::size_t n = 0;
    for (const auto& [name, text] : files) n += 1 + static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
    return n;
}

void run(const char* variant, const std::string& inputText, const char* label, const OutputFiles& actual, double& worst) {
    const Variant& v = *findVariant(variant);
    const InputText input(inputText, "input.txt");
    grader::ExplainStats stats;
    std::optional<grader::Explanation> e;
    const double seconds = bench::bestSeconds([&] {
        stats = {};
        e = grader::explainByReproduction(v, Dialect{}, input, actual, {}, &stats);
    });
    worst = std::max(worst, seconds);
    std::printf("%-9s %-38s %7zu %5d %8.3f  %s\n", variant, label, linesOf(actual), stats.runs, seconds,
                e ? e->line().substr(0, 44).c_str() : "(none)");
}

}  // namespace

int main() {
    // reversi: the standard start searched 8 plies (35k log lines) and official case 3 searched 8 plies (73k);
    // gomoku561: two pairs of stones, minimax 3 plies (9k).
    const std::string start8 = "X\n8\n********\n********\n********\n***OX***\n***XO***\n********\n********\n********\n";
    const std::string case3 = "X\n8\n********\n********\n********\n***XXX**\n***XOX**\n***XXX**\n********\n********\n";
    std::string gomoku = "3\n1\n3\n15\n";
    for (int r = 15; r >= 1; --r) gomoku += r == 9 ? "......bw.......\n" : r == 8 ? ".......bw......\n" : "...............\n";
    double worst = 0;
    std::printf("%-9s %-38s %7s %5s %8s  %s\n", "variant", "program output", "lines", "runs", "seconds", "explanation");
    for (const auto& [variant, text] : {std::pair{"reversi", start8}, std::pair{"reversi", case3}, std::pair{"gomoku561", gomoku}}) {
        const Variant& v = *findVariant(variant);
        const InputText input(text, "input.txt");
        run(variant, text, "strict pruning (shows early)", outputsWith(v, input, Dialect{}.withFault("strict-pruning")), worst);
        run(variant, text, "two faults (a pair)",
            outputsWith(v, input, Dialect{}.withFault("strict-pruning").withFault("leaf-side-to-move")), worst);
        OutputFiles nearMiss = outputsWith(v, input, Dialect{}.withFault("no-line-at-cutoff"));
        std::string& log = nearMiss.count("traverse_log.txt") ? nearMiss["traverse_log.txt"] : nearMiss["output.txt"];
        log.insert(log.find('\n', log.size() * 9 / 10), "x");  // a fault, then a slip at 90% of the log
        run(variant, text, "a fault then a slip at 90% (closest)", nearMiss, worst);
    }
    std::printf("slowest explanation: %.3f s (best of 3); target: under 0.2 s for a log under 100k lines: %s\n", worst,
                worst < 0.2 ? "met" : "NOT met");
    return 0;
}
