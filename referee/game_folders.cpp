// The game directory (the referee's: the record, the players' output) and in it one folder per player, its working
// directory and the only place it can write (player_process.cpp): a player never writes a file the other reads.
#include <fmt/format.h>

#include <stdexcept>

#include "referee/game.hpp"

namespace plyjudge::referee {

namespace fs = std::filesystem;

fs::path playerFolder(const GameOptions& options, int i) { return options.dir / kPlayersFolder / options.players[i].name; }

// Each player's folder is closed to other users (a root sandbox without bubblewrap runs each player under a uid of
// its own and hands it its folder); the referee's files in it are 0666 so that its player can rewrite them.
void prepareGameFolders(const GameOptions& o) {
    std::error_code ec;
    fs::create_directories(o.dir, ec);
    if (ec || !fs::is_directory(o.dir)) throw std::runtime_error(fmt::format("cannot create the game directory {}", o.dir.string()));
    if (!fs::is_empty(o.dir, ec)) throw std::runtime_error(fmt::format("the game directory {} is not empty", o.dir.string()));
    const auto open = fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec | fs::perms::others_read | fs::perms::others_exec;
    fs::permissions(o.dir, open, ec);
    fs::create_directory(o.dir / kPlayersFolder, ec);
    fs::permissions(o.dir / kPlayersFolder, open, ec);
    for (int i = 0; i < 2; ++i) {
        fs::path folder = playerFolder(o, i);
        fs::create_directory(folder, ec);
        fs::permissions(folder, fs::perms::owner_all, ec);
        for (const auto& part : o.players[i].cwd) {
            folder /= part;
            fs::create_directory(folder, ec);
        }
        if (!fs::is_directory(folder)) throw std::runtime_error(fmt::format("cannot create {}", folder.string()));
    }
}

}  // namespace plyjudge::referee
