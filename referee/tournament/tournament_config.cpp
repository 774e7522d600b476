#include "referee/tournament/tournament_config.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <set>
#include <stdexcept>

#include "referee/player_spec.hpp"
#include "referee/tournament/tournament_formats.hpp"

namespace plyjudge::referee {

namespace fs = std::filesystem;

namespace {
[[noreturn]] void fail(const fs::path& path, const std::string& message) {
    throw std::invalid_argument(fmt::format("{}: {}", path.string(), message));
}

void checkKeys(const YAML::Node& root, const fs::path& path) {
    static const std::set<std::string> known = {"format", "time_limit", "cpu_limit", "rounds", "points", "output",
                                                "isolation", "challenger", "groups", "players", "protocol", "read_delay",
                                                "pause", "startup_grace", "full_grace", "memory_limit", "openings", "sprt"};
    for (const auto& entry : root) {
        if (!known.count(entry.first.as<std::string>())) fail(path, fmt::format("unknown key `{}`", entry.first.as<std::string>()));
    }
}

TournamentFormat formatOf(const YAML::Node& root, const fs::path& path) {
    const std::string format = root["format"] ? root["format"].as<std::string>() : "round-robin";
    if (const FormatEntry* entry = findTournamentFormat(format)) return entry->format;
    fail(path, fmt::format("format `{}`: expected {}", format, tournamentFormatNames()));
}

// memory_limit in MiB (a tournament's or a player's).
std::uint64_t memoryOf(const YAML::Node& node, const fs::path& path) {
    const double mib = node.as<double>();
    if (!(mib >= 16 && mib <= 1 << 20)) fail(path, "memory_limit must be 16 to 1048576 MiB");
    return static_cast<std::uint64_t>(mib * 1024 * 1024);
}

// openings: {file: BOOK} or {generate: N, stones, seed, radius, max_imbalance}.
void readOpenings(const YAML::Node& node, const fs::path& path, const fs::path& base, TournamentConfig& c) {
    if (!node.IsMap()) fail(path, "openings: expected {file: BOOK} or {generate: N, ...}");
    for (const auto& entry : node) {
        static const std::set<std::string> known = {"file", "generate", "stones", "seed", "radius", "max_imbalance"};
        if (!known.count(entry.first.as<std::string>())) fail(path, fmt::format("openings: unknown key `{}`", entry.first.as<std::string>()));
    }
    try {
        if (node["file"]) {
            const fs::path book = base / node["file"].as<std::string>();
            c.openings = loadOpeningBook(book);
            c.openingsSource = "book " + book.string();
            return;
        }
        if (!node["generate"]) fail(path, "openings: expected `file:` or `generate:`");
        OpeningGenerator g;
        g.count = node["generate"].as<int>();
        if (node["stones"]) g.stones = node["stones"].as<int>();
        if (node["seed"]) g.seed = node["seed"].as<std::uint64_t>();
        if (node["radius"]) g.radius = node["radius"].as<int>();
        if (node["max_imbalance"]) g.maxImbalance = node["max_imbalance"].as<int>();
        c.openings = generateOpenings(g);
        c.openingsSource = fmt::format("generated ({} of {} stones within {} of H8, |evaluation| <= {}, seed {})", g.count, g.stones,
                                       g.radius, g.maxImbalance, g.seed);
    } catch (const std::invalid_argument& e) {
        fail(path, e.what());
    }
}

// sprt: {elo0, elo1, alpha, beta, max_games}.
void readSprt(const YAML::Node& node, const fs::path& path, TournamentConfig& c) {
    SprtSettings& s = c.sprt;
    if (node["elo0"]) s.elo0 = node["elo0"].as<double>();
    if (node["elo1"]) s.elo1 = node["elo1"].as<double>();
    if (node["alpha"]) s.alpha = node["alpha"].as<double>();
    if (node["beta"]) s.beta = node["beta"].as<double>();
    if (node["max_games"]) s.maxGames = node["max_games"].as<int>();
    if (!(s.elo0 < s.elo1)) fail(path, "sprt: elo0 must be below elo1");
    if (!(s.alpha > 0 && s.beta > 0 && s.alpha + s.beta < 1)) fail(path, "sprt: alpha and beta must be positive, their sum below 1");
    if (s.maxGames < 2) fail(path, "sprt: max_games must be at least 2");
    if (c.players.size() != 2) fail(path, "format sprt: exactly two players (the first is tested against the second)");
}

// time_limit, cpu_limit, rounds and points.
void readLimitsAndPoints(const YAML::Node& root, const fs::path& path, TournamentConfig& c) {
    if (root["time_limit"]) c.timeLimitSeconds = root["time_limit"].as<double>();
    if (!(c.timeLimitSeconds > 0)) fail(path, "time_limit must be positive");
    if (root["cpu_limit"]) c.cpuLimitSeconds = root["cpu_limit"].as<double>();
    if (root["rounds"]) c.rounds = root["rounds"].as<int>();
    if (c.rounds < 1) fail(path, "rounds must be at least 1");
    if (const auto p = root["points"]) {
        if (p["win"]) c.winPoints = p["win"].as<int>();
        if (p["draw"]) c.drawPoints = p["draw"].as<int>();
        if (p["loss"]) c.lossPoints = p["loss"].as<int>();
    }
}

// protocol, and its delays (the protocol's own unless given).
void readProtocol(const YAML::Node& root, const fs::path& path, TournamentConfig& c) {
    if (root["protocol"]) {
        const auto protocol = parseProtocol(root["protocol"].as<std::string>());
        if (!protocol) fail(path, "protocol: expected course or fast");
        c.protocol = *protocol;
    }
    c.timing = defaultTiming(c.protocol);
    const auto seconds = [&](const char* key, double& into) {
        if (!root[key]) return;
        into = root[key].as<double>();
        if (!(into >= 0)) fail(path, fmt::format("{} must be zero or more seconds", key));
    };
    seconds("read_delay", c.timing.readDelaySeconds);
    seconds("pause", c.timing.pauseSeconds);
    seconds("startup_grace", c.timing.startupGraceSeconds);
    if (root["full_grace"]) c.timing.fullStartupGrace = root["full_grace"].as<bool>();
}

// players: at least two, of different names; commands relative to the file's folder.
std::vector<PlayerSpec> playersOf(const YAML::Node& root, const fs::path& path, const fs::path& base) {
    if (!root["players"] || !root["players"].IsSequence()) fail(path, "expected a list `players` of {name, command}");
    std::vector<PlayerSpec> players;
    std::set<std::string> names;
    for (const auto& p : root["players"]) {
        if (!p["name"] || !p["command"]) fail(path, "every player needs `name` and `command`");
        PlayerSpec spec;
        try {
            spec = makePlayerSpec(p["name"].as<std::string>(), p["command"].as<std::string>(), base);
            if (p["cwd"]) spec.cwd = checkedWorkSubdir(p["cwd"].as<std::string>());
            if (p["protocol"]) spec.protocol = parsePlayerProtocol(p["protocol"].as<std::string>());
            if (p["time_limit"]) {
                spec.timeLimitSeconds = p["time_limit"].as<double>();
                if (!(*spec.timeLimitSeconds > 0)) fail(path, fmt::format("{}: time_limit must be positive", spec.name));
            }
            if (p["memory_limit"]) spec.memoryBytes = memoryOf(p["memory_limit"], path);
        } catch (const std::invalid_argument& e) {
            fail(path, e.what());
        }
        if (!names.insert(spec.name).second) fail(path, fmt::format("two players are called {}", spec.name));
        players.push_back(std::move(spec));
    }
    if (players.size() < 2) fail(path, "a tournament needs at least two players");
    return players;
}

// groups (world-cup): every player in exactly one group of at least two.
std::vector<std::vector<std::string>> groupsOf(const YAML::Node& groups, const fs::path& path, const std::set<std::string>& names) {
    std::vector<std::vector<std::string>> result;
    std::set<std::string> seen;
    for (const auto& group : groups) {
        std::vector<std::string> members;
        for (const auto& m : group) {
            const std::string name = m.as<std::string>();
            if (!names.count(name)) fail(path, fmt::format("groups: no player called {}", name));
            if (!seen.insert(name).second) fail(path, fmt::format("groups: {} is in two groups", name));
            members.push_back(name);
        }
        if (members.size() < 2) fail(path, "groups: every group needs at least two players");
        result.push_back(std::move(members));
    }
    if (seen.size() != names.size()) fail(path, "groups: every player must be in exactly one group");
    return result;
}

}  // namespace

TournamentConfig loadTournamentConfig(const fs::path& path) {
    YAML::Node root;
    try {
        root = YAML::LoadFile(path.string());
    } catch (const YAML::Exception& e) {
        fail(path, e.what());
    }
    if (!root.IsMap()) fail(path, "expected a mapping with `format` and `players`");
    const fs::path base = fs::absolute(path).parent_path();
    TournamentConfig c;
    try {
        checkKeys(root, path);
        c.format = formatOf(root, path);
        readLimitsAndPoints(root, path, c);
        c.output = root["output"] ? base / root["output"].as<std::string>() : base / path.stem();
        if (root["isolation"]) c.isolate = root["isolation"].as<bool>();
        readProtocol(root, path, c);
        c.players = playersOf(root, path, base);
        std::set<std::string> names;
        for (const PlayerSpec& p : c.players) names.insert(p.name);
        if (root["challenger"]) c.challenger = root["challenger"].as<std::string>();
        if (c.format == TournamentFormat::Gauntlet && !names.count(c.challenger)) {
            fail(path, "a gauntlet needs `challenger:` naming one of the players");
        }
        if (const auto g = root["groups"]) c.groups = groupsOf(g, path, names);
        if (root["memory_limit"]) c.memoryBytes = memoryOf(root["memory_limit"], path);
        if (root["openings"]) readOpenings(root["openings"], path, base, c);
        if (c.format == TournamentFormat::Sprt) readSprt(root["sprt"] ? root["sprt"] : YAML::Node(YAML::NodeType::Map), path, c);
        else if (root["sprt"]) fail(path, "`sprt:` needs format: sprt");
    } catch (const YAML::Exception& e) {
        fail(path, e.what());
    }
    return c;
}

}  // namespace plyjudge::referee

