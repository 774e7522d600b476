#include "referee/protocol.hpp"

#include <fmt/format.h>

#include <cctype>

namespace plyjudge::referee {

std::string_view protocolName(Protocol protocol) { return protocol == Protocol::Course ? "course" : "fast"; }

std::optional<Protocol> parseProtocol(std::string_view name) {
    if (name == "course") return Protocol::Course;
    if (name == "fast") return Protocol::Fast;
    return std::nullopt;
}

ProtocolTiming defaultTiming(Protocol protocol) {
    if (protocol == Protocol::Course) return {};
    return {0.0, 0.0, 0.0, false};
}

std::string writeBackText(Protocol protocol, const std::string& name, gomoku4341::Point point) {
    if (protocol == Protocol::Fast) return fmt::format("{} {}", name, gomoku4341::pointText(point));
    // The course referee's Move.__str__: the column as chr(x + ord('a')), the row as a number, then "\n".
    return fmt::format("{} {} {}\n", name, static_cast<char>('a' + point.column), point.row + 1);
}

}  // namespace plyjudge::referee
