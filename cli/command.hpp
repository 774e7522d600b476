// Subcommands of the single `plyjudge` program. Each lives in its own file as `int runX(args)` and is
// listed once in commands.def.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace plyjudge::cli {

// A subcommand receives its own arguments (argv after the subcommand name) and returns an exit status.
using CommandMain = int (*)(const std::vector<std::string>& args);

struct Command {
    std::string_view name;
    std::string_view summary;
    CommandMain run;
};

const std::vector<Command>& allCommands();

}  // namespace plyjudge::cli
