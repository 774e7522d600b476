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
        static const std::set<std::string> known = {"format", "time_limit", "cpu_limit", "rounds", "points", "output",
                                                    "isolation", "challenger", "groups", "players", "protocol", "read_delay",
                                                    "pause", "startup_grace", "full_grace"};
        for (const auto& entry : root) {
            if (!known.count(entry.first.as<std::string>())) fail(path, fmt::format("unknown key `{}`", entry.first.as<std::string>()));
        }
        const std::string format = root["format"] ? root["format"].as<std::string>() : "round-robin";
        if (format == "round-robin") c.format = TournamentFormat::RoundRobin;
        else if (format == "gauntlet") c.format = TournamentFormat::Gauntlet;
        else if (format == "world-cup") c.format = TournamentFormat::WorldCup;
        else fail(path, fmt::format("format `{}`: expected round-robin, gauntlet or world-cup", format));
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
        c.output = root["output"] ? base / root["output"].as<std::string>() : base / path.stem();
        if (root["isolation"]) c.isolate = root["isolation"].as<bool>();
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
        if (!root["players"] || !root["players"].IsSequence()) fail(path, "expected a list `players` of {name, command}");
        std::set<std::string> names;
        for (const auto& p : root["players"]) {
            if (!p["name"] || !p["command"]) fail(path, "every player needs `name` and `command`");
            PlayerSpec spec;
            try {
                spec = makePlayerSpec(p["name"].as<std::string>(), p["command"].as<std::string>(), base);
                if (p["cwd"]) spec.cwd = checkedWorkSubdir(p["cwd"].as<std::string>());
            } catch (const std::invalid_argument& e) {
                fail(path, e.what());
            }
            if (!names.insert(spec.name).second) fail(path, fmt::format("two players are called {}", spec.name));
            c.players.push_back(std::move(spec));
        }
        if (c.players.size() < 2) fail(path, "a tournament needs at least two players");
        if (root["challenger"]) c.challenger = root["challenger"].as<std::string>();
        if (c.format == TournamentFormat::Gauntlet && !names.count(c.challenger)) {
            fail(path, "a gauntlet needs `challenger:` naming one of the players");
        }
        if (const auto g = root["groups"]) {
            std::set<std::string> seen;
            for (const auto& group : g) {
                std::vector<std::string> members;
                for (const auto& m : group) {
                    const std::string name = m.as<std::string>();
                    if (!names.count(name)) fail(path, fmt::format("groups: no player called {}", name));
                    if (!seen.insert(name).second) fail(path, fmt::format("groups: {} is in two groups", name));
                    members.push_back(name);
                }
                if (members.size() < 2) fail(path, "groups: every group needs at least two players");
                c.groups.push_back(std::move(members));
            }
            if (seen.size() != names.size()) fail(path, "groups: every player must be in exactly one group");
        }
    } catch (const YAML::Exception& e) {
        fail(path, e.what());
    }
    return c;
}

}  // namespace plyjudge::referee
