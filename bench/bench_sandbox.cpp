// Per-run overhead of the sandbox: runSandboxed("/bin/true") with and without bubblewrap, against a bare
// fork/exec/wait of the same program and against bare bwrap running it (bwrap's own cost, with a network namespace
// of its own: a bare spawn cannot join the grader's shared one). Targets (issue "Speed and scale"): at most +5 ms
// with bubblewrap and +2 ms without, over the bare fork/exec.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <vector>

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sandbox/isolation.hpp"
#include "sandbox/sandbox.hpp"
#include "bench/bench_support.hpp"

using namespace plyjudge;
using Clock = std::chrono::steady_clock;

extern char** environ;

namespace {

struct Stats {
    double medianMs, meanMs;
};

Stats measure(const std::function<void()>& run, int n) {
    std::vector<double> ms;
    for (int i = 0; i < n; ++i) {
        auto t0 = Clock::now();
        run();
        ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
    }
    std::sort(ms.begin(), ms.end());
    double sum = 0;
    for (double m : ms) sum += m;
    return {ms[ms.size() / 2], sum / double(ms.size())};
}

void spawnAndWait(const std::vector<std::string>& argv) {
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    pid_t pid;
    if (posix_spawn(&pid, args[0], nullptr, nullptr, args.data(), environ) != 0) return;
    int status;
    waitpid(pid, &status, 0);
}

void print(const char* name, Stats s, double baseMedian) {
    std::printf("%-40s median %7.2f ms  mean %7.2f ms  overhead %+7.2f ms\n", name, s.medianMs, s.meanMs,
                s.medianMs - baseMedian);
}

}  // namespace

int main(int argc, char** argv) {
    const int n = argc > 1 ? std::atoi(argv[1]) : 100;
    const auto dir = bench::scratchDir();
    sandbox::RunSpec plainSpec;
    plainSpec.argv = {"/bin/true"};
    plainSpec.workDir = dir;
    plainSpec.isolate = false;
    sandbox::RunSpec isolatedSpec = plainSpec;
    isolatedSpec.isolate = true;
    const bool bwrap = sandbox::isolationSupport().available;
    std::vector<std::string> bw = sandbox::detail::bubblewrapPrefix(isolatedSpec, sandbox::detail::bubblewrapPath(),
                                                                  ::geteuid() == 0 ? 65534 : -1);
    bw.push_back("/bin/true");
    // Bare bwrap is measured before the sandbox has made this process a child subreaper (after which each
    // bare bwrap would leave its namespace's reaper to us as a zombie).
    Stats bareBwrap{0, 0};
    if (bwrap) bareBwrap = measure([&] { spawnAndWait(bw); }, n);
    // The others interleaved, so that the load of this shared machine falls on all of them alike.
    std::vector<std::function<void()>> runs = {[] { spawnAndWait({"/bin/true"}); },
                                               [&] { sandbox::runSandboxed(plainSpec); }};
    if (bwrap) runs.push_back([&] { sandbox::runSandboxed(isolatedSpec); });
    std::vector<std::vector<double>> ms(runs.size());
    for (int i = 0; i < n; ++i)
        for (std::size_t k = 0; k < runs.size(); ++k) {
            auto t0 = Clock::now();
            runs[k]();
            ms[k].push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
        }
    std::vector<Stats> stats;
    for (auto& v : ms) {
        std::sort(v.begin(), v.end());
        double sum = 0;
        for (double m : v) sum += m;
        stats.push_back({v[v.size() / 2], sum / double(v.size())});
    }
    std::printf("%d runs each of /bin/true\n", n);
    print("bare fork/exec", stats[0], stats[0].medianMs);
    print("runSandboxed, no bwrap", stats[1], stats[0].medianMs);
    if (bwrap) {
        print("bare bwrap (own netns)", bareBwrap, stats[0].medianMs);
        print("runSandboxed, bwrap", stats[2], stats[0].medianMs);
        std::printf("sandbox overhead over bare bwrap: %+.2f ms (median)\n", stats[2].medianMs - bareBwrap.medianMs);
    } else {
        std::printf("bwrap unavailable: %s\n", sandbox::isolationSupport().reason.c_str());
    }
}
