#include "referee/gomocup_protocol.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>

namespace plyjudge::referee::gomocup {

std::string coordinates(gomoku4341::Point p) { return fmt::format("{},{}", p.column, p.row); }

std::vector<std::string> infoCommands(double timeLimitSeconds, std::uint64_t memoryBytes) {
    // The referee ends the turn at the limit, with no tolerance (Gomocup's manager has one): the engine is told the limit
    // less a margin for its start, the pipes and a loaded machine (a fifth, at least 0.5 s). Rapfi, told the whole 5 s,
    // answered its first move too late.
    const long long limitMs = static_cast<long long>(timeLimitSeconds * 1000);
    const long long turnMs = std::max(100LL, limitMs - std::max(500LL, limitMs / 5));
    // At most 113 moves each on 225 points: the whole game's time if every move takes the limit.
    // Three quarters of the sandbox's limit: an engine sizes its hash table to max_memory (Rapfi, told the whole 2 GiB,
    // was killed at the limit by its own code and tables around it).
    return {fmt::format("INFO timeout_turn {}", turnMs), fmt::format("INFO timeout_match {}", limitMs * 113),
            fmt::format("INFO max_memory {}", memoryBytes / 4 * 3), "INFO game_type 0", "INFO rule 0"};
}

std::string boardLine(gomoku4341::Point p, bool own) { return fmt::format("{},{}", coordinates(p), own ? 1 : 2); }

namespace {
bool startsWithWord(std::string_view line, std::string_view word) {
    return line.starts_with(word) && (line.size() == word.size() || line[word.size()] == ' ');
}
std::string_view trimmed(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}
}  // namespace

LineKind kindOf(std::string_view raw) {
    const std::string_view line = trimmed(raw);
    if (line.empty()) return LineKind::Chatter;
    for (const std::string_view word : {"MESSAGE", "DEBUG", "SUGGEST"}) {
        if (startsWithWord(line, word)) return LineKind::Chatter;
    }
    if (line == "OK") return LineKind::Ok;
    if (startsWithWord(line, "ERROR") || startsWithWord(line, "UNKNOWN")) return LineKind::Refusal;
    return LineKind::Answer;
}

std::optional<gomoku4341::Point> parseMove(std::string_view raw, std::string& why) {
    const std::string_view line = trimmed(raw);
    const auto comma = line.find(',');
    if (comma == std::string_view::npos) {
        why = "not `x,y`";
        return std::nullopt;
    }
    int xy[2];
    const std::string_view parts[2] = {trimmed(line.substr(0, comma)), trimmed(line.substr(comma + 1))};
    for (int i = 0; i < 2; ++i) {
        const auto [end, error] = std::from_chars(parts[i].data(), parts[i].data() + parts[i].size(), xy[i]);
        if (error != std::errc{} || end != parts[i].data() + parts[i].size() || parts[i].empty()) {
            why = "not `x,y` with two whole numbers";
            return std::nullopt;
        }
    }
    if (xy[0] < 0 || xy[0] >= gomoku4341::kSize || xy[1] < 0 || xy[1] >= gomoku4341::kSize) {
        why = fmt::format("off the board (x and y are 0 to {})", gomoku4341::kSize - 1);
        return std::nullopt;
    }
    return gomoku4341::Point{xy[0], xy[1]};
}

}  // namespace plyjudge::referee::gomocup
