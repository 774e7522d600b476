#include "cli/command_line.hpp"

#include <iostream>

#include "cli/exit_codes.hpp"
#include "common/escaping.hpp"

namespace plyjudge::cli {

CommandLine::CommandLine(std::string command, std::string usage, std::string about)
    : command_(std::move(command)), usage_(std::move(usage)), about_(std::move(about)) {
    options_.add_options()("help,h", "show this help and exit");
}

std::optional<po::variables_map> CommandLine::parse(const std::vector<std::string>& args) {
    po::options_description all;
    all.add(options_).add(hidden_);
    po::variables_map vm;
    try {
        po::store(po::command_line_parser(args).options(all).positional(positional_).run(), vm);
        if (vm.count("help")) {
            printHelp(std::cout);
            return std::nullopt;
        }
        po::notify(vm);
    } catch (const po::error& e) {
        throw UsageError(e.what());
    }
    return vm;
}

int CommandLine::usageError(const std::string& message) const {
    error(message);
    std::cerr << "usage: plyjudge " << usage_ << "\n(plyjudge " << command_ << " --help for more)\n";
    return kExitUsage;
}

void CommandLine::error(const std::string& message) const {
    // A message may name a student's folder or quote a program: no control character reaches the terminal raw.
    std::cerr << "plyjudge " << command_ << ": " << terminalSafe(message, TextLines::Many) << "\n";
}

void CommandLine::printHelp(std::ostream& out) const {
    out << "usage: plyjudge " << usage_ << "\n\n" << about_ << "\n\n" << options_ << "\n";
}

}  // namespace plyjudge::cli
