// What the referee's tests share: scripted players (players/scripted_player.py) and one game played in a
// temporary directory, with the check that no process of either player survives it.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "referee/game.hpp"

namespace plyjudge::referee::test {

// The system's interpreter: a version manager's shim can take a second to start (and is unreachable by the
// sandbox's user when the tests run as root).
std::string python();
std::string scriptedPlayerPath();

// `python3 referee/test/players/SCRIPT args...` as player NAME, its folder readable in the sandbox.
PlayerSpec pythonPlayer(const std::string& name, const std::string& script, std::vector<std::string> args);

// `scripted_player.py [options...] NAME actions...`
PlayerSpec scripted(const std::string& name, std::vector<std::string> actions, std::vector<std::string> options = {});

struct Played {
    GameResult result;
    std::string history;
    std::string record;   // game_record.txt
    std::filesystem::path dir;  // the game directory (removed with the test's temporary folder)
    std::vector<int> survivors;
};

// Plays x (first) against o in a fresh directory; `adjust` may change the options before the game (the
// protocol is fast unless it says otherwise). The directory is kept until the test program ends.
Played play(PlayerSpec x, PlayerSpec o, double timeLimit = 3.0, std::optional<double> cpuLimit = std::nullopt, bool polling = false,
            const std::function<void(GameOptions&)>& adjust = {});

// The course profile with a short pause (0.2 s) and the default read delay and start-up grace.
void courseWithShortPause(GameOptions& options);

}  // namespace plyjudge::referee::test
