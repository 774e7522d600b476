#include "referee/test/play_support.hpp"

#include <dirent.h>
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <thread>

#include "testsupport/temp_dir.hpp"

namespace plyjudge::referee::test {

namespace fs = std::filesystem;
using plyjudge::testing::readFile;

std::string python() { return fs::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3"; }

std::string scriptedPlayerPath() { return std::string(PLYJUDGE_SOURCE_DIR) + "/referee/test/players/scripted_player.py"; }

PlayerSpec pythonPlayer(const std::string& name, const std::string& script, std::vector<std::string> args) {
    const fs::path path = fs::path(PLYJUDGE_SOURCE_DIR) / "referee/test/players" / script;
    PlayerSpec spec{name, {python(), path.string()}, {path.parent_path()}, "", ""};
    for (auto& a : args) spec.argv.push_back(std::move(a));
    return spec;
}

PlayerSpec scripted(const std::string& name, std::vector<std::string> actions, std::vector<std::string> options) {
    options.push_back(name);
    for (auto& a : actions) options.push_back(std::move(a));
    return pythonPlayer(name, "scripted_player.py", std::move(options));
}

namespace {
// Processes whose working directory is inside dir (a player's tree, forked children included).
std::vector<int> processesIn(const fs::path& dir) {
    std::vector<int> found;
    const std::string prefix = fs::weakly_canonical(dir).string();
    DIR* proc = opendir("/proc");
    while (dirent* e = readdir(proc)) {
        const int pid = std::atoi(e->d_name);
        if (pid <= 0) continue;
        std::error_code ec;
        const fs::path cwd = fs::read_symlink(fs::path("/proc") / e->d_name / "cwd", ec);
        if (!ec && cwd.string().rfind(prefix, 0) == 0) found.push_back(pid);
    }
    closedir(proc);
    return found;
}
}  // namespace

Played play(PlayerSpec x, PlayerSpec o, double timeLimit, std::optional<double> cpuLimit, bool polling,
            const std::function<void(GameOptions&)>& adjust) {
    static std::vector<std::unique_ptr<TempDir>> temps;  // kept until the test program ends, for inspection
    temps.push_back(std::make_unique<TempDir>());
    GameOptions options;
    options.players[0] = std::move(x);
    options.players[1] = std::move(o);
    options.dir = *temps.back() / "game";
    options.timeLimitSeconds = timeLimit;
    options.cpuLimitSeconds = cpuLimit;
    options.forcePolling = polling;
    options.protocol = Protocol::Fast;
    options.timing = defaultTiming(Protocol::Fast);
    if (adjust) adjust(options);
    Played p;
    p.dir = options.dir;
    p.result = playGame(options);
    p.history = readFile(options.dir / "history_file");
    p.record = readFile(options.dir / "game_record.txt");
    EXPECT_EQ(readFile(options.dir / "end_game"), p.result.endLine);
    for (int i = 0; i < 50; ++i) {  // killed processes may take a moment to disappear from /proc
        p.survivors = processesIn(options.dir);
        if (p.survivors.empty()) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    EXPECT_TRUE(p.survivors.empty()) << p.survivors.size() << " process(es) survived the game, e.g. pid " << p.survivors[0];
    return p;
}

void courseWithShortPause(GameOptions& options) {
    options.protocol = Protocol::Course;
    options.timing = defaultTiming(Protocol::Course);
    options.timing.pauseSeconds = 0.2;
}

}  // namespace plyjudge::referee::test
