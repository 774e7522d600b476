// Which plyjudge this is: the project's version and the git commit it was built from (written at build time
// by common/version_info.cmake, so a new commit needs no reconfigure).
#pragma once

#include <string>
#include <string_view>

namespace plyjudge {

// The project version of CMakeLists.txt, e.g. "0.2.0".
std::string_view versionNumber();
// The commit, abbreviated ("abc1234"), with "-dirty" when the tree had uncommitted changes; "unknown" when
// the source was not a git checkout.
std::string_view gitCommit();
// "plyjudge 0.2.0 (git abc1234)": what `plyjudge --version` prints, and what a results database should record.
std::string versionString();

}  // namespace plyjudge
