#include "common/data_dir.hpp"

#include <cstdlib>
#include <system_error>

namespace plyjudge {

namespace fs = std::filesystem;

namespace {

// Set by common/CMakeLists.txt: the source and build trees of this build, and the data folder relative to
// the installed binary's folder (CMAKE_INSTALL_BINDIR -> CMAKE_INSTALL_DATADIR/plyjudge).
constexpr const char* kSourceTree = PLYJUDGE_SOURCE_TREE;
constexpr const char* kBuildTree = PLYJUDGE_BUILD_TREE;
constexpr const char* kDataFromBin = PLYJUDGE_DATA_FROM_BIN;

bool isInside(const fs::path& inner, const fs::path& outer) {
    const fs::path rel = inner.lexically_relative(outer);
    return !rel.empty() && *rel.begin() != "..";
}

fs::path installedDataDir() { return (executablePath().parent_path() / kDataFromBin).lexically_normal(); }

}  // namespace

fs::path executablePath() {
    std::error_code ec;
    const fs::path self = fs::canonical("/proc/self/exe", ec);
    return ec ? fs::path() : self;
}

std::optional<fs::path> sourceTreeOfBuild() {
    std::error_code ec;
    const fs::path build = fs::weakly_canonical(kBuildTree, ec);
    if (ec || !isInside(executablePath(), build)) return std::nullopt;
    if (!fs::is_directory(kSourceTree, ec)) return std::nullopt;
    return fs::path(kSourceTree);
}

fs::path dataDir() {
    const fs::path installed = installedDataDir();
    std::error_code ec;
    if (fs::is_directory(installed / "cases", ec)) return installed;
    if (const auto source = sourceTreeOfBuild()) return *source;
    return installed;
}

fs::path bundledCasesDir() {
    if (const char* env = std::getenv("PLYJUDGE_CASES"); env && *env) return env;
    return dataDir() / "cases";
}

}  // namespace plyjudge
