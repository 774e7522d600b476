#include "bench/bench_support.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace plyjudge::bench {

double bestSeconds(const std::function<void()>& fn, int repeats) {
    double best = 1e300;
    for (int i = 0; i < repeats; ++i) {
        const auto start = std::chrono::steady_clock::now();
        fn();
        best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    return best;
}

double floorSeconds(const std::filesystem::path& path, std::uint64_t bytes) {
    std::string chunk;
    while (chunk.size() < (1 << 16)) chunk += "c4,1,-3,-Infinity,Infinity\n";
    chunk.resize(1 << 16);
    return bestSeconds([&] {
        const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd < 0) std::abort();
        for (std::uint64_t done = 0; done < bytes;) {
            const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(chunk.size(), bytes - done));
            if (::write(fd, chunk.data(), n) != static_cast<ssize_t>(n)) std::abort();
            done += n;
        }
        ::close(fd);
    });
}

void printHeader() {
    std::printf("%-44s %14s %12s %10s %10s %10s %8s\n", "case", "nodes", "nodes/s", "log MB", "log MB/s", "seconds",
                "ratio");
}

void printRow(const Row& r) {
    const double mb = static_cast<double>(r.logBytes) / 1e6;
    std::printf("%-44s %14llu %12.3g %10.1f %10.1f %10.3f %8.2f\n", r.name.c_str(),
                static_cast<unsigned long long>(r.nodes), static_cast<double>(r.nodes) / r.seconds, mb,
                mb / r.seconds, r.seconds, r.floorSeconds > 0 ? r.seconds / r.floorSeconds : 0.0);
    std::fflush(stdout);
}

std::filesystem::path scratchDir() {
    const char* env = std::getenv("PLYJUDGE_BENCH_DIR");
    std::filesystem::path dir = env ? env : std::filesystem::temp_directory_path() / "plyjudge-bench";
    std::filesystem::create_directories(dir);
    return dir;
}

}  // namespace plyjudge::bench
