// Comparison throughput: plyjudge's streaming line comparison against `cmp` on two equal 1 GiB logs (warm
// page cache for both), plus the slow path (one file CRLF, the other LF: every line normalised).
// Target: at least half of cmp's speed. Files are generated in a scratch directory and deleted.
#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "grader/compare/compare.hpp"
#include "bench/bench_support.hpp"

using namespace plyjudge;

namespace {

// Typical traverse-log lines, about `bytes` in all (the same lines whatever the line ends).
void writeLog(const std::filesystem::path& path, std::uint64_t bytes, bool crlf) {
    std::ofstream out(path, std::ios::binary);
    std::string block;
    const char* names[] = {"root", "c3", "d4", "pass", "e6", "f5", "b2", "g7"};
    for (int i = 0; i < 40000; ++i) {
        block += fmt::format("{},{},{},{},{}{}", names[i % 8], i % 9, (i * 37) % 200 - 100, i % 5 ? "-Infinity" : "12",
                             i % 7 ? "Infinity" : "-3", crlf ? "\r\n" : "\n");
    }
    const std::uint64_t blocks = bytes / (block.size() - (crlf ? 40000 : 0));
    for (std::uint64_t i = 0; i < blocks; ++i) out.write(block.data(), static_cast<std::streamsize>(block.size()));
}

}  // namespace

int main(int argc, char** argv) {
    const std::uint64_t bytes = (argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1024ULL) << 20;  // MiB
    const auto dir = bench::scratchDir() / "bench_compare";
    std::filesystem::create_directories(dir);
    const auto a = dir / "a.txt", b = dir / "b.txt", c = dir / "c_crlf.txt";
    writeLog(a, bytes, false);
    writeLog(b, bytes, false);
    writeLog(c, bytes, true);
    const double size = static_cast<double>(std::filesystem::file_size(a));
    const std::string cmpCommand = fmt::format("cmp {} {}", a.string(), b.string());
    if (std::system(cmpCommand.c_str()) != 0) return 1;  // warms the cache too
    const double cmpSeconds = bench::bestSeconds([&] { (void)std::system(cmpCommand.c_str()); });
    bool equal = true;
    const double oursSeconds = bench::bestSeconds([&] { equal = grader::compareFiles(a, b).equal && equal; });
    const double slowSeconds = bench::bestSeconds([&] { equal = grader::compareFiles(a, c).equal && equal; }, 1);
    std::filesystem::remove_all(dir);
    if (!equal) {
        std::fprintf(stderr, "bench_compare: the files should compare equal\n");
        return 1;
    }
    const double mib = size / (1 << 20);
    std::printf("%-44s %10s %10s %8s\n", "comparison of two equal files", "seconds", "MiB/s", "vs cmp");
    std::printf("%-44s %10.3f %10.0f %8s\n", "cmp", cmpSeconds, mib / cmpSeconds, "1.00");
    std::printf("%-44s %10.3f %10.0f %8.2f\n", "plyjudge compare (same bytes)", oursSeconds, mib / oursSeconds, cmpSeconds / oursSeconds);
    std::printf("%-44s %10.3f %10.0f %8.2f\n", "plyjudge compare (LF vs CRLF, every line)", slowSeconds, mib / slowSeconds,
                cmpSeconds / slowSeconds);
    std::printf("target: plyjudge >= 0.50 x cmp on equal files: %s\n", cmpSeconds / oursSeconds >= 0.5 ? "met" : "NOT met");
    return 0;
}
