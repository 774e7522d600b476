// plyjudge: one program, many subcommands (see commands.def).
#include <algorithm>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "cli/command.hpp"
#include "cli/exit_codes.hpp"
#include "common/version.hpp"
#include "referee/game_record.hpp"
#include "reports/game_replay_html.hpp"

namespace plyjudge::cli {

#define PLYJUDGE_COMMAND(name, function, summary) int function(const std::vector<std::string>& args);
#include "cli/commands.def"
#undef PLYJUDGE_COMMAND

const std::vector<Command>& allCommands() {
    static const std::vector<Command> commands = {
#define PLYJUDGE_COMMAND(name, function, summary) {name, summary, function},
#include "cli/commands.def"
#undef PLYJUDGE_COMMAND
    };
    return commands;
}

namespace {
void printUsage(std::ostream& out) {
    out << "usage: plyjudge COMMAND [ARGS...]\n"
           "       plyjudge COMMAND --help\n"
           "       plyjudge --version\n\n"
           "Grades and stress-tests programs for adversarial-search assignments.\n\ncommands:\n";
    for (const Command& c : allCommands()) {
        std::size_t width = 0;
        for (const Command& other : allCommands()) width = std::max(width, other.name.size());
        out << "  " << c.name << std::string(width + 2 - c.name.size(), ' ') << c.summary << "\n";
    }
    out << "\nexit status: 0 done/passed, 1 failures found or I/O error, 2 bad usage, bad input or judge error\n";
}
}  // namespace

}  // namespace plyjudge::cli

int main(int argc, char** argv) {
    using namespace plyjudge;
    std::ios::sync_with_stdio(false);
    referee::setRecordCompanion(&reports::writeGameReplayPage);  // replay.html beside every game record
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty()) {
        cli::printUsage(std::cerr);
        return kExitUsage;
    }
    const std::string name = args.front();
    if (name == "--version" || name == "-V") {
        std::cout << versionString() << "\n";
        return kExitOk;
    }
    if (name == "--help" || name == "-h" || name == "help") {
        if (name == "help" && args.size() > 1) {
            args = {args[1], "--help"};
        } else {
            cli::printUsage(std::cout);
            return kExitOk;
        }
    }
    for (const cli::Command& c : cli::allCommands()) {
        if (c.name == args.front()) {
            try {
                return c.run(std::vector<std::string>(args.begin() + 1, args.end()));
            } catch (const std::exception& e) {
                std::cerr << "plyjudge " << c.name << ": internal error: " << e.what() << "\n";
                return kExitUsage;
            }
        }
    }
    std::cerr << "plyjudge: unknown command '" << args.front() << "'\n\n";
    cli::printUsage(std::cerr);
    return kExitUsage;
}
