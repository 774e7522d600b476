// Helpers for the solver benchmarks: the "floor" (time to merely write the same log bytes to the same
// disk) and a fixed table format, so every variant reports nodes, nodes/s, log MB/s and the ratio alike.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>

namespace plyjudge::bench {

// Seconds the best of `repeats` runs of fn takes.
double bestSeconds(const std::function<void()>& fn, int repeats = 3);

// Seconds to write `bytes` bytes of typical log text to `path` with 64 KiB writes (best of 3): the floor.
double floorSeconds(const std::filesystem::path& path, std::uint64_t bytes);

struct Row {
    std::string name;          // e.g. "reversi start d8 alpha-beta"
    std::uint64_t nodes = 0;
    std::uint64_t logBytes = 0;
    double seconds = 0;        // the whole solve: parse, search, log, write
    double floorSeconds = 0;   // writing the same bytes
};

void printHeader();
void printRow(const Row& row);

// A scratch directory for output files (under $PLYJUDGE_BENCH_DIR, or the system temp dir).
std::filesystem::path scratchDir();

}  // namespace plyjudge::bench
