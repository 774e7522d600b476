// Where plyjudge finds its data (the bundled case suites, example assignments, tournament configs) without a
// path compiled in: an installed binary looks beside itself, a build-tree binary in its source tree.
#pragma once

#include <filesystem>
#include <optional>

namespace plyjudge {

// This program's own file (/proc/self/exe), symbolic links resolved.
std::filesystem::path executablePath();

// The source tree this program was built from, when it runs from that build tree (tests, benchmarks, a
// developer's build/plyjudge); nothing for an installed or copied binary.
std::optional<std::filesystem::path> sourceTreeOfBuild();

// plyjudge's data folder, laid out like the source tree (cases/, referee/examples/, ...): for an installed
// binary <exe dir>/../share/plyjudge (from CMake's install dirs), for a build-tree binary its source tree.
// When neither exists, the installed place, so that messages name where the data was looked for.
std::filesystem::path dataDir();

// The bundled case suites: $PLYJUDGE_CASES when set, else dataDir()/cases.
std::filesystem::path bundledCasesDir();

}  // namespace plyjudge
