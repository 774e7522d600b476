// One table from a format's name to its schedule (as cutechess-cli's tournament types: a format is a small
// class and one line of the table). A format decides which games are played, in stages, through the runner,
// and returns the final placements (empty when the standings are the result).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "referee/tournament/tournament_config.hpp"

namespace plyjudge::referee {

class TournamentRunner;

class FormatSchedule {
public:
    virtual ~FormatSchedule() = default;
    virtual std::vector<std::string> run(TournamentRunner& runner) const = 0;
};

struct FormatEntry {
    std::string_view name;         // as written in `format:`
    TournamentFormat format;
    std::string_view description;  // for --help and docs
    std::unique_ptr<FormatSchedule> (*make)();
};

const std::vector<FormatEntry>& tournamentFormats();
const FormatEntry* findTournamentFormat(std::string_view name);
const FormatEntry& formatEntry(TournamentFormat format);
std::string tournamentFormatNames();  // "round-robin, gauntlet, world-cup or sprt"

}  // namespace plyjudge::referee
