// PLYJUDGE_SANDBOX_TRACE=1: the timings of each step of a run, on stderr.
#pragma once

#include <chrono>
#include <cstdio>
#include <cstdlib>

namespace plyjudge::sandbox::detail {

struct Trace {
    bool on = std::getenv("PLYJUDGE_SANDBOX_TRACE") != nullptr;
    std::chrono::steady_clock::time_point t0 = std::chrono::steady_clock::now();
    void operator()(const char* what) {
        using Ms = std::chrono::duration<double, std::milli>;
        if (on) std::fprintf(stderr, "[sandbox] %8.3f ms %s\n", Ms(std::chrono::steady_clock::now() - t0).count(), what);
    }
};

}  // namespace plyjudge::sandbox::detail