namespace plyjudge::referee {

namespace {
std::string playerSettings(const PlayerSpec& p) {
    std::string argv;
    for (const std::string& w : p.argv) argv += fmt::format("[{}]", w);
    return fmt::format("command={} cwd={} time_limit={} memory_limit={}", argv, p.cwd.string(),
                       p.timeLimitSeconds ? fmt::format("{}", *p.timeLimitSeconds) : "-",
                       p.memoryBytes ? fmt::format("{}", *p.memoryBytes) : "-");
}
}  // namespace

std::string gameSettingsText(const TournamentConfig& c, const PlayerSpec& x, const PlayerSpec& o) {
    return fmt::format("time_limit={}; cpu_limit={}; memory_limit={}; isolation={}; protocol={}; read_delay={}; pause={}; "
                       "startup_grace={}; full_grace={}; X {}; O {}",
                       c.timeLimitSeconds, c.cpuLimitSeconds ? fmt::format("{}", *c.cpuLimitSeconds) : "-", c.memoryBytes,
                       c.isolate, protocolName(c.protocol), c.timing.readDelaySeconds, c.timing.pauseSeconds,
                       c.timing.startupGraceSeconds, c.timing.fullStartupGrace, playerSettings(x), playerSettings(o));
}

}  // namespace plyjudge::referee
