// A real public Gomocup engine against the reference player, under the course's board and win condition. The engine
// is built from sources kept outside this repository (never copied into it): PLYJUDGE_GOMOCUP_ENGINE_SRC names the
// folder (e.g. a clone of https://github.com/dhbloo/rapfi). Without it, or without the tools to build it, the test
// skips and says how to provide it (CI has no network).
#include <gtest/gtest.h>

#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <functional>
#include <iostream>

#include "referee/player_spec.hpp"
#include "referee/test/play_support.hpp"
#include "testsupport/run_command.hpp"

namespace plyjudge::referee {
namespace {

namespace fs = std::filesystem;

bool inside(const fs::path& path, const fs::path& folder) {
    const std::string p = fs::weakly_canonical(path).string() + "/", f = fs::weakly_canonical(folder).string() + "/";
    return p.starts_with(f);
}

// The CMake project in `src` (at its top or in one folder below it, as Rapfi's `Rapfi/`), built Release into a cache
// outside the repository (rebuilt incrementally on later runs), or make in a copy; the path of its pbrain-* program.
fs::path buildEngine(const fs::path& src, std::string& log) {
    const char* tmp = std::getenv("TMPDIR");
    const fs::path cache = fs::path(tmp && *tmp ? tmp : "/tmp") / "plyjudge-gomocup-engine" / fs::weakly_canonical(src).filename();
    fs::create_directories(cache);
    for (fs::path p = cache; p != p.parent_path() && p.string().size() > 4; p = p.parent_path()) ::chmod(p.c_str(), 0755);
    fs::path project;
    for (const fs::path& candidate : {src, src / fs::weakly_canonical(src).filename(), src / "Rapfi", src / "src"}) {
        if (project.empty() && fs::exists(candidate / "CMakeLists.txt")) project = candidate;
    }
    std::string command;
    if (!project.empty()) {
        command = fmt::format("cmake -S '{}' -B '{}/build' -DCMAKE_BUILD_TYPE=Release >/dev/null && cmake --build '{}/build' -j2",
                              project.string(), cache.string(), cache.string());
    } else if (fs::exists(src / "Makefile")) {
        command = fmt::format("rm -rf '{0}/copy' && cp -r '{1}' '{0}/copy' && make -C '{0}/copy' -j2", cache.string(), src.string());
    } else {
        log = "no CMakeLists.txt or Makefile in " + src.string();
        return {};
    }
    const testing::CommandRun run = testing::runShell(command + " 2>&1 | tail -20");
    log = run.output;
    for (const auto& entry : fs::recursive_directory_iterator(cache, fs::directory_options::skip_permission_denied)) {
        const std::string name = entry.path().filename().string();
        if (entry.is_regular_file() && name.starts_with("pbrain-") && ::access(entry.path().c_str(), X_OK) == 0) return entry.path();
    }
    return {};
}

TEST(GomocupRealEngine, BuiltFromItsSourcesItPlaysTheReferencePlayerToTheEnd) {
    const char* src = std::getenv("PLYJUDGE_GOMOCUP_ENGINE_SRC");
    if (!src || !*src) {
        GTEST_SKIP() << "no public Gomocup engine given: set PLYJUDGE_GOMOCUP_ENGINE_SRC to its sources, kept outside this "
                        "repository (e.g. git clone https://github.com/dhbloo/rapfi /tmp/rapfi), to build it and play it";
    }
    ASSERT_FALSE(inside(src, PLYJUDGE_SOURCE_DIR)) << "the engine's sources must stay outside the repository: " << src;
    if (testing::runShell("command -v cmake && command -v c++").status != 0) GTEST_SKIP() << "no cmake or c++ to build the engine";
    std::string log;
    const fs::path program = buildEngine(src, log);
    ASSERT_FALSE(program.empty()) << "no pbrain-* program was built from " << src << ":\n" << log;
    for (int game = 0; game < 2; ++game) {  // both colours
        PlayerSpec engine = makePlayerSpec("engine", program.string(), "/");  // its folder readable, as `referee` makes it
        engine.protocol = PlayerProtocol::Gomocup;
        PlayerSpec ref{"ref", {PLYJUDGE_BINARY, "play", "ref", "--move-time", "1", "--seed", std::to_string(game + 1)}, {}, "", ""};
        const test::Played p = game == 0 ? test::play(engine, ref, 5.0) : test::play(ref, engine, 5.0);
        const EndReason r = p.result.reason;
        EXPECT_TRUE(r == EndReason::FiveInARow || r == EndReason::BoardFull) << p.result.endLine << "\n" << p.result.detail << "\n" << p.record;
        EXPECT_GE(p.result.moves.size(), 9u) << p.record;
        std::cout << "game " << game + 1 << ": " << p.result.endLine << " (" << p.result.moves.size() << " moves)\n";
    }
}

}  // namespace
}  // namespace plyjudge::referee
