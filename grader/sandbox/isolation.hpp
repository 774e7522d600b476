// Bubblewrap: whether it works here (probed once), and the command line that wraps a run in it.
#pragma once

#include <string>
#include <vector>

#include "sandbox.hpp"

namespace plyjudge::grader::detail {

// The uid the program gets inside the sandbox's user namespace (cosmetic: outside it stays the grader's).
constexpr int kSandboxUid = 65534;

// bwrap and its options, ending with "--" (the program's argv follows). `bwrapPath` is absolute.
std::vector<std::string> bubblewrapPrefix(const RunSpec& spec, const std::string& bwrapPath);

// Absolute path of bwrap, or empty.
const std::string& bubblewrapPath();

}  // namespace plyjudge::grader::detail
