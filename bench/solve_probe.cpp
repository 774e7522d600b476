// solve_probe VARIANT INPUT [RUNS]: the reference solver on one input file, RUNS times (default 40) in one process, each
// solve followed by three writes of its largest output file's size (the floor), then the best and the median CPU time
// of both and their ratios. For comparing two builds on one case, run alternately: a benchmark table's row keeps only
// its best run, and one process's runs on this VM share one of two speeds, so the median tells which one it got.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "bench/bench_support.hpp"
#include "reference/variant.hpp"

using namespace plyjudge;

namespace {

// The largest file the solve left in `dir` other than `skip`: the traverse log, or the one output file.
std::filesystem::path largestOutput(const std::filesystem::path& dir, const std::filesystem::path& skip) {
    std::filesystem::path largest;
    std::uintmax_t size = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        if (!entry.is_regular_file() || entry.path() == skip) continue;
        if (largest.empty() || entry.file_size() > size) {
            largest = entry.path();
            size = entry.file_size();
        }
    }
    return largest;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: solve_probe VARIANT INPUT [RUNS]\n");
        return 2;
    }
    const Variant* variant = findVariant(argv[1]);
    std::ifstream file(argv[2], std::ios::binary);
    if (variant == nullptr || !file) {
        std::fprintf(stderr, "solve_probe: no variant %s or no file %s\n", argv[1], argv[2]);
        return 2;
    }
    std::stringstream content;
    content << file.rdbuf();
    const InputText text(content.str(), "input.txt");
    const int runs = argc > 3 ? std::max(1, std::atoi(argv[3])) : 40;
    const auto dir = bench::scratchDir();
    const auto floorPath = dir / "floor.txt";
    variant->solve(text, Dialect{}, dir);  // also tells the size of what the floor writes
    const std::uint64_t bytes = std::filesystem::file_size(largestOutput(dir, floorPath));
    std::vector<double> solves, floors;
    for (int i = 0; i < runs; ++i) {
        solves.push_back(bench::timeOnce([&] { variant->solve(text, Dialect{}, dir); }).cpu);
        for (int k = 0; k < 3; ++k) floors.push_back(bench::timeOnce([&] { bench::writeFloorFile(floorPath, bytes); }).cpu);
    }
    const double solveBest = *std::min_element(solves.begin(), solves.end());
    const double floorBest = *std::min_element(floors.begin(), floors.end());
    std::printf("%s %s, %d runs, %llu bytes: CPU per solve best %.3f ms, median %.3f ms; floor best %.3f ms, median %.3f ms; "
                "ratio of the bests %.2f, of the medians %.2f\n",
                argv[1], argv[2], runs, static_cast<unsigned long long>(bytes), solveBest * 1e3, median(solves) * 1e3,
                floorBest * 1e3, median(floors) * 1e3, solveBest / floorBest, median(solves) / median(floors));
}
