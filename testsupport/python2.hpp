// A Python 2 the sandbox's run users can execute, for tests of Python 2 submissions. Debian bookworm has
// none; a pyenv build under /root (unreachable by other uids) is copied once to a world-readable folder
// under /tmp. nullopt, with the reason, when there is none to be had: the test then skips and says why.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace plyjudge::testing {

std::optional<std::filesystem::path> python2ForRuns(std::string* whyNot = nullptr);

}  // namespace plyjudge::testing
