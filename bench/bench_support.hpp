// Helpers for the solver benchmarks: the "floor" (time to merely write the same log bytes to the same
// disk) and a fixed table format, so every variant reports nodes, nodes/s, log MB/s and the ratio alike.
//
// Every time is taken twice: wall clock and process CPU time (user + sys). On a shared, loaded machine
// the wall clock swings with the other processes; CPU time hardly does, so the CPU ratio is the figure
// to compare across runs (the wall one stays for continuity).
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>

namespace plyjudge::bench {

// Wall-clock and CPU seconds of one piece of work.
struct Times {
    double wall = 0;
    double cpu = 0;  // user + sys of this process (CLOCK_PROCESS_CPUTIME_ID)
};

// The best (smallest) wall and the best CPU time over `repeats` runs of fn, each minimum taken on its own;
// runs shorter than a few milliseconds are repeated more, up to 100 runs or 0.2 s in all.
Times bestTimes(const std::function<void()>& fn, int repeats = 3);
// Wall seconds only: bestTimes(fn, repeats).wall.
double bestSeconds(const std::function<void()>& fn, int repeats = 3);

// The times of one run of fn.
Times timeOnce(const std::function<void()>& fn);

// Writes `bytes` bytes of typical log text to `path` (truncated first) with 64 KiB writes: what the floor times.
void writeFloorFile(const std::filesystem::path& path, std::uint64_t bytes);
// Times of writeFloorFile (best of 3 or more, as bestTimes): the floor.
Times floorTimes(const std::filesystem::path& path, std::uint64_t bytes);

struct Row {
    std::string name;          // e.g. "reversi start d8 alpha-beta"
    std::uint64_t nodes = 0;
    std::uint64_t logBytes = 0;
    double seconds = 0;        // the whole solve (wall): parse, search, log, write
    double floorSeconds = 0;   // writing the same bytes (wall)
    double cpuSeconds = 0;     // the whole solve (CPU)
    double floorCpuSeconds = 0;  // writing the same bytes (CPU)

    void setSolve(const Times& t) { seconds = t.wall; cpuSeconds = t.cpu; }
    void setFloor(const Times& t) { floorSeconds = t.wall; floorCpuSeconds = t.cpu; }
};

void printHeader();
void printRow(const Row& row);
// The closing note on what the ratio columns mean.
void printFooter();

// A scratch directory for output files: $PLYJUDGE_BENCH_DIR, or a folder of this process in the system temp
// dir, removed at exit.
std::filesystem::path scratchDir();

}  // namespace plyjudge::bench
