// Seeds for generated cases: a fresh one unless the user gives one (then runs repeat exactly).
#pragma once

#include <cstdint>
#include <random>

namespace plyjudge::cli {

// A random seed below 2^32 (short enough to type back after "repeat with --seed N").
inline std::uint64_t freshSeed() { return std::random_device{}(); }

}  // namespace plyjudge::cli
