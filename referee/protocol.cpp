#include "referee/protocol.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <sstream>

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

std::string courseEndingMoveText(const std::string& mover, const std::optional<std::string>& read) {
    if (!read) return fmt::format("{} ` -1\n", mover);
    std::istringstream words(read->substr(0, read->find('\n')));
    std::string name, column, row;
    const bool numericRow = words >> name >> column >> row && !row.empty() && row.size() <= 9 &&
                            std::all_of(row.begin(), row.end(), [](unsigned char c) { return std::isdigit(c); });
    if (!numericRow || column.size() != 1) return "None ` -1\n";
    return fmt::format("{} {} {}\n", name, static_cast<char>(std::tolower(static_cast<unsigned char>(column[0]))), std::stoi(row));
}

}  // namespace plyjudge::referee
