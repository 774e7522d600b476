#include "referee/tournament/game_results_store.hpp"

#include <set>

namespace plyjudge::referee {

namespace {
constexpr const char* kColumns =
    "key, stage, x, o, winner, reason, end_line, detail, moves, seconds, cpu_x, cpu_o, dir, opening, round, settings, move_list";

StoredGame rowOf(storage::Statement& s) {
    StoredGame g;
    g.key = s.columnText(0);
    g.stage = s.columnText(1);
    g.x = s.columnText(2);
    g.o = s.columnText(3);
    g.winner = s.columnText(4);
    g.reason = s.columnText(5);
    g.endLine = s.columnText(6);
    g.detail = s.columnText(7);
    g.moves = static_cast<int>(s.columnInt(8));
    g.seconds = s.columnDouble(9);
    g.cpuX = s.columnDouble(10);
    g.cpuO = s.columnDouble(11);
    g.dir = s.columnText(12);
    g.opening = s.columnText(13);
    g.round = static_cast<int>(s.columnInt(14));
    g.settings = s.columnText(15);
    g.moveList = s.columnText(16);
    return g;
}
}  // namespace

namespace {
const std::filesystem::path& withFolder(const std::filesystem::path& file) {
    std::error_code ec;
    std::filesystem::create_directories(file.parent_path(), ec);
    return file;
}
}  // namespace

GameResultsStore::GameResultsStore(const std::filesystem::path& file) : db_(withFolder(file)) {
    db_.exec(
        "CREATE TABLE IF NOT EXISTS games (id INTEGER PRIMARY KEY, key TEXT UNIQUE NOT NULL, stage TEXT NOT NULL, "
        "x TEXT NOT NULL, o TEXT NOT NULL, winner TEXT NOT NULL, reason TEXT NOT NULL, end_line TEXT NOT NULL, "
        "detail TEXT NOT NULL, moves INTEGER NOT NULL, seconds REAL NOT NULL, cpu_x REAL NOT NULL, cpu_o REAL NOT NULL, "
        "dir TEXT NOT NULL)");
    // Columns added with the resume key by names (older stores get them empty: their keys never match again).
    std::set<std::string> present;
    auto columns = db_.prepare("PRAGMA table_info(games)");
    while (columns.step()) present.insert(columns.columnText(1));
    for (const char* added : {"opening TEXT NOT NULL DEFAULT ''", "round INTEGER NOT NULL DEFAULT 1", "settings TEXT NOT NULL DEFAULT ''",
                              "move_list TEXT NOT NULL DEFAULT ''"}) {
        const std::string definition = added;
        if (!present.count(definition.substr(0, definition.find(' ')))) db_.exec("ALTER TABLE games ADD COLUMN " + definition);
    }
}

std::optional<StoredGame> GameResultsStore::find(const std::string& key) {
    std::lock_guard lock(mutex_);
    auto s = db_.prepare(std::string("SELECT ") + kColumns + " FROM games WHERE key = ?");
    s.bind(1, key);
    if (!s.step()) return std::nullopt;
    return rowOf(s);
}

void GameResultsStore::save(const StoredGame& g) {
    std::lock_guard lock(mutex_);
    auto s = db_.prepare(std::string("INSERT OR REPLACE INTO games (") + kColumns + ") VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
    s.bindAll(g.key, g.stage, g.x, g.o, g.winner, g.reason, g.endLine, g.detail, g.moves, g.seconds, g.cpuX, g.cpuO, g.dir, g.opening,
              g.round, g.settings, g.moveList);
    s.run();
}

std::vector<StoredGame> GameResultsStore::all() {
    std::lock_guard lock(mutex_);
    auto s = db_.prepare(std::string("SELECT ") + kColumns + " FROM games ORDER BY id");
    std::vector<StoredGame> games;
    while (s.step()) games.push_back(rowOf(s));
    return games;
}

}  // namespace plyjudge::referee
