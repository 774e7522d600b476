// Turn latency of the gomoku4341 referee: the time from a player's write of move_file to the moment
// the opponent sees its `.go` file, over full games (225 moves, a tie) between two instant players.
// The players are this program run as `bench_referee --instant-player NAME LOG` (inotify, no search);
// each logs CLOCK_REALTIME at its writes and at the sight of its `.go`, so the figure includes the
// opponent's own wake-up, i.e. it is what a player experiences. The original referee needs >1 s a turn.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <fstream>
#include <iostream>
#include <vector>

#include "bench/bench_support.hpp"
#include "referee/dir_watch.hpp"
#include "referee/game.hpp"

namespace fs = std::filesystem;
using namespace plyjudge;

namespace {

long long realtimeNs() {
    timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    return t.tv_sec * 1000000000LL + t.tv_nsec;
}

// Plays the tie pattern: X takes the first empty point with (column + 2 row) mod 4 < 2, O the others.
int instantPlayer(const std::string& name, const std::string& logFile) {
    using namespace gomoku4341;
    referee::DirectoryWatch watch(".");
    Board board;
    Stone me = Stone::Empty;
    bool moved = false;
    std::vector<std::pair<long long, long long>> turns;  // (saw .go, wrote)
    for (;;) {
        if (fs::exists("end_game")) break;
        if (fs::exists(name + ".go")) {
            const long long seen = realtimeNs();
            const std::string content = referee::readSmallFile("move_file");
            const auto line = splitMoveLine(content);
            if ((line && line->name != name) || (!moved && !line)) {
                if (line) {
                    if (me == Stone::Empty) me = Stone::O;
                    board.play(*parsePoint(line->column, line->row), other(me));
                }
                if (me == Stone::Empty) me = Stone::X;
                int cell = 0;
                for (; cell < kCells; ++cell) {
                    const Point p = Point::ofCell(cell);
                    if (board.at(cell) == Stone::Empty && (((p.column + 2 * p.row) % 4 < 2) == (me == Stone::X))) break;
                }
                if (cell == kCells) cell = 0;
                board.play(Point::ofCell(cell), me);
                moved = true;
                const long long wrote = realtimeNs();
                referee::replaceFile("move_file", fmt::format("{} {}\n", name, pointText(Point::ofCell(cell))));
                turns.emplace_back(seen, wrote);
                continue;
            }
        }
        watch.wait(std::chrono::milliseconds(100));
    }
    std::ofstream out(logFile);
    for (auto [seen, wrote] : turns) out << seen << " " << wrote << "\n";
    return 0;
}

std::vector<std::pair<long long, long long>> readLog(const fs::path& file) {
    std::vector<std::pair<long long, long long>> v;
    std::ifstream in(file);
    long long a, b;
    while (in >> a >> b) v.emplace_back(a, b);
    return v;
}

struct Figures {
    double median = 0, p90 = 0, max = 0;
    double refereeMedian = 0, refereeP90 = 0;  // the referee's own part: move read -> next .go written
    std::size_t turns = 0;
    std::string end;
};

Figures runGame(const std::string& self, const fs::path& dir, bool polling, bool isolate) {
    referee::GameOptions o;
    o.dir = dir / "game";
    o.players[0].name = "a";
    o.players[0].argv = {self, "--instant-player", "a", "a.log"};
    o.players[1].name = "b";
    o.players[1].argv = {self, "--instant-player", "b", "b.log"};
    o.timeLimitSeconds = 5;
    o.protocol = referee::Protocol::Fast;  // the handover latency itself (the course profile adds its measured delays)
    o.timing = referee::defaultTiming(referee::Protocol::Fast);
    o.forcePolling = polling;
    o.isolate = isolate;
    const referee::GameResult r = referee::playGame(o);
    // The players write their logs into the game directory (the only place a sandboxed player may write).
    const auto a = readLog(o.dir / "a.log"), b = readLog(o.dir / "b.log");
    std::vector<double> ms;
    // a's k-th write is followed by b's k-th sight; b's k-th write by a's (k+1)-th sight.
    for (std::size_t k = 0; k < a.size() && k < b.size(); ++k) ms.push_back((b[k].first - a[k].second) / 1e6);
    for (std::size_t k = 0; k + 1 < a.size() && k < b.size(); ++k) ms.push_back((a[k + 1].first - b[k].second) / 1e6);
    std::sort(ms.begin(), ms.end());
    Figures f;
    std::vector<double> own;
    for (std::size_t i = 0; i + 1 < r.moves.size(); ++i) own.push_back(r.moves[i].handoverSeconds * 1000);
    std::sort(own.begin(), own.end());
    if (!own.empty()) {
        f.refereeMedian = own[own.size() / 2];
        f.refereeP90 = own[own.size() * 9 / 10];
    }
    f.end = r.endLine;
    f.turns = ms.size();
    if (!ms.empty()) {
        f.median = ms[ms.size() / 2];
        f.p90 = ms[ms.size() * 9 / 10];
        f.max = ms.back();
    }
    return f;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc == 4 && std::strcmp(argv[1], "--instant-player") == 0) return instantPlayer(argv[2], argv[3]);
    const std::string self = fs::read_symlink("/proc/self/exe").string();
    const fs::path root = bench::scratchDir() / "referee";
    std::cout << "turn latency: a player's write -> the opponent sees its .go (end to end), and the referee's own part\n"
                 "(complete move read -> next .go written); milliseconds\n";
    std::cout << fmt::format("{:<30} {:>6} {:>10} {:>10} {:>10} {:>12} {:>12}  {}\n", "mode", "turns", "median", "p90", "max",
                             "referee med", "referee p90", "end");
    for (const auto& [name, polling, isolate] : {std::tuple{"inotify, bubblewrap", false, true},
                                                 std::tuple{"inotify, no isolation", false, false},
                                                 std::tuple{"mtime polling, no isolation", true, false}}) {
        for (int game = 0; game < 2; ++game) {
            std::error_code ec;
            fs::remove_all(root, ec);
            fs::create_directories(root);
            const Figures f = runGame(self, root, polling, isolate);
            std::cout << fmt::format("{:<30} {:>6} {:>10.3f} {:>10.3f} {:>10.3f} {:>12.3f} {:>12.3f}  {}\n", name, f.turns, f.median,
                                     f.p90, f.max, f.refereeMedian, f.refereeP90, f.end);
        }
    }
    return 0;
}
