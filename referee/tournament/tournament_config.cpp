#include "referee/tournament/tournament_config.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <set>
#include <stdexcept>

#include "referee/player_spec.hpp"

namespace plyjudge::referee {

namespace fs = std::filesystem;

namespace {
[[noreturn]] void fail(const fs::path& path, const std::string& message) {
    throw std::invalid_argument(fmt::format("{}: {}", path.string(), message));
}

void checkKeys(const YAML::Node& root, const fs::path& path) {
    static const std::set<std::string> known = {"format", "time_limit", "cpu_limit", "rounds", "points", "output",
                                                "isolation", "challenger", "groups", "players", "protocol", "read_delay",
                                                "pause", "startup_grace", "full_grace"};
    for (const auto& entry : root) {
        if (!known.count(entry.first.as<std::string>())) fail(path, fmt::format("unknown key `{}`", entry.first.as<std::string>()));
    }
}

TournamentFormat formatOf(const YAML::Node& root, const fs::path& path) {
    const std::string format = root["format"] ? root["format"].as<std::string>() : "round-robin";
    if (format == "round-robin") return TournamentFormat::RoundRobin;
    if (format == "gauntlet") return TournamentFormat::Gauntlet;
    if (format == "world-cup") return TournamentFormat::WorldCup;
    fail(path, fmt::format("format `{}`: expected round-robin, gauntlet or world-cup", format));
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
    } catch (const YAML::Exception& e) {
        fail(path, e.what());
    }
    return c;
}

}  // namespace plyjudge::referee
