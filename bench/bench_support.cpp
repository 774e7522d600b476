#include "bench/bench_support.hpp"

#include <fcntl.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace plyjudge::bench {

namespace {

double cpuNow() {
    timespec ts{};
    ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

}  // namespace

Times timeOnce(const std::function<void()>& fn) {
    const double cpuStart = cpuNow();
    const auto start = std::chrono::steady_clock::now();
    fn();
    return {std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), cpuNow() - cpuStart};
}

Times bestTimes(const std::function<void()>& fn, int repeats) {
    // Short runs are repeated beyond `repeats` until a fifth of a second has gone by (at most 100 runs):
    // the minimum of three millisecond runs on a shared machine is mostly luck.
    // PLYJUDGE_BENCH_ONCE=1 runs everything once: for profilers (valgrind --tool=cachegrind, perf), whose
    // instruction counts need no repeats.
    static const bool once = std::getenv("PLYJUDGE_BENCH_ONCE") != nullptr;
    constexpr double kMinTotalSeconds = 0.2;
    constexpr int kMaxRuns = 100;
    Times best{1e300, 1e300};
    double total = 0;
    if (once) repeats = 1;
    for (int i = 0; i < repeats || (!once && total < kMinTotalSeconds && i < kMaxRuns); ++i) {
        const Times t = timeOnce(fn);
        total += t.wall;
        best.wall = std::min(best.wall, t.wall);
        best.cpu = std::min(best.cpu, t.cpu);
    }
    return best;
}

double bestSeconds(const std::function<void()>& fn, int repeats) { return bestTimes(fn, repeats).wall; }

void writeFloorFile(const std::filesystem::path& path, std::uint64_t bytes) {
    static const std::string chunk = [] {
        std::string text;
        while (text.size() < (1 << 16)) text += "c4,1,-3,-Infinity,Infinity\n";
        text.resize(1 << 16);
        return text;
    }();
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) std::abort();
    for (std::uint64_t done = 0; done < bytes;) {
        const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(chunk.size(), bytes - done));
        if (::write(fd, chunk.data(), n) != static_cast<ssize_t>(n)) std::abort();
        done += n;
    }
    ::close(fd);
}

Times floorTimes(const std::filesystem::path& path, std::uint64_t bytes) {
    return bestTimes([&] { writeFloorFile(path, bytes); });
}

void printHeader() {
    std::printf("%-44s %14s %12s %10s %10s %10s %8s %10s %9s\n", "case", "nodes", "nodes/s", "log MB", "log MB/s",
                "seconds", "ratio", "cpu s", "cpu ratio");
}

void printRow(const Row& r) {
    const double mb = static_cast<double>(r.logBytes) / 1e6;
    std::printf("%-44s %14llu %12.3g %10.1f %10.1f %10.3f %8.2f %10.3f %9.2f\n", r.name.c_str(),
                static_cast<unsigned long long>(r.nodes), static_cast<double>(r.nodes) / r.seconds, mb,
                mb / r.seconds, r.seconds, r.floorSeconds > 0 ? r.seconds / r.floorSeconds : 0.0, r.cpuSeconds,
                r.floorCpuSeconds > 0 ? r.cpuSeconds / r.floorCpuSeconds : 0.0);
    std::fflush(stdout);
}

void printFooter() {
    std::printf("ratio = the solve's time / the time to write the same bytes to the same disk (page cache), "
                "wall clock; cpu ratio = the same in CPU time (user + sys), steadier on a loaded machine\n");
}

std::filesystem::path scratchDir() {
    // Without PLYJUDGE_BENCH_DIR, a folder of this process's own, removed at exit: two benchmarks run at once
    // used to share one and delete each other's files mid-row.
    struct OwnFolder {
        std::filesystem::path path = std::filesystem::temp_directory_path() / ("plyjudge-bench-" + std::to_string(::getpid()));
        ~OwnFolder() {
            std::error_code ignored;
            std::filesystem::remove_all(path, ignored);
        }
    };
    const char* env = std::getenv("PLYJUDGE_BENCH_DIR");
    static OwnFolder own;
    std::filesystem::path dir = env ? std::filesystem::path(env) : own.path;
    std::filesystem::create_directories(dir);
    return dir;
}

}  // namespace plyjudge::bench
