// PLYJUDGE_SANDBOX_TRACE=1: the command line and the timings of each step of a run, on stderr.
#pragma once

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace plyjudge::sandbox::detail {

struct Trace {
    bool on = std::getenv("PLYJUDGE_SANDBOX_TRACE") != nullptr;
    std::chrono::steady_clock::time_point t0 = std::chrono::steady_clock::now();
    void operator()(const char* what) {
        using Ms = std::chrono::duration<double, std::milli>;
        if (on) std::fprintf(stderr, "[sandbox] %8.3f ms %s\n", Ms(std::chrono::steady_clock::now() - t0).count(), what);
    }
    // The command line of the run (bwrap's, under bubblewrap), to rerun it by hand, and what the run sees, mount by
    // mount, with the trusted input that put each there.
    void command(const std::string& exe, const std::vector<std::string>& args, const std::vector<std::string>& mounts) {
        if (!on) return;
        for (const std::string& m : mounts) std::fprintf(stderr, "[sandbox] mount %s\n", m.c_str());
        std::string line = exe;
        for (const std::string& a : args) line += " " + a;
        std::fprintf(stderr, "[sandbox] command: %s\n", line.c_str());
    }
};

}  // namespace plyjudge::sandbox::detail
